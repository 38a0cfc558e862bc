#!/usr/bin/env node
'use strict';
// The development loop of the remote in the current folder (`npm run dev -w @site/remote-<team>`): rebuilds on save
// and has the locally running development shell serve the working copy. Ctrl-C stops it and takes the build back.
const path = require('node:path');
const { startRemoteDev } = require('../src/dev');

async function main() {
  const rootDir = process.cwd();
  const { team } = require(path.join(rootDir, 'remote.config.js'));
  const loop = await startRemoteDev({ team, rootDir });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    loop.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
