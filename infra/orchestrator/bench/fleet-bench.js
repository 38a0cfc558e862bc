// @ts-check
'use strict';
// The fleet's figures (`npm run bench -- --fleet`): 3 shells, 2 content APIs, 2 registries and 2 remote hosts behind
// nginx on one PostgreSQL database, under 16 connections of visitors' mixed requests. Prints failed requests per
// step of a rolling restart of every replica and of a SIGKILL of one replica of each kind; a release published
// through one registry going live on every shell and its rollback; a throwing canary rolled back by the other
// registry after the judge's leader is killed (with --canary); 1,000 form submissions over both content APIs with one killed.
// Figures only: nothing here passes or fails.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('../src/builds');
const { startFleet, KINDS } = require('../src/fleet');
const { startTraffic, countsBetween, submitForms, storedSubmissions, compareIntake } = require('../src/fleet-drill');
const { runBench } = require('./bench-platform');
const { runLoad } = require('./load');

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 1000);
const CAPACITY_SECONDS = Number(process.env.BENCH_CAPACITY_SECONDS ?? 8);
const CLI = path.join(repoRoot, 'infra/registry/bin/site-remotes.js');

/** @param {ReturnType<typeof startTraffic>} traffic @param {() => Promise<unknown>} step */
async function measured(traffic, step) {
  const before = traffic.counts();
  const started = Date.now();
  await step();
  const counts = countsBetween(traffic.counts(), before);
  const failures = Object.entries(counts.failures)
    .map(([key, count]) => `${key} x${count}`)
    .join(', ');
  return `${String(counts.total).padStart(5)} requests, ${String(counts.failed).padStart(3)} failed, ${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s${failures ? `  (${failures})` : ''}`;
}

/**
 * `site-remotes <args>` against one registry replica with the platform token; resolves with its output.
 * @param {string} registry @param {string} token @param {string[]} args @param {(output: string) => void} [onOutput]
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function siteRemotes(registry, token, args, onOutput) {
  const child = spawn(process.execPath, [CLI, ...args, '--registry', registry], {
    env: { ...process.env, SITE_REMOTES_TOKEN: token, SITE_REMOTES_CANARY_WAIT_MS: '120000' },
  });
  let output = '';
  const collect = (/** @type {Buffer} */ chunk) => {
    output += String(chunk);
    onOutput?.(output);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

/**
 * A news build with one extra section from the end-to-end fixtures: a release the news team could make.
 * @param {string} workDir @param {string} section
 */
async function newsBuildWith(workDir, section) {
  const { buildRemote } = require(path.join(repoRoot, 'infra/build-preset/src/index.js'));
  const copy = path.join(workDir, `news-${section}`);
  fs.cpSync(path.join(repoRoot, 'remotes/news'), copy, {
    recursive: true,
    filter: (source) => !['dist', '.federation', 'node_modules'].includes(path.basename(source)),
  });
  fs.cpSync(path.join(repoRoot, 'infra/e2e/fixtures/sections', section), path.join(copy, 'src/sections', section), { recursive: true });
  const { manifest } = await buildRemote({ team: 'news', rootDir: copy });
  return { dist: path.join(copy, 'dist'), version: /** @type {string} */ (manifest.site.version) };
}

/**
 * Milliseconds from `started` until every shell serves `version` of news to everyone (its /_platform/remotes.json),
 * or null after `timeoutMs`.
 * @param {{ url: string }[]} shells @param {string} dashboardToken @param {string} version @param {number} started @param {number} timeoutMs
 */
async function liveOnEveryShell(shells, dashboardToken, version, started, timeoutMs) {
  const seen = new Set();
  while (Date.now() - started < timeoutMs) {
    for (const shell of shells) {
      if (seen.has(shell.url)) continue;
      const live = await fetch(`${shell.url}/_platform/remotes.json`, { headers: { authorization: `Bearer ${dashboardToken}` } })
        .then((response) => /** @type {Promise<{ remotes: Array<{ name: string, version: string }> }>} */ (response.json()))
        .then((body) => body.remotes.find((remote) => remote.name === 'news')?.version)
        .catch(() => undefined);
      if (live === version) seen.add(shell.url);
    }
    if (seen.size === shells.length) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/**
 * What one replica answers per second on this machine, each measured alone (the rest of the fleet idle) with
 * `CONNECTIONS` closed loops: the shell's cached page, the shell's renders of pages nobody asked for before (a new
 * search each), nginx's cached page, the content API's list reads and the intake's submissions.
 * @param {Awaited<ReturnType<typeof startFleet>>} fleet
 */
async function capacity(fleet) {
  const [shell] = fleet.replicasOf('shell');
  const [api] = fleet.replicasOf('content-api');
  const headers = { 'accept-language': 'ru', 'accept-encoding': 'br' };
  /** @param {string} base @param {(client: number, n: number) => string} nextPath */
  const rate = async (base, nextPath) => {
    const result = await runLoad({ base, clients: CONNECTIONS, seconds: CAPACITY_SECONDS, nextPath, headers });
    const ok = result.samples.filter((sample) => sample.status === 200).length;
    return `${(ok / result.seconds).toFixed(0).padStart(6)} /s  (${result.samples.length - ok} not 200)`;
  };
  console.log(`\nOne replica alone, ${CONNECTIONS} connections, ${CAPACITY_SECONDS} s each`);
  await fetch(`${shell?.url}/news`, { headers });
  console.log(`  shell, cached page /news          ${await rate(shell?.url ?? '', () => '/news')}`);
  const run = Date.now().toString(36);
  console.log(
    `  shell, uncached renders (search)  ${await rate(shell?.url ?? '', (client, n) => `/search?query=${encodeURIComponent(`наука ${run}-${client}-${n}`)}`)}`,
  );
  await fetch(`${fleet.url}/news`, { headers });
  console.log(`  nginx, cached page /news          ${await rate(fleet.url, () => '/news')}`);
  console.log(`  content API, list reads           ${await rate(api?.url ?? '', (_client, n) => `/ru/news?page=${(n % 10) + 1}`)}`);
  const count = 400;
  const started = Date.now();
  const outcome = await submitForms({ replicaUrls: [api?.url ?? ''], count, concurrency: CONNECTIONS });
  const seconds = (Date.now() - started) / 1000;
  console.log(
    `  content API, form submissions     ${(outcome.acknowledged.size / seconds).toFixed(0).padStart(6)} /s  (${count} submissions, ${count - outcome.acknowledged.size} not acknowledged)`,
  );
}

async function main() {
  // Inside the repository, as the end-to-end tests make theirs: a copy of a remote resolves its packages from here.
  fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  const workDir = fs.mkdtempSync(path.join(repoRoot, 'test-results', 'fleet-bench-'));
  console.log('building a news release (one more section)…');
  const release = await newsBuildWith(workDir, 'E2eFresh');
  // The canary drill needs a real build whose section throws: minutes of webpack on a small machine, so opt-in.
  const withCanary = process.argv.includes('--canary') || process.env.npm_config_canary === 'true';
  if (withCanary) console.log('building a news release whose section throws…');
  const throwing = withCanary ? await newsBuildWith(workDir, 'E2eCanaryThrows') : null;
  const fleet = await startFleet({
    replicas: { shell: 3, 'content-api': 2, registry: 2, 'remote-host': 2 },
    log: (line) => console.log(line),
    env: {
      PAGE_MISS_BURST: '1000000',
      PAGE_MISS_PER_SECOND: '1000000',
      FORM_RATE_LIMIT_MAX: '1000000',
      FORM_CLIENT_RATE_LIMIT_MAX: '1000000',
      REGISTRY_POLL_MS: '500',
      CANARY_MIN_RENDERS: '6',
      CANARY_WINDOW_MS: '20000',
      PAGE_CACHE_FRESH_MS: '500',
    },
  });
  try {
    await capacity(fleet);
    const traffic = startTraffic({ base: fleet.url, connections: CONNECTIONS });
    await new Promise((resolve) => setTimeout(resolve, 5000));
    console.log(`\nRolling restart under ${CONNECTIONS} connections of mixed pages, search, API reads and assets (SIGTERM, exit, start, /ready)`);
    for (const kind of KINDS)
      for (const replica of fleet.replicasOf(kind))
        console.log(`  ${replica.name.padEnd(14)} ${await measured(traffic, () => fleet.restart(kind, replica.index))}`);

    console.log('\nSIGKILL of one replica of each kind, then started again');
    for (const kind of KINDS) console.log(`  ${`${kind}-1`.padEnd(14)} ${await measured(traffic, () => fleet.kill(kind, 0, 2000))}`);

    const [registryA, registryB] = fleet.replicasOf('registry');
    const shells = fleet.replicasOf('shell');
    console.log(`\nA release of news published through registry A (${registryA?.name})`);
    let published = 0;
    const deploy = await siteRemotes(registryA?.url ?? '', fleet.tokens.operator, ['deploy', release.dist], (output) => {
      if (!published && output.includes('deployed news@')) published = Date.now();
    });
    published ||= Date.now();
    const liveMs = await liveOnEveryShell(shells, fleet.tokens.dashboard, release.version, published, 30_000);
    console.log(`  ${deploy.output.trim().split('\n').join('; ')}`);
    console.log(
      `  deploy exit ${deploy.code}; live on all ${shells.length} shells ${liveMs === null ? 'not within 30 s' : `${(liveMs / 1000).toFixed(2)} s`} after the registry answered (goal 5 s)`,
    );
    for (const host of fleet.replicasOf('remote-host')) {
      const response = await fetch(`${host.url}/remotes/news/${release.version}/remoteEntry.js`);
      console.log(`  ${host.name} serves its remoteEntry.js: ${response.status}`);
    }
    let rolledBack = 0;
    const rollback = await siteRemotes(registryB?.url ?? '', fleet.tokens.operator, ['rollback', 'news'], (output) => {
      if (!rolledBack && output.includes('rolled back to')) rolledBack = Date.now();
    });
    rolledBack ||= Date.now();
    const stableVersion = JSON.parse(fs.readFileSync(path.join(repoRoot, 'remotes/news/dist/mf-manifest.json'), 'utf8')).site.version;
    const backMs = await liveOnEveryShell(shells, fleet.tokens.dashboard, stableVersion, rolledBack, 30_000);
    console.log(
      `  rollback through registry B (${registryB?.name}) exit ${rollback.code}; ${stableVersion} live on all shells ${backMs === null ? 'not within 30 s' : `${(backMs / 1000).toFixed(2)} s`} after the registry answered (goal 2 s)`,
    );

    if (throwing) await canaryDrill(fleet, throwing);
    else console.log('\n(the canary drill runs with --canary: it builds a news release whose section throws first)');

    console.log(`\n${SUBMISSIONS} form submissions over both content APIs, content-api-2 killed midway`);
    const started = Date.now();
    const outcome = await submitForms({
      replicaUrls: fleet.replicasOf('content-api').map((replica) => replica.url),
      count: SUBMISSIONS,
      concurrency: 16,
      midway: () => fleet.kill('content-api', 1),
    });
    const seconds = (Date.now() - started) / 1000;
    const intake = compareIntake(outcome, await storedSubmissions(fleet.databaseUrl, outcome.prefix));
    console.log(
      `  acknowledged ${intake.acknowledged}, stored exactly once ${intake.exactlyOnce}, missing ${intake.missing}, duplicated ${intake.duplicated}, rows ${intake.rows}, unacknowledged ${outcome.unacknowledged.length}; ${outcome.retries} retries (${outcome.replayed} answered as already stored); ${seconds.toFixed(1)} s, ${(intake.acknowledged / seconds).toFixed(0)} submissions/s`,
    );
    const totals = await traffic.stop();
    console.log(`\nvisitors' traffic over the whole run: ${totals.total} requests, ${totals.failed} failed`);
  } finally {
    await fleet.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * A canary of news whose section throws, for half the visitors; the registry holding the judge's lock is killed while
 * the canary is judged; the other replica takes the lock and rolls it back.
 * @param {Awaited<ReturnType<typeof startFleet>>} fleet @param {{ dist: string, version: string }} throwing
 */
async function canaryDrill(fleet, throwing) {
  console.log('\nA canary whose section throws (50 %), the judge leader registry killed midway');
  const slug = 'fleet-canary';
  const page = await fetch(`${fleet.replicasOf('content-api')[0]?.url}/admin/ru/pages/${slug}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${fleet.tokens.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      slug,
      title: 'Канареечный выпуск',
      components: [
        { id: 'latest', name: 'NewsLatest', props: { limit: 2 } },
        { id: 'throws', name: 'E2eCanaryThrows', props: { text: 'сломанный выпуск' } },
      ],
    }),
  });
  if (!page.ok) throw new Error(`could not write the canary page: ${page.status} ${await page.text()}`);
  const [registryA] = fleet.replicasOf('registry');
  let canaryLive = 0;
  const deploy = siteRemotes(registryA?.url ?? '', fleet.tokens.operator, ['deploy', throwing.dist, '--canary', '50'], (output) => {
    if (!canaryLive && output.includes('is a canary for')) canaryLive = Date.now();
  });
  let verdict = false;
  void deploy.then(() => (verdict = true));
  while (!canaryLive && !verdict) await new Promise((resolve) => setTimeout(resolve, 100));
  // Visitors of both buckets, each on a shell of its own: renders for the judge to compare.
  const visit = async (/** @type {number} */ bucket, /** @type {number} */ n) => {
    const shells = fleet.replicasOf('shell');
    await fetch(`${shells[n % shells.length]?.url}/${slug}`, { headers: { cookie: `site_bucket=${bucket}`, 'accept-language': 'ru' } }).catch(() => undefined);
  };
  const leader = await judgeLeader(fleet);
  let killed = '';
  for (let n = 0; !verdict && Date.now() - canaryLive < 90_000; n += 1) {
    await Promise.all([visit(10, n), visit(80, n)]);
    if (!killed && Date.now() - canaryLive > 3000 && leader) {
      killed = leader.name;
      void fleet.kill(leader.kind, leader.index, 1000);
    }
  }
  const outcome = await deploy;
  const rolledBackMs = Date.now() - canaryLive;
  const audit = await fetch(`${fleet.registryUrl}/api/audit?remote=news`, { headers: { authorization: `Bearer ${fleet.tokens.operator}` } });
  const { entries } = /** @type {{ entries: Array<{ action: string, detail: string | null }> }} */ (await audit.json());
  const rollbacks = entries.filter((entry) => entry.action === 'canary-rollback' && entry.detail?.includes(throwing.version));
  console.log(
    `  judge leader killed: ${killed || 'none found'}; ${/canary rolled back/.test(outcome.output) ? 'rolled back' : `no rollback (exit ${outcome.code})`} ${(rolledBackMs / 1000).toFixed(1)} s after the canary went live (goal 60 s); canary-rollback audit entries: ${rollbacks.length}`,
  );
}

/**
 * The registry replica holding the canary judge's advisory lock (the backend holding it, matched by its client port).
 * @param {Awaited<ReturnType<typeof startFleet>>} fleet
 */
async function judgeLeader(fleet) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: fleet.databaseUrl });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const { rows } = await client.query(
        "SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database()",
      );
      for (const row of rows) {
        const owner = await ownerOfPort(Number(row.client_port));
        const replica = fleet.replicasOf('registry').find((candidate) => candidate.service.pid === owner);
        if (replica) return replica;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return null;
  } finally {
    await client.end();
  }
}

/** The pid of the local process with a TCP socket on `port` (from /proc), or null. @param {number} port */
async function ownerOfPort(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const table = fs.readFileSync('/proc/net/tcp', 'utf8') + (fs.existsSync('/proc/net/tcp6') ? fs.readFileSync('/proc/net/tcp6', 'utf8') : '');
  const line = table.split('\n').find((row) => row.split(/\s+/)[2]?.endsWith(`:${hex}`));
  const inode = line?.trim().split(/\s+/)[9];
  if (!inode) return null;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return Number(pid);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return null;
}

runBench(main);
