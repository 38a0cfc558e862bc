#!/usr/bin/env node
// @ts-check
'use strict';
// Federation overhead, side by side: the site as deployed (shell + federated remotes) against the monolith
// comparison build (the same shell and sections compiled as one application, see build-preset/src/monolith.js),
// both served from this machine in one run by the same shell code and the same content API and registry.
// Prints server-rendering throughput of `/` and `/news` (page cache off: every request renders), the first-load
// JS of `/` (gzip, as Chromium fetches it) and Lighthouse's mobile performance of `/`, with the ratios against
// the targets (federated >= 0.9x the monolith's throughput, <= 1.1x its JS). Figures only: nothing passes or fails.
// `--throughput-only` leaves out the browser parts (first-load JS, Lighthouse).
//
// Both builds share the content API and the machine, so the comparison is made fair in time: every page is first
// loaded for a few seconds on each build (the shared content API and both shells' compiled code warm up before
// anything counts: measured first after a single request, a build paid for the API's warm-up alone), then measured
// in short alternating rounds, so that a change in the machine's load between rounds falls on both. Beside requests
// per second the bench prints each shell's CPU time per request (Linux), which another process's load on the
// machine hardly moves.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { withBenchPlatform, runBench } = require('./bench-platform');
const { Service, freePort } = require('../src/services');

const repoRoot = path.resolve(__dirname, '../../..');
const MONOLITH_DIR = path.join(repoRoot, 'shell/dist-monolith');
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Builds the monolith when it is missing or `--rebuild` is given (it is never part of `npm run build`). */
async function ensureMonolithBuild() {
  if (!process.argv.includes('--rebuild') && fs.existsSync(path.join(MONOLITH_DIR, 'server', 'main.js'))) return;
  const { createMonolithBuild } = require('../../build-preset/src/monolith');
  const { runWebpack, precompressDir } = require('../../build-preset/src/index');
  const started = Date.now();
  const build = createMonolithBuild();
  fs.rmSync(build.distDir, { recursive: true, force: true });
  await runWebpack(build.configs);
  await precompressDir(path.join(build.distDir, 'browser'));
  console.log(`monolith built in ${((Date.now() - started) / 1000).toFixed(1)} s (${build.sections.length} sections)`);
}

/**
 * A second shell process beside the platform's, with the platform shell's settings and its own port.
 * @param {any} platform @param {string} name @param {string} distDir
 */
async function startShell(platform, name, distDir) {
  const port = await freePort();
  const shell = platform.services.get('shell');
  const service = new Service(
    {
      ...shell.spec,
      name,
      args: [path.join(distDir, 'server', 'main.js')],
      env: { ...shell.spec.env, PORT: String(port), PAGE_CACHE: 'false', SHELL_INSTANCE_ID: name, SHELL_BROWSER_DIST: path.join(distDir, 'browser') },
      healthUrl: `http://127.0.0.1:${port}/health`,
    },
    { log: (line) => console.log(line), logFile: path.join(platform.dataDir, 'logs', `${name}.log`) },
  );
  await service.start();
  return { service, site: `http://127.0.0.1:${port}` };
}

/** CPU time (user + system, ms) a process has used so far, or null where /proc does not say. @param {number | null} pid */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** Completed and failed requests of one page, CONCURRENCY clients for the given seconds. @param {string} url @param {number} seconds */
async function load(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  let ok = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline) {
        try {
          const response = await fetch(url, { headers: { 'accept-language': 'ru' } });
          await response.arrayBuffer();
          if (response.status === 200) ok += 1;
          else errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  return { ok, errors };
}

/**
 * Throughput of one page on every build: LOAD_SECONDS per build in ROUNDS alternating rounds (the build that goes
 * first changes every round), with each shell's CPU time per request.
 * @param {Array<{ site: string, service: { pid: number | null } }>} builds @param {string} page
 */
async function throughput(builds, page) {
  const totals = builds.map(() => ({ ok: 0, errors: 0, cpu: 0, cpuKnown: true }));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = builds.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const { site, service } = builds[index];
      const before = cpuMs(service.pid);
      const result = await load(`${site}${page}`, LOAD_SECONDS / ROUNDS);
      const after = cpuMs(service.pid);
      const total = totals[index];
      total.ok += result.ok;
      total.errors += result.errors;
      if (before === null || after === null) total.cpuKnown = false;
      else total.cpu += after - before;
    }
  }
  return totals.map((total) => ({
    rps: total.ok / LOAD_SECONDS,
    errors: total.errors,
    cpuPerRequest: total.cpuKnown && total.ok > 0 ? total.cpu / (total.ok + total.errors) : null,
  }));
}

/** The scripts Chromium fetches for a first load of the page (gzip bytes), and how many. @param {any} browser @param {string} url */
async function firstLoadJs(browser, url) {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 412, height: 823 } });
  const tab = await context.newPage();
  /** @type {string[]} */
  const scripts = [];
  tab.on('response', (/** @type {any} */ response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await tab.goto(url, { waitUntil: 'networkidle' });
  let gzip = 0;
  for (const script of scripts) gzip += zlib.gzipSync(Buffer.from(await (await fetch(script)).arrayBuffer()), { level: 9 }).length;
  await context.close();
  return { gzip, count: scripts.length };
}

/** Lighthouse mobile performance of a page, median of LIGHTHOUSE_RUNS. @param {string} url @param {number} port */
async function lighthousePerformance(url, port) {
  const { default: lighthouse } = await import('lighthouse');
  const scores = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      {
        extends: 'lighthouse:default',
        settings: { formFactor: 'mobile', throttlingMethod: 'simulate', extraHeaders: { 'Accept-Language': 'ru-RU,ru;q=0.9' } },
      },
    );
    if (result) scores.push(Math.round((result.lhr.categories.performance?.score ?? 0) * 100));
  }
  scores.sort((a, b) => a - b);
  return scores[Math.floor(scores.length / 2)] ?? NaN;
}

/** The sections a page rendered, in order, with their status (`data-section` and `data-section-status`). @param {string} html */
function renderedSections(html) {
  return [...html.matchAll(/data-section="([^"]+)"[^>]*?data-section-status="([^"]+)"/g)].map((match) => `${match[1]}:${match[2]}`);
}

/**
 * The comparison means something only if both builds render the same page: the same sections, none failed. Stops the
 * bench otherwise. @param {string} federatedSite @param {string} monolithSite
 */
async function assertSameSections(federatedSite, monolithSite) {
  for (const page of ['/', '/news']) {
    const [fed, mono] = await Promise.all(
      [federatedSite, monolithSite].map(async (site) => {
        const response = await fetch(`${site}${page}`, { headers: { 'accept-language': 'ru' } });
        return { status: response.status, sections: renderedSections(await response.text()) };
      }),
    );
    const ready = mono.sections.length > 0 && !mono.sections.some((section) => /:(failed|unavailable|missing|error)$/.test(section));
    if (fed.status !== 200 || mono.status !== 200 || !ready || fed.sections.join() !== mono.sections.join()) {
      throw new Error(`the monolith does not render ${page} as the federated site does: ${JSON.stringify({ federated: fed, monolith: mono })}`);
    }
    console.log(`${page}: both builds render the same ${mono.sections.length} sections (${mono.sections.map((s) => s.split(':')[0]).join(', ')})`);
  }
}

const ratio = (/** @type {number} */ a, /** @type {number} */ b) => (b > 0 ? (a / b).toFixed(2) : 'n/a');

runBench(async () => {
  await ensureMonolithBuild();
  await withBenchPlatform('site-monolith-bench', async (_site, platform) => {
    const federated = await startShell(platform, 'shell-federated', path.join(repoRoot, 'shell/dist'));
    const monolith = await startShell(platform, 'shell-monolith', MONOLITH_DIR);
    try {
      const sides = /** @type {const} */ ([
        ['federated', federated.site],
        ['monolith', monolith.site],
      ]);
      // Both load their sections, then every page is loaded for a while on each build before anything is measured.
      for (const [, site] of sides) for (const page of ['/', '/news']) await (await fetch(`${site}${page}`)).arrayBuffer();
      await assertSameSections(federated.site, monolith.site);
      for (const page of ['/', '/news']) for (const [, site] of sides) await load(`${site}${page}`, WARMUP_SECONDS);

      console.log(
        `\nServer rendering, page cache off: ${CONCURRENCY} concurrent clients for ${LOAD_SECONDS} s per page and build (${ROUNDS} alternating rounds, after ${WARMUP_SECONDS} s of warm-up) on ${os.cpus().length} cores`,
      );
      console.log('page      federated req/s  monolith req/s  ratio (target >= 0.9)   shell CPU per request: federated  monolith  monolith/federated');
      for (const page of ['/', '/news']) {
        const [fed, mono] = await throughput([federated, monolith], page);
        const errors = fed.errors + mono.errors ? ` (errors: ${fed.errors} / ${mono.errors})` : '';
        const cpu =
          fed.cpuPerRequest !== null && mono.cpuPerRequest !== null
            ? `${fed.cpuPerRequest.toFixed(2).padStart(9)} ms ${mono.cpuPerRequest.toFixed(2).padStart(6)} ms  ${ratio(mono.cpuPerRequest, fed.cpuPerRequest)}`
            : '(not known here)';
        console.log(
          `${page.padEnd(9)} ${fed.rps.toFixed(1).padStart(15)} ${mono.rps.toFixed(1).padStart(15)}  ${ratio(fed.rps, mono.rps).padEnd(22)} ${cpu}${errors}`,
        );
      }

      if (process.argv.includes('--throughput-only')) return;
      if (!fs.existsSync(CHROMIUM)) {
        console.log(`\n(no Chromium at ${CHROMIUM}: first-load JS and Lighthouse skipped)`);
        return;
      }
      const { chromium } = require('playwright-core');
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
      const js = [];
      try {
        for (const [, site] of sides) js.push(await firstLoadJs(browser, `${site}/`));
      } finally {
        await browser.close();
      }
      console.log('\nFirst load of / in Chromium: scripts (gzip)');
      console.log(
        `federated ${(js[0].gzip / 1024).toFixed(1)} KB in ${js[0].count} files, monolith ${(js[1].gzip / 1024).toFixed(1)} KB in ${js[1].count} files, ratio ${ratio(js[0].gzip, js[1].gzip)} (target <= 1.1)`,
      );

      if (LIGHTHOUSE_RUNS > 0) {
        const chromeLauncher = await import('chrome-launcher');
        const chrome = await chromeLauncher.launch({
          chromePath: CHROMIUM,
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
        });
        try {
          const scores = [];
          for (const [, site] of sides) scores.push(await lighthousePerformance(`${site}/`, chrome.port));
          console.log(
            `\nLighthouse mobile performance of / (median of ${LIGHTHOUSE_RUNS}): federated ${scores[0]}, monolith ${scores[1]}, ratio ${ratio(scores[0], scores[1])}`,
          );
        } finally {
          await chrome.kill();
        }
      }
    } finally {
      await federated.service.stop();
      await monolith.service.stop();
    }
  });
});
