#!/usr/bin/env node
// @ts-check
'use strict';
// A change against the commit before it, in one run on one machine: starts this checkout's platform and another
// built checkout's (`--base <folder>`, e.g. a `git worktree` of the earlier commit after `npm install` and
// `npm run build`), then measures both alternately, round after round, so that both see the same machine:
// Lighthouse's phone figures on the pages the sitemap yields (see src/site-pages.js) and the shell's throughput for a
// cached page and for renders of pages nobody asked for before. Prints each side's median, the difference, and the
// run-to-run spread (highest minus lowest of a side's runs), the noise a difference has to exceed to mean anything.
// Figures only: nothing here passes or fails.
const fs = require('node:fs');
const path = require('node:path');
const { startPlatform } = require('../src/platform');
const { benchPages } = require('../src/site-pages');
const { phoneRun, figuresOf, median, label } = require('./lighthouse-bench');
const { runLoad } = require('./load');
const { runBench, startBenchPlatform } = require('./bench-platform');

const ROUNDS = Number(process.env.BENCH_COMPARE_ROUNDS ?? 3);
const LOAD_SECONDS = Number(process.env.BENCH_COMPARE_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** How many of the sitemap's pages to measure (all by default), or which ones (`BENCH_COMPARE_PATHS=/,/news`). */
const PAGE_LIMIT = Number(process.env.BENCH_COMPARE_PAGES ?? Infinity);
const PATHS = process.env.BENCH_COMPARE_PATHS?.split(',').filter(Boolean);
const HEADERS = { 'accept-language': 'ru', 'accept-encoding': 'br' };

/** @param {string[]} argv */
function baseFolder(argv) {
  const index = argv.indexOf('--base');
  const folder = index >= 0 ? argv[index + 1] : undefined;
  if (!folder || !fs.existsSync(path.join(folder, 'infra/orchestrator/src/platform.js'))) {
    throw new Error('usage: compare-bench.js --base <a built checkout of the commit to compare with>');
  }
  return path.resolve(folder);
}

/**
 * One side of the comparison: a checkout's platform, named.
 * @param {string} name @param {typeof startPlatform} start
 */
async function platformOf(name, start) {
  const { site, stop } = await startBenchPlatform(`site-compare-${name}`, { start, log: () => {} });
  return { name, site, stop };
}

/** @param {number[]} values */
const spread = (values) => (values.length ? Math.max(...values) - Math.min(...values) : NaN);

/** @param {number} value @param {number} digits */
const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

/**
 * Requests per second answered 200 by a shell for `LOAD_SECONDS` of `CLIENTS` closed loops.
 * @param {string} site @param {(client: number, n: number) => string} nextPath
 */
async function rate(site, nextPath) {
  const result = await runLoad({ base: site, clients: CLIENTS, seconds: LOAD_SECONDS, nextPath, headers: HEADERS });
  return result.samples.filter((sample) => sample.status === 200).length / result.seconds;
}

/** @param {Array<{ name: string, site: string }>} sides */
async function throughput(sides) {
  /** @type {Record<string, { cached: number[], renders: number[] }>} */
  const figures = Object.fromEntries(sides.map((side) => [side.name, { cached: [], renders: [] }]));
  const run = Date.now().toString(36);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      await fetch(`${side.site}/news`, { headers: HEADERS });
      figures[side.name]?.cached.push(await rate(side.site, () => '/news'));
      figures[side.name]?.renders.push(await rate(side.site, (client, n) => `/search?query=${encodeURIComponent(`наука ${run}-${round}-${client}-${n}`)}`));
    }
  }
  console.log(`\nShell throughput, ${CLIENTS} clients for ${LOAD_SECONDS} s, ${ROUNDS} rounds alternating (req/s: median, spread)`);
  for (const [kind, title] of /** @type {const} */ ([
    ['cached', 'cached page /news'],
    ['renders', 'uncached renders (a new search each)'],
  ])) {
    const line = sides.map((side) => {
      const values = figures[side.name]?.[kind] ?? [];
      return `${side.name} ${fixed(median(values))} (±${fixed(spread(values))})`;
    });
    console.log(`  ${title.padEnd(38)} ${line.join('   ')}`);
  }
}

/**
 * @param {Array<{ name: string, site: string }>} sides @param {string} chromiumPath
 */
async function phone(sides, chromiumPath) {
  const chromeLauncher = await import('chrome-launcher');
  const [, head] = sides;
  const { pages } = await benchPages(head?.site ?? '');
  const measured = PATHS ? PATHS.map((path) => ({ path })) : pages.slice(0, PAGE_LIMIT);
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  /** @type {Map<string, Record<string, ReturnType<typeof figuresOf>[]>>} */
  const runs = new Map(measured.map((page) => [page.path, Object.fromEntries(sides.map((side) => [side.name, []]))]));
  try {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const page of measured) {
        for (const side of round % 2 ? [...sides].reverse() : sides) {
          const result = await phoneRun(chrome.port, `${side.site}${encodeURI(page.path)}`);
          if (result) runs.get(page.path)?.[side.name]?.push(figuresOf(result.lhr));
        }
      }
    }
  } finally {
    await chrome.kill();
  }
  const names = sides.map((side) => side.name);
  console.log(`\nLighthouse, mobile (simulated slow 4G, 4x CPU), ${ROUNDS} runs per page and side, alternating: median (spread)`);
  console.log(
    `page                                ${names.map((name) => `perf ${name}`.padEnd(16)).join('')}${names.map((name) => `LCP ms ${name}`.padEnd(20)).join('')}${names.map((name) => `TBT ms ${name}`.padEnd(20)).join('')}`,
  );
  /** @type {string[]} */
  const worse = [];
  for (const page of measured) {
    const bySide = runs.get(page.path) ?? {};
    /** @param {'performance' | 'lcpMs' | 'tbtMs'} key @param {string} name @param {number} width */
    const cell = (key, name, width) => {
      const values = (bySide[name] ?? []).map((figures) => figures[key]);
      return `${fixed(median(values))} (${fixed(spread(values))})`.padEnd(width);
    };
    console.log(
      `${label(page.path).padEnd(35)} ${names.map((name) => cell('performance', name, 16)).join('')}${names.map((name) => cell('lcpMs', name, 20)).join('')}${names.map((name) => cell('tbtMs', name, 20)).join('')}`,
    );
    const [base, next] = names.map((name) => bySide[name] ?? []);
    for (const [key, lowerIsBetter] of /** @type {const} */ ([
      ['performance', false],
      ['lcpMs', true],
      ['tbtMs', true],
    ])) {
      const before = (base ?? []).map((figures) => figures[key]);
      const after = (next ?? []).map((figures) => figures[key]);
      const change = (median(after) - median(before)) * (lowerIsBetter ? 1 : -1);
      const noise = Math.max(spread(before), spread(after));
      if (change > noise) worse.push(`${page.path} ${key}: ${fixed(median(before))} -> ${fixed(median(after))} (spread ${fixed(noise)})`);
    }
  }
  console.log(worse.length ? `\nworse by more than the spread:\n  ${worse.join('\n  ')}` : '\nno page worse by more than the run-to-run spread');
}

runBench(async () => {
  const base = baseFolder(process.argv);
  /** @type {{ startPlatform: typeof startPlatform }} */
  const baseOrchestrator = require(path.join(base, 'infra/orchestrator/src/platform.js'));
  const sides = [];
  try {
    sides.push(await platformOf('base', baseOrchestrator.startPlatform));
    sides.push(await platformOf('head', startPlatform));
    console.log(`base: ${base} at ${sides[0]?.site}; head: ${path.resolve(__dirname, '../../..')} at ${sides[1]?.site}`);
    await throughput(sides);
    if (!process.argv.includes('--throughput-only')) {
      await phone(sides, process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
    }
  } finally {
    await Promise.all(sides.map((side) => side.stop()));
  }
});
