#!/usr/bin/env node
// @ts-check
'use strict';
// Cache busting in figures: a hot (cached) page's throughput alone, then with clients asking for addresses nobody
// asked for before (random query keys, random paths) beside it, side by side with the ratio; and the shell's memory
// before and after a flood of random keys. Figures only: nothing here passes or fails.
const { runLoad, percentile } = require('./load');

const CLIENTS = Number(process.env.BENCH_CONCURRENCY ?? 8);
const SECONDS = Number(process.env.BENCH_BUSTING_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_BUSTING_ROUNDS ?? 2);
const RANDOM_KEYS = Number(process.env.BENCH_RANDOM_KEYS ?? 100_000);
const HOT = '/news';
const HEADERS = { 'accept-encoding': 'br', 'accept-language': 'ru' };

/** @param {string} prefix */
const randomAddress = (prefix) => `${prefix}${Math.random().toString(36).slice(2)}`;

/** A new client address per request, named the way the trusted reverse proxy on loopback names it. */
const anyAddress = () => ({
  'x-forwarded-for': `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
});

/** @typedef {{ nextPath: (client: number, n: number) => string, headersFor?: () => Record<string, string> }} Neighbour */
/** @type {Record<string, Neighbour | null>} */
const NEIGHBOURS = {
  alone: null,
  'random ?x= keys': { nextPath: () => randomAddress(`${HOT}?x=`) },
  'random paths': { nextPath: () => randomAddress('/') },
  'random paths, any addr': { nextPath: () => randomAddress('/'), headersFor: anyAddress },
  'another cached page': { nextPath: () => '/events' },
};

/**
 * The hot page with `CLIENTS` connections, and `CLIENTS` more connections on the neighbour's addresses at the same
 * time (closed loops both): the hot page's rate and the neighbours' answers.
 * @param {string} site @param {Neighbour | null} neighbour
 */
async function measure(site, neighbour) {
  const hot = runLoad({ base: site, clients: CLIENTS, seconds: SECONDS, nextPath: () => HOT, headers: HEADERS });
  const beside = neighbour ? runLoad({ base: site, clients: CLIENTS, seconds: SECONDS, headers: HEADERS, ...neighbour }) : null;
  const [hotResult, besideResult] = await Promise.all([hot, beside]);
  const ok = hotResult.samples.filter((sample) => sample.status === 200);
  /** @type {Record<string, number>} */
  const statuses = {};
  for (const sample of besideResult?.samples ?? []) statuses[sample.status] = (statuses[sample.status] ?? 0) + 1;
  return {
    rate: ok.length / hotResult.seconds,
    p99: percentile(
      ok.map((sample) => sample.ms),
      99,
    ),
    statuses,
    besideRate: (besideResult?.samples.length ?? 0) / SECONDS,
  };
}

/**
 * @param {string} site
 * @param {() => Promise<number>} shellRss the shell process's resident memory in bytes
 */
async function cacheBusting(site, shellRss) {
  for (let i = 0; i < 3; i += 1) await fetch(`${site}${HOT}`, { headers: HEADERS }).then((response) => response.arrayBuffer());
  await fetch(`${site}/events`, { headers: HEADERS }).then((response) => response.arrayBuffer());
  /** @type {Record<string, Array<Awaited<ReturnType<typeof measure>>>>} */
  const results = Object.fromEntries(Object.keys(NEIGHBOURS).map((name) => [name, []]));
  // Rounds in alternation, so that drift of a shared machine falls on every case.
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, neighbour] of Object.entries(NEIGHBOURS)) results[name]?.push(await measure(site, neighbour));
  }
  const mean = (/** @type {number[]} */ values) => values.reduce((a, b) => a + b, 0) / values.length;
  const alone = mean((results.alone ?? []).map((result) => result.rate));
  console.log(`\nCache busting: ${HOT} (cached) with ${CLIENTS} clients, alone and beside ${CLIENTS} more clients, ${ROUNDS} x ${SECONDS} s each, alternating`);
  console.log('beside                  hot req/s  ratio  hot p99 ms  their req/s  their answers');
  for (const [name, runs] of Object.entries(results)) {
    const rate = mean(runs.map((result) => result.rate));
    /** @type {Record<string, number>} */
    const statuses = {};
    for (const run of runs) for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
    const answers = Object.entries(statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `${name.padEnd(22)}  ${rate.toFixed(0).padStart(9)}  ${(rate / alone).toFixed(2).padStart(5)}  ${percentile(
        runs.map((run) => run.p99),
        50,
      )
        .toFixed(1)
        .padStart(10)}  ${mean(runs.map((run) => run.besideRate))
        .toFixed(0)
        .padStart(11)}  ${answers || '-'}`,
    );
  }
  console.log(
    '(goal for random keys and paths from one address: ratio >= 0.8; "any addr" sends each request from a new address past the per-client budget; "another cached page" is the same load of cache hits, for scale)',
  );

  if (RANDOM_KEYS > 0) {
    const before = await shellRss();
    let sent = 0;
    const started = Date.now();
    await runLoad({
      base: site,
      clients: CLIENTS * 2,
      seconds: 600,
      headers: HEADERS,
      // Each request from a new address: no per-client budget holds them back, only the cache's own bounds.
      headersFor: anyAddress,
      nextPath: (client, n) => {
        sent += 1;
        return (client + n) % 2 ? randomAddress(`${HOT}?x=`) : randomAddress('/');
      },
      stopWhen: () => sent >= RANDOM_KEYS,
    });
    const after = await shellRss();
    const mib = (/** @type {number} */ bytes) => (bytes / 1048576).toFixed(0);
    console.log(`shell RSS ${mib(before)} MiB before, ${mib(after)} MiB after ${sent} random keys and paths (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

module.exports = { cacheBusting };

if (require.main === module) {
  const { withBenchPlatform, runBench } = require('./bench-platform');
  runBench(() =>
    withBenchPlatform('cache-busting-bench', async (site, platform) => {
      // The shell's operator pages take the dashboard password, not the registry's operator token.
      const operator = { authorization: `Bearer ${platform.dashboardToken}` };
      const shellRss = async () => (await (await fetch(`${site}/_platform/remotes.json`, { headers: operator })).json()).process.rssBytes;
      await cacheBusting(site, shellRss);
    }),
  );
}
