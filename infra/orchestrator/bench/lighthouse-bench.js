// @ts-check
'use strict';
// Lighthouse on a phone: Lighthouse 12 (mobile: simulated slow 4G and 4x CPU) in Debian's Chromium against a
// running platform, several runs per page, the median printed next to the budgets. Figures only: nothing here
// passes or fails. Lighthouse 13 needs Node 22, so this stays on 12.8.
const fs = require('node:fs');
const zlib = require('node:zlib');
const { benchPages, hasForm } = require('../src/site-pages');
const { repeatVisitFigures } = require('./repeat-visit');

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Lighthouse's mobile CPU slowdown, meant for a host of about this benchmark index (its docs' high-end desktop). */
const LIGHTHOUSE_CPU_SLOWDOWN = 4;
const LIGHTHOUSE_REFERENCE_INDEX = 1750;

/**
 * A CPU slowdown given as `BENCH_CPU_SLOWDOWN`: a number from 1 to 40 (the interactivity bench reads it too).
 * @param {string} asked @param {string} [alternatives] what else the variable may say, for the error
 */
function slowdownNumber(asked, alternatives = '') {
  const multiplier = Number(asked);
  if (!(multiplier >= 1 && multiplier <= 40)) throw new Error(`BENCH_CPU_SLOWDOWN must be a number from 1 to 40${alternatives}, not ${JSON.stringify(asked)}`);
  return multiplier;
}

/**
 * The CPU slowdown of the runs. By default Lighthouse's 4x, the profile the budgets are set for: a slowdown relative to
 * this machine, so a faster machine measures a faster phone. `BENCH_CPU_SLOWDOWN` sets another (`8`), or
 * `calibrated`: the slowdown that makes this machine Lighthouse's reference phone, 4x of a host of index 1750
 * (this machine's index from a first run of the home page; 3500 gives 8x), so that machines compare.
 * @param {number} port @param {string} site
 * @returns {Promise<{ multiplier: number, note: string }>}
 */
async function cpuSlowdown(port, site) {
  const asked = process.env.BENCH_CPU_SLOWDOWN;
  if (!asked) return { multiplier: LIGHTHOUSE_CPU_SLOWDOWN, note: "Lighthouse's default" };
  if (asked !== 'calibrated') return { multiplier: slowdownNumber(asked, ' or "calibrated"'), note: 'BENCH_CPU_SLOWDOWN' };
  const result = await phoneRun(port, `${site}/`, false, LIGHTHOUSE_CPU_SLOWDOWN);
  const index = result?.lhr.environment?.benchmarkIndex ?? NaN;
  if (!Number.isFinite(index) || index <= 0) throw new Error('Lighthouse reported no benchmark index to calibrate the CPU slowdown with');
  const multiplier = Math.max(1, Math.round(((LIGHTHOUSE_CPU_SLOWDOWN * index) / LIGHTHOUSE_REFERENCE_INDEX) * 10) / 10);
  return { multiplier, note: `calibrated: benchmark index ${Math.round(index)}, ${LIGHTHOUSE_CPU_SLOWDOWN}x of a host of ${LIGHTHOUSE_REFERENCE_INDEX}` };
}

/** What a visitor on a phone should get; printed next to the figures. */
const BUDGETS = { performance: 95, lcpMs: 2000, tbtMs: 150, cls: 0.05, homeJsKb: 170, jsKb: 200, cssKb: 40, pageKbBeforeImages: 500 };

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
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

/** A page path, readable in the table: query and non-Latin text decoded, long paths shortened. @param {string} path */
function label(path) {
  return path.length > 34 ? `${path.slice(0, 31)}...` : path;
}

/**
 * Makes the browser a returning visitor who has accepted the cookie notice and closed every alert: opens the home
 * page, opens the alerts' line to read the ids of the alerts it shows after load and stores them as closed, as the
 * dock's buttons do. Then empties the HTTP cache, so that the run measures a visitor who has closed the alerts, not a
 * repeat view. Lighthouse then runs with its storage reset off, so the page loads as that visitor's would.
 * @param {number} port the DevTools port of the browser Lighthouse drives @param {string} site
 * @returns {Promise<number>} how many alerts were closed
 */
async function becomeReturningVisitor(port, site) {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${site}/`, { waitUntil: 'load' });
    const toggle = await page.waitForSelector('[data-alerts-toggle]', { timeout: 10_000 }).catch(() => null);
    if (toggle) {
      await toggle.click();
      await page.waitForSelector('[data-alert-id]', { timeout: 10_000 });
    }
    // Runs in the page: its globals are the browser's.
    const closed = await page.evaluate(() => {
      const { document, localStorage } = /** @type {any} */ (globalThis);
      const ids = [...document.querySelectorAll('[data-alert-id]')].map((/** @type {any} */ card) => card.getAttribute('data-alert-id'));
      localStorage.setItem('cookies', 'true');
      localStorage.setItem('hiddenAlerts', JSON.stringify(ids));
      return ids.length;
    });
    const session = await page.createCDPSession();
    await session.send('Network.clearBrowserCache');
    await session.detach();
    await page.close();
    return closed;
  } finally {
    await browser.disconnect();
  }
}

/**
 * One Lighthouse run of a page on the bench's phone profile (mobile, simulated slow 4G and the CPU slowdown), Russian
 * first.
 * @param {number} port the DevTools port of the browser Lighthouse drives @param {string} url
 * @param {boolean} [returning] keep the browser's storage (a returning visitor's run)
 * @param {number} [cpuSlowdownMultiplier] Lighthouse's 4x unless told
 */
async function phoneRun(port, url, returning = false, cpuSlowdownMultiplier = LIGHTHOUSE_CPU_SLOWDOWN) {
  const { default: lighthouse } = await import('lighthouse');
  const { throttling } = await import('lighthouse/core/config/constants.js');
  return lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    {
      extends: 'lighthouse:default',
      settings: {
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
        disableStorageReset: returning,
        extraHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' },
      },
    },
  );
}

/** @typedef {ReturnType<typeof figuresOf> & { inlineCssBytes: number }} PageFigures */

/**
 * Runs Lighthouse on the pages the sitemap yields (see src/site-pages.js) and on the home page of a returning visitor
 * who closed the alerts, and prints the medians, then the worst page per metric. Resolves without figures when
 * Chromium is missing.
 * @param {string} site
 * @param {string} chromiumPath
 */
async function lighthouseFigures(site, chromiumPath) {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`\n(no Chromium at ${chromiumPath}: Lighthouse skipped)`);
    return;
  }
  const chromeLauncher = await import('chrome-launcher');
  const { pages, routeKinds, sectionTypes } = await benchPages(site);
  const measuredKinds = new Set(pages.map((page) => page.kind));
  const measuredSections = new Set(pages.flatMap((page) => page.sections));
  console.log(
    `\nPages: ${pages.length} from the sitemap and the fixed seven (${pages.filter((page) => page.locale === 'en').length} English), ` +
      `route kinds ${[...measuredKinds].filter((kind) => routeKinds.includes(kind)).length} of ${routeKinds.length}, ` +
      `section types ${[...measuredSections].filter((section) => sectionTypes.includes(section)).length} of ${sectionTypes.length}, ` +
      `form pages ${pages.filter((page) => hasForm(page.sections)).length}; plus / for a returning visitor who closed the alerts`,
  );
  const missing = sectionTypes.filter((section) => !measuredSections.has(section));
  if (missing.length) console.log(`section types not measured: ${missing.join(', ')}`);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  /** @type {string[]} */
  const benchmarkIndexes = [];
  /** @type {Array<{ page: string, figures: PageFigures }>} */
  const rows = [];
  let versions = '';
  try {
    const cpu = await cpuSlowdown(chrome.port, site);
    console.log(`\nLighthouse, mobile (simulated slow 4G, ${cpu.multiplier}x CPU: ${cpu.note}), median of ${RUNS} runs per page`);
    console.log(
      `budgets: performance >= ${BUDGETS.performance}, LCP <= ${BUDGETS.lcpMs} ms, TBT <= ${BUDGETS.tbtMs} ms, CLS <= ${BUDGETS.cls}; JS <= ${BUDGETS.jsKb} KB (home ${BUDGETS.homeJsKb} KB), CSS <= ${BUDGETS.cssKb} KB; <= ${BUDGETS.pageKbBeforeImages} KB before images`,
    );
    console.log('page                                perf  LCP ms  TBT ms    CLS   JS KB  CSS KB (linked+inline)  HTML KB  before images KB');
    const targets = [...pages.map((page) => ({ path: page.path, returning: false })), { path: '/', returning: true }];
    for (const target of targets) {
      const url = `${site}${encodeURI(target.path)}`;
      /** @type {ReturnType<typeof figuresOf>[]} */
      const runs = [];
      let closedAlerts = 0;
      for (let run = 0; run < RUNS; run += 1) {
        if (target.returning) closedAlerts = await becomeReturningVisitor(chrome.port, site);
        const result = await phoneRun(chrome.port, url, target.returning, cpu.multiplier);
        if (!result) continue;
        runs.push(figuresOf(result.lhr));
        benchmarkIndexes.push(String(Math.round(result.lhr.environment?.benchmarkIndex ?? 0)));
        versions = `Lighthouse ${result.lhr.lighthouseVersion}, ${/(HeadlessChrome|Chrome)\/[\d.]+/.exec(result.lhr.environment?.hostUserAgent ?? '')?.[0] ?? 'Chromium'}`;
      }
      const html = await (await fetch(url, { headers: { 'accept-language': 'ru' } })).text();
      const m = (/** @type {keyof ReturnType<typeof figuresOf>} */ key) => median(runs.map((figures) => figures[key]));
      /** @type {PageFigures} */
      const figures = {
        performance: m('performance'),
        lcpMs: m('lcpMs'),
        tbtMs: m('tbtMs'),
        cls: m('cls'),
        jsBytes: m('jsBytes'),
        cssBytes: m('cssBytes'),
        documentBytes: m('documentBytes'),
        beforeImagesBytes: m('beforeImagesBytes'),
        benchmarkIndex: m('benchmarkIndex'),
        inlineCssBytes: inlineCssGzipBytes(html),
      };
      const name = `${label(target.path)}${target.returning ? ` (${closedAlerts} alerts closed)` : ''}`;
      rows.push({ page: name, figures });
      const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);
      console.log(
        [
          name.padEnd(35),
          String(figures.performance).padStart(5),
          figures.lcpMs.toFixed(0).padStart(7),
          figures.tbtMs.toFixed(0).padStart(7),
          figures.cls.toFixed(3).padStart(6),
          kb(figures.jsBytes).padStart(7),
          `${kb(figures.cssBytes + figures.inlineCssBytes)} (${kb(figures.cssBytes)}+${kb(figures.inlineCssBytes)})`.padStart(23),
          kb(figures.documentBytes).padStart(8),
          kb(figures.beforeImagesBytes).padStart(17),
        ].join(' '),
      );
    }
    await repeatVisitFigures(chrome.port, site);
  } finally {
    await chrome.kill();
  }
  printWorst(rows);
  console.log(`${versions}; benchmark index per run: ${benchmarkIndexes.join(', ')} (JS, CSS, HTML: bytes transferred, compressed as served)`);
}

/**
 * The worst page for each metric, with the budget it is held to.
 * @param {Array<{ page: string, figures: PageFigures }>} rows
 */
function printWorst(rows) {
  if (rows.length === 0) return;
  /** @type {Array<[string, (figures: PageFigures) => number, 'low' | 'high', (value: number) => string, string]>} */
  const metrics = [
    ['performance', (f) => f.performance, 'low', (v) => String(v), `>= ${BUDGETS.performance}`],
    ['LCP', (f) => f.lcpMs, 'high', (v) => `${v.toFixed(0)} ms`, `<= ${BUDGETS.lcpMs} ms`],
    ['TBT', (f) => f.tbtMs, 'high', (v) => `${v.toFixed(0)} ms`, `<= ${BUDGETS.tbtMs} ms`],
    ['CLS', (f) => f.cls, 'high', (v) => v.toFixed(3), `<= ${BUDGETS.cls}`],
    ['JS', (f) => f.jsBytes, 'high', (v) => `${(v / 1024).toFixed(1)} KB`, `<= ${BUDGETS.jsKb} KB`],
    ['CSS', (f) => f.cssBytes + f.inlineCssBytes, 'high', (v) => `${(v / 1024).toFixed(1)} KB`, `<= ${BUDGETS.cssKb} KB`],
  ];
  console.log('\nworst page per metric (budget)');
  for (const [name, read, worse, format, budget] of metrics) {
    const worst = rows.reduce((a, b) => ((worse === 'low' ? read(b.figures) < read(a.figures) : read(b.figures) > read(a.figures)) ? b : a));
    console.log(`  ${name.padEnd(12)} ${format(read(worst.figures)).padStart(9)}  ${worst.page} (${budget})`);
  }
}

module.exports = { lighthouseFigures, phoneRun, figuresOf, median, label, slowdownNumber, BUDGETS };

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
