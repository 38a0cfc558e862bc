#!/usr/bin/env node
// @ts-check
'use strict';
// Platform benchmark: starts the whole platform as `npm start` does (free ports, throw-away data), then prints
// server-rendering latency and throughput, the weight of a first page load, and lab Web Vitals in Chromium.
// Figures only: nothing here passes or fails.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { withBenchPlatform, runBench } = require('./bench-platform');
const { cachedVersusStatic, drill, soak } = require('./resilience-bench');
const { cacheBusting } = require('./cache-busting-bench');

const PAGES = ['/', '/en', '/news', '/events', '/search?query=студенты'];
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** @param {number[]} values @param {number} p */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** @param {string} url */
async function timedGet(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'accept-language': 'ru' }, redirect: 'manual' });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, bytes: body.byteLength, body };
}

/** @param {string} site */
async function latency(site) {
  console.log(`\nServer rendering, ${SEQUENTIAL} sequential requests per page (after one warm-up request)`);
  console.log('page                         status  p50 ms  p99 ms  HTML KiB (gzip)');
  for (const page of PAGES) {
    const url = `${site}${encodeURI(page)}`;
    const first = await timedGet(url);
    const samples = [];
    for (let i = 0; i < SEQUENTIAL; i += 1) samples.push((await timedGet(url)).ms);
    const gzip = zlib.gzipSync(Buffer.from(first.body)).length;
    console.log(
      `${page.padEnd(28)} ${String(first.status).padStart(6)}  ${percentile(samples, 50).toFixed(1).padStart(6)}  ${percentile(samples, 99).toFixed(1).padStart(6)}  ${(first.bytes / 1024).toFixed(1)} (${(gzip / 1024).toFixed(1)})`,
    );
  }
}

/** @param {string} site */
async function throughput(site) {
  const url = `${site}/`;
  const deadline = Date.now() + LOAD_SECONDS * 1000;
  /** @type {number[]} */
  const samples = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        try {
          const result = await timedGet(url);
          if (result.status === 200) samples.push(result.ms);
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  console.log(`\nHome page under load: ${CONCURRENCY} concurrent clients for ${LOAD_SECONDS} s on ${os.cpus().length} cores`);
  console.log(
    `requests ${samples.length}, errors ${errors}, ${(samples.length / LOAD_SECONDS).toFixed(1)} req/s, p50 ${percentile(samples, 50).toFixed(1)} ms, p99 ${percentile(samples, 99).toFixed(1)} ms`,
  );
}

/** @param {string} site @param {string} chromiumPath */
async function browserFigures(site, chromiumPath) {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`\n(no Chromium at ${chromiumPath}: page weight and Web Vitals skipped)`);
    return;
  }
  const { chromium } = require('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  console.log('\nFirst load in Chromium (cold cache; lab figures on loopback with 4x CPU slowdown, no network throttling)');
  console.log('page        requests  JS KiB (gzip)   CSS KiB (gzip)  FCP ms  LCP ms   CLS    TBT ms');
  for (const page of ['/', '/news', '/en/events']) {
    const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 900 } });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    /** @type {{ url: string, type: string }[]} */
    const resources = [];
    tab.on('response', (response) => resources.push({ url: response.url(), type: response.request().resourceType() }));
    await tab.addInitScript(() => {
      const w = /** @type {any} */ (globalThis);
      w.__vitals = { lcp: 0, cls: 0, tbt: 0 };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__vitals.lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of /** @type {any[]} */ (list.getEntries())) if (!e.hadRecentInput) w.__vitals.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__vitals.tbt += Math.max(0, e.duration - 50);
      }).observe({ type: 'longtask', buffered: true });
    });
    await tab.goto(`${site}${encodeURI(page)}`, { waitUntil: 'networkidle' });
    await tab.waitForTimeout(500);
    const vitals = await tab.evaluate(() => {
      const w = /** @type {any} */ (globalThis);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
      return { ...w.__vitals, fcp };
    });
    const sizes = { js: [0, 0], css: [0, 0] };
    for (const resource of resources) {
      const kind = resource.type === 'script' ? 'js' : resource.type === 'stylesheet' ? 'css' : null;
      if (!kind) continue;
      const body = Buffer.from(await (await fetch(resource.url)).arrayBuffer());
      sizes[kind][0] += body.length;
      sizes[kind][1] += zlib.gzipSync(body).length;
    }
    const kib = (/** @type {number} */ n) => (n / 1024).toFixed(0);
    console.log(
      `${page.padEnd(11)} ${String(resources.length).padStart(8)}  ${`${kib(sizes.js[0])} (${kib(sizes.js[1])})`.padStart(13)}  ${`${kib(sizes.css[0])} (${kib(sizes.css[1])})`.padStart(14)}  ${vitals.fcp.toFixed(0).padStart(6)}  ${vitals.lcp.toFixed(0).padStart(6)}  ${vitals.cls.toFixed(3)}  ${vitals.tbt.toFixed(0).padStart(6)}`,
    );
    await context.close();
  }
  await browser.close();
}

/** `--soak` (10 minutes) or `--soak=<minutes>`, or BENCH_SOAK_MINUTES: the long mixed run is opt-in. */
function soakOption() {
  const flag = process.argv.find((arg) => arg === '--soak' || arg.startsWith('--soak='));
  if (flag) return flag === '--soak' ? 10 : Number(flag.slice('--soak='.length)) || 10;
  return Number(process.env.BENCH_SOAK_MINUTES ?? 0);
}

runBench(() =>
  withBenchPlatform('site-bench', async (site, platform) => {
    const rss = () => `${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`;
    const operator = { authorization: `Bearer ${platform.dashboardToken}` };
    console.log(`platform up at ${site} (bench process RSS ${rss()})`);
    // The soak first, on a shell that has only just started: its memory at the start is a fresh process's.
    const soakMinutes = soakOption();
    if (soakMinutes > 0)
      await soak(site, soakMinutes, async () => (await (await fetch(`${site}/_platform/remotes.json`, { headers: operator })).json()).process);
    await latency(site);
    await throughput(site);
    await cachedVersusStatic(site, path.resolve(__dirname, '../../../shell/dist/browser'));
    await cacheBusting(site, async () => (await (await fetch(`${site}/_platform/remotes.json`, { headers: operator })).json()).process.rssBytes);
    for (const [label, service] of [
      ['content API', 'content-api'],
      ['remote host', 'remote-host'],
    ]) {
      const pid = platform.services.get(service)?.child?.pid;
      if (pid) await drill(site, label, pid);
    }
    await browserFigures(site, process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    const status = await (await fetch(`${site}/_platform/remotes.json`, { headers: operator })).json();
    console.log(
      `\nShell process after the run: heap ${(status.process.heapUsedBytes / 1048576).toFixed(1)} MiB, RSS ${(status.process.rssBytes / 1048576).toFixed(1)} MiB`,
    );
    for (const remote of status.remotes) {
      console.log(
        `remote ${remote.name.padEnd(10)} ${remote.version}  loads ${remote.stats.loads}, errors ${remote.stats.errors}, timeouts ${remote.stats.timeouts}, p50 ${remote.stats.p50LatencyMs == null ? '-' : `${remote.stats.p50LatencyMs.toFixed(2)} ms`}`,
      );
    }
  }),
);
