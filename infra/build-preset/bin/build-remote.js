#!/usr/bin/env node
'use strict';
// Builds the remote in the current folder from its `remote.config.js` (`{ team }`).
const path = require('node:path');
const { buildRemote } = require('../src');
const { remoteSizeReport, formatSizeReport } = require('../src/size-report');

async function main() {
  const rootDir = process.cwd();
  const config = require(path.join(rootDir, 'remote.config.js'));
  const started = Date.now();
  const { manifest, warnings, distDir } = await buildRemote({ ...config, rootDir });
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  const { team, version, sections } = manifest.site;
  console.log(`remote ${team} ${version}: ${sections.map((s) => s.name).join(', ')} (${Date.now() - started} ms)`);
  // What the team adds to a page, so a change in weight is seen at build time.
  console.log(formatSizeReport(`sizes of ${team}:`, remoteSizeReport(distDir)));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
