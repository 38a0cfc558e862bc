'use strict';
// Builds the shell's browser entry and Node server into dist/.
const path = require('node:path');
const { buildShell } = require('@site/build-preset');
const { shellSizeReport, formatSizeReport } = require('@site/build-preset/src/size-report');

const started = Date.now();
buildShell({ rootDir: __dirname })
  .then(({ warnings }) => {
    for (const warning of warnings) console.warn(`warning: ${warning}`);
    console.log(`shell built (${Date.now() - started} ms)`);
    // What the shell puts on every page and what it provides to remotes, so a change in weight is seen at build time.
    console.log(formatSizeReport('sizes of the shell:', shellSizeReport(path.join(__dirname, 'dist/browser'))));
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
