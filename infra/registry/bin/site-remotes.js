#!/usr/bin/env node
'use strict';
const { runCli } = require('../dist/cli.js');

runCli(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
