// @ts-check
'use strict';
// Lighthouse on a phone: Lighthouse 12 (mobile: simulated slow 4G and 4x CPU) in Debian's Chromium against a
// running platform, several runs per page, the median printed next to the budgets. Figures only: nothing here
// passes or fails. Lighthouse 13 needs Node 22, so this stays on 12.8.
const fs = require('node:fs');
const zlib = require('node:zlib');

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** What a visitor on a phone should get; printed next to the figures. */
const BUDGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, homeJsKb: 170, homeCssKb: 40, pageKbBeforeImages: 500 };

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** One news article's path, taken from the news list the way a visitor would find it. @param {string} site */
async function newsArticlePath(site) {
  const html = await (await fetch(`${site}/news`, { headers: { 'accept-language': 'ru' } })).text();
  const match = /href="(\/news\/[^"?#/]+)"/.exec(html);
  return match ? match[1] : null;
}

/**
 * The page's CSS as a visitor receives it, gzip-compressed: linked stylesheets are counted by Lighthouse; the
 * remote sections' stylesheets travel inline in the HTML, so they are counted here from the `<style>` elements.
 * @param {string} html
 */
function inlineCssGzipBytes(html) {
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
  return css ? zlib.gzipSync(Buffer.from(css)).length : 0;
}

/**
 * @param {any} lhr a Lighthouse result
 */
function figuresOf(lhr) {
  /** @type {Array<{ resourceType: string, transferSize: number }>} */
  const summary = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = (/** @type {string} */ type) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
    jsBytes: bytes('script'),
    cssBytes: bytes('stylesheet'),
    documentBytes: bytes('document'),
    beforeImagesBytes: bytes('total') - bytes('image') - bytes('media'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/**
 * Runs Lighthouse on the site's pages and prints the medians. Resolves without figures when Chromium is missing.
 * @param {string} site
 * @param {string} chromiumPath
 */
async function lighthouseFigures(site, chromiumPath) {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`\n(no Chromium at ${chromiumPath}: Lighthouse skipped)`);
    return;
  }
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const article = await newsArticlePath(site);
  const pages = ['/', '/en', '/news', '/events', '/search?query=студенты', ...(article ? [article] : []), '/apply'];
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  /** @type {string[]} */
  const benchmarkIndexes = [];
  let versions = '';
  try {
    console.log(`\nLighthouse, mobile (simulated slow 4G, 4x CPU), median of ${RUNS} runs per page`);
    console.log(
      `budgets: performance >= ${BUDGETS.performance}, LCP <= ${BUDGETS.lcpMs} ms, TBT <= ${BUDGETS.tbtMs} ms, CLS <= ${BUDGETS.cls}; home JS <= ${BUDGETS.homeJsKb} KB, CSS <= ${BUDGETS.homeCssKb} KB; <= ${BUDGETS.pageKbBeforeImages} KB before images`,
    );
    console.log('page                          perf  LCP ms  TBT ms    CLS   JS KB  CSS KB (linked+inline)  HTML KB  before images KB');
    for (const page of pages) {
      const url = `${site}${encodeURI(page)}`;
      /** @type {ReturnType<typeof figuresOf>[]} */
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(
          url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
          {
            extends: 'lighthouse:default',
            settings: { formFactor: 'mobile', throttlingMethod: 'simulate', extraHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' } },
          },
        );
        if (!result) continue;
        runs.push(figuresOf(result.lhr));
        benchmarkIndexes.push(String(Math.round(result.lhr.environment?.benchmarkIndex ?? 0)));
        versions = `Lighthouse ${result.lhr.lighthouseVersion}, ${/(HeadlessChrome|Chrome)\/[\d.]+/.exec(result.lhr.environment?.hostUserAgent ?? '')?.[0] ?? 'Chromium'}`;
      }
      const html = await (await fetch(url, { headers: { 'accept-language': 'ru' } })).text();
      const inlineCss = inlineCssGzipBytes(html);
      const m = (/** @type {keyof ReturnType<typeof figuresOf>} */ key) => median(runs.map((figures) => figures[key]));
      const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
      console.log(
        [
          page.padEnd(28),
          String(m('performance')).padStart(5),
          m('lcpMs').toFixed(0).padStart(7),
          m('tbtMs').toFixed(0).padStart(7),
          m('cls').toFixed(3).padStart(6),
          kb(m('jsBytes')).padStart(7),
          `${kb(m('cssBytes') + inlineCss)} (${kb(m('cssBytes'))}+${kb(inlineCss)})`.padStart(23),
          kb(m('documentBytes')).padStart(8),
          kb(m('beforeImagesBytes')).padStart(17),
        ].join(' '),
      );
    }
  } finally {
    await chrome.kill();
  }
  console.log(`${versions}; benchmark index per run: ${benchmarkIndexes.join(', ')} (JS, CSS, HTML: bytes transferred, compressed as served)`);
}

module.exports = { lighthouseFigures, BUDGETS };

if (require.main === module) {
  const site = process.argv[2] ?? process.env.SITE_URL;
  if (!site) {
    console.error('usage: node lighthouse-bench.js <site URL> (or SITE_URL); `npm run bench` starts a platform for it');
    process.exit(2);
  }
  lighthouseFigures(site.replace(/\/$/, ''), process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium').catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
