#!/usr/bin/env node
// @ts-check
'use strict';
// Phone benchmark: starts the platform as `npm start` does (free ports, throw-away data), prints what each build
// adds to a page (JS and CSS per remote section, shared package and the shell), Lighthouse's mobile figures for the
// site's pages, and the bytes of script a second page view downloads for a few pairs of pages (repeat-visit.js).
// Figures only: nothing here passes or fails.
const path = require('node:path');
const { withBenchPlatform, runBench } = require('./bench-platform');
const { lighthouseFigures } = require('./lighthouse-bench');
const { remoteSizeReport, shellSizeReport, formatSizeReport } = require('../../build-preset/src/size-report');

const repoRoot = path.resolve(__dirname, '../../..');
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];

function sizeReport() {
  console.log('\nBuild sizes (gzip): what each build adds to a page');
  console.log(formatSizeReport('shell', shellSizeReport(path.join(repoRoot, 'shell/dist/browser'))));
  for (const team of REMOTES) console.log(formatSizeReport(`remote ${team}`, remoteSizeReport(path.join(repoRoot, `remotes/${team}/dist`))));
}

// `--sizes-only`: the build size report alone, without starting the platform or Lighthouse.
if (process.argv.includes('--sizes-only')) {
  sizeReport();
} else {
  runBench(() =>
    withBenchPlatform('site-phone-bench', async (site) => {
      sizeReport();
      await lighthouseFigures(site, process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    }),
  );
}
