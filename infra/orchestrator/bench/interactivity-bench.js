#!/usr/bin/env node
// @ts-check
'use strict';
// Interactivity on a phone, measured in the browser rather than simulated: Debian's Chromium with DevTools' CPU (4x)
// and network (slow 4G) throttling applied. For every page the phone bench takes from the sitemap it prints when the
// page hydrated and when its interactive sections did (the shell's `site:page-hydrated` and `site:section-hydrated`
// performance marks, relative to the navigation's start): those visible on arrival, and all of them. Then it scripts
// one interaction per interactive section type (a filter, a pager, a form field, the accessibility panel) and prints
// the INP of each: the slowest interaction's time from input to the next paint, from the browser's Event Timing
// entries. Median of `BENCH_INTERACTIVITY_RUNS` (3) runs. Figures only: nothing here passes or fails.
const fs = require('node:fs');
const { withBenchPlatform, runBench } = require('./bench-platform');
const { benchPages } = require('../src/site-pages');
const { median, label, slowdownNumber } = require('./lighthouse-bench');

const RUNS = Number(process.env.BENCH_INTERACTIVITY_RUNS ?? 3);
/**
 * DevTools' CPU slowdown: 4x, the issue's profile, by default. `BENCH_CPU_SLOWDOWN` sets another, such as the phone
 * bench's calibrated one for this machine (4x of a host of Lighthouse benchmark index 1750; see lighthouse-bench.js),
 * so that figures from machines of different speeds compare.
 */
const CPU_SLOWDOWN = process.env.BENCH_CPU_SLOWDOWN ? slowdownNumber(process.env.BENCH_CPU_SLOWDOWN) : 4;
/** DevTools' "slow 4G" as Lighthouse applies it with `throttlingMethod: devtools` (request latency, bytes per second). */
const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
/** The goals the figures are read against. */
const GOALS = { visibleHydratedMs: 2500, inpMs: 200 };
const SETTLE_TIMEOUT_MS = 30_000;
/** The phone Lighthouse's mobile profile presents (12.8's moto g power): the server renders a phone's layout for it. */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36';

/**
 * One interaction per interactive section type, on a page that has it. `act` performs it the way a visitor would.
 * @typedef {import('playwright-core').Page} Page
 * @type {Array<{ name: string, path: string, section: string | null, act: (page: Page) => Promise<void> }>}
 */
const INTERACTIONS = [
  {
    name: 'news filter',
    path: '/news',
    section: 'NewsFeed',
    act: (page) => page.locator('[data-section="NewsFeed"] a[href*="categories="]').first().click(),
  },
  {
    name: 'media pager',
    path: '/media',
    section: 'NewsFeed',
    act: (page) => page.locator('[data-section="NewsFeed"] nav a[href*="page=2"]').first().click(),
  },
  {
    name: 'people search field',
    path: '/people',
    section: 'PeopleDirectory',
    act: (page) => page.locator('[data-section="PeopleDirectory"] input[type="search"]').first().pressSequentially('Ива'),
  },
  {
    name: 'course filter',
    path: '/courses',
    section: 'CourseCatalog',
    act: (page) => page.locator('[data-section="CourseCatalog"] :is(a[href*="?"], button, input:not([type=hidden]))').first().click(),
  },
  {
    name: 'application form field',
    path: '/apply',
    section: 'ApplicationForm',
    act: (page) =>
      page.locator('[data-section="ApplicationForm"] input:not([type=hidden]):not([type=checkbox]):not([type=file])').first().pressSequentially('Иван'),
  },
  {
    name: 'search pager',
    path: '/search?query=студенты',
    section: 'SearchResults',
    act: (page) => page.locator('[data-search-pager] a').last().click(),
  },
  { name: 'accessibility panel', path: '/', section: null, act: (page) => page.locator('[data-a11y-toggle]').click() },
];

/** Runs in the page before its scripts: collects Event Timing entries of interactions. */
function collectInteractions() {
  const w = /** @type {any} */ (globalThis);
  w.__interactions = [];
  new w.PerformanceObserver((/** @type {any} */ list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) w.__interactions.push({ id: entry.interactionId, duration: entry.duration, name: entry.name });
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}

/**
 * Opens a page on a throttled phone, as a returning visitor who accepted cookies (the notice would take the taps).
 * The navigation, and every look into the page until it has hydrated, go through the DevTools protocol itself:
 * Playwright's own navigation and its page functions (`waitForFunction`, `evaluate`) compile its injected script in
 * the page while it loads, 80–130 ms of the throttled main thread that no visitor's phone spends.
 * @param {import('playwright-core').Browser} browser @param {string} url
 */
async function throttledPage(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    locale: 'ru-RU',
    userAgent: PHONE_USER_AGENT,
  });
  await context.addInitScript(() => /** @type {any} */ (globalThis).localStorage.setItem('cookies', 'true'));
  await context.addInitScript(collectInteractions);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Page.enable');
  const loaded = new Promise((resolve) => cdp.once('Page.loadEventFired', resolve));
  const { errorText } = await cdp.send('Page.navigate', { url });
  if (errorText) throw new Error(`${url}: ${errorText}`);
  // A page that never fires load is measured as it stands after two minutes; the timer goes once load has fired, so
  // that it does not hold the finished bench's process open.
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  await Promise.race([loaded, new Promise((resolve) => (timer = setTimeout(resolve, 120_000)))]);
  clearTimeout(timer);
  return { context, page, cdp };
}

/**
 * The value of `expression` in the page, read over the DevTools protocol (see throttledPage).
 * @param {import('playwright-core').CDPSession} cdp @param {string} expression
 */
async function readInPage(cdp, expression) {
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, returnByValue: true });
  if (exceptionDetails) throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
  return result.value;
}

/** The frames of the page's interactive sections: ready, and not kept as static server HTML (an expression). */
const INTERACTIVE_FRAMES = `[...document.querySelectorAll('[data-section-id][data-section-status="ready"]')].filter((frame) => !frame.querySelector('[data-static-section]'))`;

/** Whether the page and every interactive section in it have hydrated (an expression for readInPage). */
const SETTLED = `(() => {
  if (document.documentElement.getAttribute('data-hydrated') !== 'true') return false;
  const marked = new Set(performance.getEntriesByName('site:section-hydrated').map((entry) => entry.detail?.id));
  const frames = ${INTERACTIVE_FRAMES};
  return frames.every((frame) => marked.has(frame.getAttribute('data-section-id')));
})()`;

/** When the page and its sections hydrated, and how many sections are interactive (an expression for readInPage). */
const HYDRATION_TIMES = `(() => {
  const pageMark = performance.getEntriesByName('site:page-hydrated')[0]?.startTime ?? null;
  const sectionMarks = new Map(performance.getEntriesByName('site:section-hydrated').map((entry) => [entry.detail?.id, entry.startTime]));
  const frames = ${INTERACTIVE_FRAMES};
  const visible = frames.filter((frame) => frame.getBoundingClientRect().top + window.scrollY < window.innerHeight);
  const latest = (list) => {
    const times = list.map((frame) => sectionMarks.get(frame.getAttribute('data-section-id')));
    return times.some((time) => time === undefined) ? null : Math.max(0, ...times);
  };
  return {
    interactive: frames.length,
    visible: visible.length,
    pageMs: pageMark,
    visibleMs: visible.length ? latest(visible) : pageMark,
    allMs: frames.length ? latest(frames) : pageMark,
  };
})()`;

/**
 * When the page and its interactive sections hydrated (ms after the navigation's start), waiting until every
 * interactive section has, or `SETTLE_TIMEOUT_MS`. A section is interactive when its code runs in the browser: it
 * is not kept as static server HTML. "Visible" means in the first screen when the page arrived.
 * @param {import('playwright-core').CDPSession} cdp
 * @returns {Promise<{ interactive: number, visible: number, pageMs: number | null, visibleMs: number | null, allMs: number | null }>}
 */
async function hydrationTimes(cdp) {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (Date.now() < deadline && !(await readInPage(cdp, SETTLED))) await new Promise((resolve) => setTimeout(resolve, 100));
  return readInPage(cdp, HYDRATION_TIMES);
}

/** @param {Array<number | null>} values */
const medianOrNull = (values) => (values.some((value) => value === null) ? null : median(/** @type {number[]} */ (values)));
/** @param {number | null} value */
const ms = (value) => (value === null || !Number.isFinite(value) ? 'never' : value.toFixed(0));

/** @param {import('playwright-core').Browser} browser @param {string} site */
async function hydration(browser, site) {
  const { pages } = await benchPages(site);
  console.log(`\nHydration on a phone (Chromium, ${CPU_SLOWDOWN}x CPU, slow 4G applied; ms after navigation start, median of ${RUNS})`);
  console.log(`goal: visible interactive sections hydrated <= ${GOALS.visibleHydratedMs} ms`);
  console.log('page                                interactive (visible)  page hydrated  visible sections  all sections');
  /** @type {Array<{ page: string, visibleMs: number | null }>} */
  const rows = [];
  for (const target of pages) {
    /** @type {Awaited<ReturnType<typeof hydrationTimes>>[]} */
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { context, cdp } = await throttledPage(browser, `${site}${encodeURI(target.path)}`);
      runs.push(await hydrationTimes(cdp));
      await context.close();
    }
    const figures = {
      pageMs: medianOrNull(runs.map((r) => r.pageMs)),
      visibleMs: medianOrNull(runs.map((r) => r.visibleMs)),
      allMs: medianOrNull(runs.map((r) => r.allMs)),
    };
    rows.push({ page: target.path, visibleMs: figures.visibleMs });
    console.log(
      `${label(target.path).padEnd(35)} ${`${runs[0]?.interactive ?? 0} (${runs[0]?.visible ?? 0})`.padStart(21)}  ${ms(figures.pageMs).padStart(13)}  ${ms(figures.visibleMs).padStart(16)}  ${ms(figures.allMs).padStart(12)}`,
    );
  }
  const worst = rows.reduce((a, b) => ((b.visibleMs ?? Infinity) > (a.visibleMs ?? Infinity) ? b : a), rows[0] ?? { page: '-', visibleMs: null });
  console.log(`worst: ${worst.page}, visible sections hydrated at ${ms(worst.visibleMs)} ms (goal <= ${GOALS.visibleHydratedMs} ms)`);
}

/** The browser reports only interactions slower than the observer's 16 ms threshold: none means faster than that. @param {number} value */
const inpText = (value) => (value > 0 ? value.toFixed(0) : '< 16');

/** @param {import('playwright-core').Browser} browser @param {string} site */
async function interactions(browser, site) {
  console.log(`\nINP of scripted interactions (same throttling; slowest interaction's input-to-next-paint in ms, median of ${RUNS})`);
  console.log(`goal: INP <= ${GOALS.inpMs} ms`);
  console.log('interaction                 page                          INP ms  interactions');
  for (const scenario of INTERACTIONS) {
    /** @type {number[]} */
    const inp = [];
    let count = 0;
    let failure = '';
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page, cdp } = await throttledPage(browser, `${site}${encodeURI(scenario.path)}`);
      try {
        await hydrationTimes(cdp);
        await scenario.act(page);
        // Event Timing entries arrive after the next paint; give the page a moment to report them.
        await page.waitForTimeout(1500);
        const entries = /** @type {Array<{ id: number, duration: number }>} */ (await page.evaluate(() => /** @type {any} */ (globalThis).__interactions));
        /** @type {Map<number, number>} */
        const byInteraction = new Map();
        for (const entry of entries) byInteraction.set(entry.id, Math.max(byInteraction.get(entry.id) ?? 0, entry.duration));
        count = byInteraction.size;
        inp.push(Math.max(0, ...byInteraction.values()));
      } catch (error) {
        failure = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      } finally {
        await context.close();
      }
    }
    console.log(
      `${scenario.name.padEnd(27)} ${label(scenario.path).padEnd(29)} ${inp.length ? inpText(median(inp)).padStart(6) : '     -'}  ${failure ? `not measured: ${failure}` : String(count).padStart(12)}`,
    );
  }
}

runBench(async () => {
  const chromiumPath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath)) {
    console.log(`(no Chromium at ${chromiumPath}: interactivity figures skipped)`);
    return;
  }
  const { chromium } = require('playwright-core');
  const measure = async (/** @type {string} */ site) => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      await hydration(browser, site);
      await interactions(browser, site);
    } finally {
      await browser.close();
    }
  };
  const site = process.argv[2] ?? process.env.SITE_URL;
  if (site) await measure(site.replace(/\/$/, ''));
  else await withBenchPlatform('site-interactivity-bench', measure);
});
