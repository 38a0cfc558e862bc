// @ts-check
'use strict';
// What "fast and hard to kill" means in figures: a cached page against a static file of the same size from the
// same shell process, fault drills that freeze the content API and the remote host under load, and an optional soak.
// Figures only: nothing here passes or fails.
const fs = require('node:fs');
const path = require('node:path');
const { runLoad, percentile } = require('./load');

const CLIENTS = Number(process.env.BENCH_CONCURRENCY ?? 8);
const RATIO_SECONDS = Number(process.env.BENCH_RATIO_SECONDS ?? 5);
const DRILL_SECONDS = Number(process.env.BENCH_DRILL_SECONDS ?? 8);
const SEEN_PAGES = ['/', '/news', '/events', '/en', '/en/news', '/about', '/education', '/research'];

/** @param {number} value */
const ms = (value) => (Number.isFinite(value) ? value.toFixed(1) : '-');

/**
 * Cached home page next to a static file of the same size served by the same shell process, twice each in
 * alternation (A B A B) so that drift of the machine falls on both.
 * @param {string} site @param {string} browserDistDir
 */
async function cachedVersusStatic(site, browserDistDir) {
  const home = await (await fetch(`${site}/`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer();
  const copyDir = path.join(browserDistDir, 'bench');
  fs.mkdirSync(copyDir, { recursive: true });
  const copy = path.join(copyDir, 'home-copy.html');
  fs.writeFileSync(copy, Buffer.from(home));
  try {
    /** @type {Record<string, number[]>} */
    const rates = { page: [], file: [] };
    const p99 = { page: /** @type {number[]} */ ([]), file: /** @type {number[]} */ ([]) };
    for (let round = 0; round < 2; round += 1) {
      for (const [kind, target] of /** @type {const} */ ([
        ['page', '/'],
        ['file', '/_shell/bench/home-copy.html'],
      ])) {
        const result = await runLoad({
          base: site,
          clients: CLIENTS,
          seconds: RATIO_SECONDS,
          nextPath: () => target,
          headers: { 'accept-encoding': 'identity', 'accept-language': 'ru' },
        });
        const ok = result.samples.filter((sample) => sample.status === 200);
        rates[kind].push(ok.length / result.seconds);
        p99[kind].push(...ok.map((sample) => sample.ms));
      }
    }
    const page = rates.page.reduce((a, b) => a + b, 0) / rates.page.length;
    const file = rates.file.reduce((a, b) => a + b, 0) / rates.file.length;
    console.log(
      `\nCached page vs static file of the same size (${(home.byteLength / 1024).toFixed(1)} KiB, same shell process, ${CLIENTS} clients, 2 x ${RATIO_SECONDS} s each, alternating)`,
    );
    console.log(`cached /         ${page.toFixed(0).padStart(6)} req/s  p99 ${ms(percentile(p99.page, 99))} ms`);
    console.log(`static file      ${file.toFixed(0).padStart(6)} req/s  p99 ${ms(percentile(p99.file, 99))} ms`);
    console.log(`ratio cached/static ${(page / file).toFixed(2)} (goal >= 0.8)`);
  } finally {
    fs.rmSync(copyDir, { recursive: true, force: true });
  }
}

/**
 * Freezes one service (SIGSTOP) while clients read seen pages and, in between, pages never seen; prints what
 * visitors got.
 * @param {string} site @param {string} label @param {number} pid
 */
async function drill(site, label, pid) {
  for (const page of SEEN_PAGES) await fetch(`${site}${page}`, { headers: { 'accept-language': 'ru' } });
  process.kill(pid, 'SIGSTOP');
  let unseen = 0;
  try {
    const result = await runLoad({
      base: site,
      clients: CLIENTS,
      seconds: DRILL_SECONDS,
      headers: { 'accept-language': 'ru', 'accept-encoding': 'br' },
      timeoutMs: 10_000,
      // Every fourth request asks for a page nobody has seen.
      nextPath: (client, n) =>
        n % 4 === 3 ? `/never-seen-${label.replace(/\W/g, '')}-${client}-${n}-${(unseen += 1)}` : (SEEN_PAGES[(client + n) % SEEN_PAGES.length] ?? '/'),
    });
    const seen = result.samples.filter((sample) => !sample.path.startsWith('/never-seen'));
    const fresh = result.samples.filter((sample) => sample.path.startsWith('/never-seen'));
    const seenFailed = seen.filter((sample) => sample.status !== 200).length;
    const freshStatuses = new Map();
    for (const sample of fresh) freshStatuses.set(sample.status, (freshStatuses.get(sample.status) ?? 0) + 1);
    console.log(`\nDrill: ${label} frozen (SIGSTOP) for ${DRILL_SECONDS} s, ${CLIENTS} clients`);
    console.log(
      `seen pages     requests ${seen.length}, failed ${seenFailed}, TTFB p50 ${ms(
        percentile(
          seen.map((s) => s.ttfbMs),
          50,
        ),
      )} ms, p99 ${ms(
        percentile(
          seen.map((s) => s.ttfbMs),
          99,
        ),
      )} ms`,
    );
    console.log(
      `unseen pages   requests ${fresh.length}, statuses ${[...freshStatuses].map(([status, count]) => `${status || 'no answer'}: ${count}`).join(', ') || '-'}, TTFB p50 ${ms(
        percentile(
          fresh.map((s) => s.ttfbMs),
          50,
        ),
      )} ms, p99 ${ms(
        percentile(
          fresh.map((s) => s.ttfbMs),
          99,
        ),
      )} ms`,
    );
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

/**
 * A long mixed run: pages, searches (each a new render), the API and static assets; prints 5xx and the shell's
 * memory (resident and JavaScript heap) at the start, the peak and the end.
 * @param {string} site @param {number} minutes @param {() => Promise<{ rssBytes: number, heapUsedBytes: number }>} shellMemory
 */
async function soak(site, minutes, shellMemory) {
  const shellRss = async () => (await shellMemory()).rssBytes;
  // A few rounds of every kind of request first, so that "start" is a shell that has served each kind once.
  for (const path of [...SEEN_PAGES, '/search?query=наука', '/api/ru/news', '/news/1']) await fetch(`${site}${path}`);
  const startHeap = (await shellMemory()).heapUsedBytes;
  const assets = JSON.parse(fs.readFileSync(require.resolve('../../../shell/dist/browser/shell-assets.json'), 'utf8'));
  const words = ['студенты', 'наука', 'лаборатория', 'магистратура', 'students', 'research', 'курс', 'событие'];
  const start = await shellRss();
  let peak = start;
  const timer = setInterval(() => {
    shellRss()
      .then((rss) => (peak = Math.max(peak, rss)))
      .catch(() => undefined);
  }, 5000);
  let fiveHundreds = 0;
  const result = await runLoad({
    base: site,
    clients: 16,
    seconds: minutes * 60,
    headers: { 'accept-language': 'ru', 'accept-encoding': 'br, gzip' },
    onSample: (sample) => {
      if (sample.status >= 500 || sample.status === 0) fiveHundreds += 1;
    },
    nextPath: (client, n) => {
      switch (n % 5) {
        case 0:
          return SEEN_PAGES[(client + n) % SEEN_PAGES.length] ?? '/';
        case 1:
          return `/search?query=${encodeURIComponent(words[(client * 7 + n) % words.length] ?? 'наука')}&page=${(n % 3) + 1}`;
        case 2:
          return `/api/ru/news?page=${(n % 10) + 1}`;
        case 3:
          return `/_shell/${assets.js[n % assets.js.length]}`;
        default:
          return `/news/${(n % 300) + 1}`;
      }
    },
  });
  clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const endMemory = await shellMemory();
  const end = endMemory.rssBytes;
  const mib = (/** @type {number} */ bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;
  console.log(`\nSoak: ${minutes} min, 16 clients, mixed pages, search, API and assets`);
  console.log(
    `requests ${result.samples.length}, 5xx or no answer ${fiveHundreds}, p99 ${ms(
      percentile(
        result.samples.map((s) => s.ms),
        99,
      ),
    )} ms`,
  );
  console.log(`shell RSS start ${mib(start)}, peak ${mib(peak)}, end (5 s idle) ${mib(end)}, end/start ${(end / start).toFixed(2)} (goal <= 1.5)`);
  console.log(`shell JS heap start ${mib(startHeap)}, end ${mib(endMemory.heapUsedBytes)}`);
}

module.exports = { cachedVersusStatic, drill, soak };
