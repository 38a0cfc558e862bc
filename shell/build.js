'use strict';
// Builds the shell's browser entry and Node server into dist/.
const { buildShell } = require('@site/build-preset');

const started = Date.now();
buildShell({ rootDir: __dirname })
  .then(({ warnings }) => {
    for (const warning of warnings) console.warn(`warning: ${warning}`);
    console.log(`shell built (${Date.now() - started} ms)`);
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
