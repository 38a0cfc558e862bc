#!/usr/bin/env node
// @ts-check
'use strict';
// Phone benchmark: starts the platform as `npm start` does (free ports, throw-away data), prints what each build
// adds to a page (JS and CSS per remote section, shared package and the shell) and Lighthouse's mobile figures
// for the site's main pages. Figures only: nothing here passes or fails.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startPlatform } = require('../src/platform');
const { lighthouseFigures } = require('./lighthouse-bench');
const { remoteSizeReport, shellSizeReport, formatSizeReport } = require('../../build-preset/src/size-report');

const repoRoot = path.resolve(__dirname, '../../..');
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];

function sizeReport() {
  console.log('\nBuild sizes (gzip): what each build adds to a page');
  console.log(formatSizeReport('shell', shellSizeReport(path.join(repoRoot, 'shell/dist/browser'))));
  for (const team of REMOTES) console.log(formatSizeReport(`remote ${team}`, remoteSizeReport(path.join(repoRoot, `remotes/${team}/dist`))));
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-phone-bench-'));
  const platform = await startPlatform({ ports: { site: 0, remotes: 0, api: 0, registry: 0 }, dataDir, logDir: path.join(dataDir, 'logs'), log: (line) => console.log(line), env: { LOG_LEVEL: 'warn', CAPTCHA_DISABLED: 'true' } });
  const site = platform.urls.site.replace('localhost', '127.0.0.1');
  try {
    sizeReport();
    await lighthouseFigures(site, process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  } finally {
    await platform.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});
