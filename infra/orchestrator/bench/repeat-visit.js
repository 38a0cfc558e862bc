// @ts-check
'use strict';
// A visitor's second page: for a few pairs of pages, a browser with an empty cache opens the first page, then the
// second by a full navigation (as from a search engine's next result), and counts the script bytes the second view
// takes over the network, above all those of scripts the first view already loaded (the goal is none); then it goes
// back and asks whether the browser restored the first page from the back/forward cache, or why not. Bytes are the
// network's (DevTools' encoded data length): a script either browser cache answers (memory or disk) counts 0.
// Figures only: nothing here passes or fails. Part of the phone bench; `node bench/repeat-visit.js <site URL>` runs
// it alone against a running site.
const fs = require('node:fs');
const { scriptTraffic } = require('../src/script-traffic');

/** First page, then second page: the home page, a page of the same remote, of another remote, and another locale. */
const PAIRS = [
  ['/', '/news'],
  ['/news', '/media'],
  ['/news', '/events'],
  ['/courses', '/apply'],
  ['/en/people', '/people'],
];

/** @param {number} bytes */
const kb = (bytes) => (bytes / 1024).toFixed(1);

/** @param {Map<string, number>} scripts */
const total = (scripts) => [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);

/**
 * @param {import('puppeteer-core').Browser} browser @param {string} site @param {string} from @param {string} to
 */
async function measurePair(browser, site, from, to) {
  // A context of its own: an empty cache, no storage.
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.evaluateOnNewDocument(() => {
      const w = /** @type {any} */ (globalThis);
      w.addEventListener('pageshow', (/** @type {any} */ event) => {
        if (event.persisted) w.document.documentElement.setAttribute('data-bench-restored', 'true');
      });
    });
    const session = await page.createCDPSession();
    await session.send('Network.enable');
    await session.send('Page.enable');
    /** @type {string[]} */
    const notRestored = [];
    session.on('Page.backForwardCacheNotUsed', (event) => {
      notRestored.push(...event.notRestoredExplanations.map((explanation) => explanation.reason));
    });
    const traffic = scriptTraffic(session);
    const open = async (/** @type {string} */ path) => {
      await page.goto(`${site}${encodeURI(path)}`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('html[data-hydrated="true"]', { timeout: 30_000 }).catch(() => undefined);
    };
    await open(from);
    const first = traffic.take();
    await open(to);
    const second = traffic.take();
    const downloaded = [...second].filter(([, bytes]) => bytes > 0);
    const again = downloaded.filter(([url]) => first.has(url));
    await page.goBack({ waitUntil: 'load' });
    await page.waitForFunction(() => /** @type {any} */ (globalThis).document.readyState === 'complete');
    const restored = await page.evaluate(() => /** @type {any} */ (globalThis).document.documentElement.hasAttribute('data-bench-restored'));
    return {
      first: { count: first.size, bytes: total(first) },
      second: {
        count: second.size,
        cached: second.size - downloaded.length,
        downloaded: downloaded.length,
        downloadedBytes: downloaded.reduce((sum, [, bytes]) => sum + bytes, 0),
        sharedWithFirst: [...second.keys()].filter((url) => first.has(url)).length,
        again: again.length,
        againBytes: again.reduce((sum, [, bytes]) => sum + bytes, 0),
      },
      back: restored ? 'restored' : `not restored: ${[...new Set(notRestored)].join(', ') || 'no reason given'}`,
    };
  } finally {
    await context.close();
  }
}

/**
 * Prints the figures of every pair, in the browser behind the DevTools port (the phone bench's Chromium).
 * @param {number} port @param {string} site
 */
async function repeatVisitFigures(port, site) {
  const puppeteer = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    console.log('\nBytes of script on a second page view (full navigation after the first, empty cache before it; KB over the network)');
    console.log("goal: none of the first page's scripts downloaded again, and the first page restored from the back/forward cache");
    console.log(
      [
        'first -> second'.padEnd(24),
        'first view: scripts'.padStart(20),
        'second view: scripts'.padStart(21),
        'from a cache'.padStart(13),
        'downloaded'.padStart(12),
        "first's used again: downloaded".padStart(31),
        ' back to first',
      ].join(' '),
    );
    for (const [from, to] of PAIRS) {
      const pair = `${from} -> ${to}`;
      try {
        const { first, second, back } = await measurePair(browser, site, /** @type {string} */ (from), /** @type {string} */ (to));
        console.log(
          [
            pair.padEnd(24),
            `${first.count}, ${kb(first.bytes)} KB`.padStart(20),
            String(second.count).padStart(21),
            String(second.cached).padStart(13),
            `${second.downloaded}, ${kb(second.downloadedBytes)} KB`.padStart(12),
            `${second.sharedWithFirst}: ${second.again}, ${kb(second.againBytes)} KB`.padStart(31),
            ` ${back}`,
          ].join(' '),
        );
      } catch (error) {
        console.log(`${pair.padEnd(24)} not measured: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
      }
    }
  } finally {
    await browser.disconnect();
  }
}

module.exports = { repeatVisitFigures };

if (require.main === module) {
  const site = (process.argv[2] ?? process.env.SITE_URL ?? '').replace(/\/$/, '');
  const chromiumPath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!site || !fs.existsSync(chromiumPath)) {
    console.error('usage: node repeat-visit.js <site URL> (or SITE_URL), with Chromium at CHROMIUM_PATH (/usr/bin/chromium)');
    process.exit(2);
  }
  (async () => {
    const chromeLauncher = await import('chrome-launcher');
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      await repeatVisitFigures(chrome.port, site);
    } finally {
      chrome.kill();
    }
  })().catch((error) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  });
}
