#!/usr/bin/env node
// @ts-check
'use strict';
// `npm run build`: builds every package that is missing or out of date (`--force` rebuilds all).
const { buildWhatIsMissing } = require('../src/builds');

buildWhatIsMissing({ log: (line) => console.log(line), force: process.argv.includes('--force') }).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
