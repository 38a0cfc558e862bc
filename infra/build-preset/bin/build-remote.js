#!/usr/bin/env node
'use strict';
// Builds the remote in the current folder from its `remote.config.js` (`{ team }`).
const path = require('node:path');
const { buildRemote } = require('../src');

async function main() {
  const rootDir = process.cwd();
  const config = require(path.join(rootDir, 'remote.config.js'));
  const started = Date.now();
  const { manifest, warnings } = await buildRemote({ ...config, rootDir });
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  const { team, version, sections } = manifest.site;
  console.log(`remote ${team} ${version}: ${sections.map((s) => s.name).join(', ')} (${Date.now() - started} ms)`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
