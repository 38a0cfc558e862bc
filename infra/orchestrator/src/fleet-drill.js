// @ts-check
'use strict';
// What a fleet drill sends and counts: visitors' mixed requests through nginx (pages, search, API reads, the
// shell's and the remotes' assets), at a fixed rate or from a fixed number of connections, and form submissions
// with idempotency keys spread over the content API replicas, retried with the same key as the site's forms do.
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { Client } = require('pg');
const { repoRoot, REMOTES } = require('./builds');

const PAGES = ['/', '/news', '/events', '/en', '/en/news', '/about', '/education', '/contacts'];
const WORDS = ['студенты', 'наука', 'лаборатория', 'магистратура', 'students', 'research', 'курс', 'событие'];

/**
 * The paths a visitor's browser asks for: seen pages, searches (renders of their own), the content API and the
 * shell's and the built remotes' static files.
 */
function mixedPaths() {
  const shellAssets = JSON.parse(fs.readFileSync(path.join(repoRoot, 'shell/dist/browser/shell-assets.json'), 'utf8'));
  const remoteEntries = REMOTES.map((team) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'remotes', team, 'dist/mf-manifest.json'), 'utf8'));
    return `/remotes/${team}/${manifest.site.version}/${manifest.metaData.remoteEntry.name}`;
  });
  /** @type {string[]} */
  const assets = [...shellAssets.js.map((/** @type {string} */ file) => `/_shell/${file}`), ...remoteEntries];
  /** @param {number} n */
  return (n) => {
    switch (n % 5) {
      case 0:
        return PAGES[((n / 5) % PAGES.length) | 0] ?? '/';
      case 1:
        return `/search?query=${encodeURIComponent(WORDS[(n * 7) % WORDS.length] ?? 'наука')}&page=${(n % 3) + 1}`;
      case 2:
        return `/api/ru/news?page=${(n % 10) + 1}`;
      case 3:
        return assets[n % assets.length] ?? '/';
      default:
        return PAGES[(n * 3) % PAGES.length] ?? '/';
    }
  };
}

/**
 * One GET; resolves with its status, or 0 when the connection failed or the time ran out.
 * @param {http.Agent} agent @param {string} url @param {number} timeoutMs
 * @returns {Promise<number>}
 */
function get(agent, url, timeoutMs) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: timeoutMs, headers: { 'accept-language': 'ru', 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve(0));
  });
}

/**
 * @typedef {object} TrafficCounts
 * @property {number} total
 * @property {number} failed   no answer, or a status of 400 and above
 * @property {Record<string, number>} failures  `status path` -> count
 */

/**
 * Visitors' traffic through `base` until stopped: `ratePerSecond` requests started each second whatever the answers
 * take (a fixed rate), or `connections` loops each sending the next request when the previous one is answered.
 * `counts()` is a snapshot; differences of two snapshots give the figures of one step.
 * @param {{ base: string, ratePerSecond?: number, connections?: number, timeoutMs?: number }} options
 */
function startTraffic(options) {
  const nextPath = mixedPaths();
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 64 });
  const timeoutMs = options.timeoutMs ?? 30_000;
  /** @type {TrafficCounts} */
  const counts = { total: 0, failed: 0, failures: {} };
  let stopped = false;
  let n = 0;
  /** @type {Set<Promise<void>>} */
  const inFlight = new Set();
  const one = () => {
    const requestPath = nextPath(n++);
    const done = get(agent, `${options.base}${requestPath}`, timeoutMs).then((status) => {
      counts.total += 1;
      if (status === 0 || status >= 400) {
        counts.failed += 1;
        const key = `${status || 'no answer'} ${requestPath}`;
        counts.failures[key] = (counts.failures[key] ?? 0) + 1;
      }
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
    return done;
  };
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  /** @type {Promise<void>[]} */
  const loops = [];
  if (options.ratePerSecond) {
    const every = 1000 / options.ratePerSecond;
    const started = performance.now();
    let sent = 0;
    timer = setInterval(
      () => {
        const due = Math.floor((performance.now() - started) / every);
        for (; sent < due && !stopped; sent += 1) void one();
      },
      Math.max(5, Math.floor(every / 2)),
    );
  } else {
    for (let i = 0; i < (options.connections ?? 16); i += 1)
      loops.push(
        (async () => {
          while (!stopped) await one();
        })(),
      );
  }
  return {
    /** @returns {TrafficCounts} */
    counts: () => ({ total: counts.total, failed: counts.failed, failures: { ...counts.failures } }),
    /** Resolves once `more` requests have been answered (or have failed) from now on. @param {number} more */
    async answered(more) {
      const target = counts.total + more;
      while (counts.total < target && !stopped) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    /** Stops sending, waits for the answers in flight and returns the totals. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...loops, ...inFlight]);
      agent.destroy();
      return this.counts();
    },
  };
}

/** @param {TrafficCounts} later @param {TrafficCounts} earlier @returns {TrafficCounts} */
function countsBetween(later, earlier) {
  /** @type {Record<string, number>} */
  const failures = {};
  for (const [key, value] of Object.entries(later.failures)) {
    const difference = value - (earlier.failures[key] ?? 0);
    if (difference > 0) failures[key] = difference;
  }
  return { total: later.total - earlier.total, failed: later.failed - earlier.failed, failures };
}

/**
 * @typedef {object} SubmissionOutcome
 * @property {string} prefix                        every key of this campaign starts with it
 * @property {Map<string, string>} acknowledged     idempotency key -> id the intake answered with
 * @property {number} attempts
 * @property {number} retries                       attempts after the first of a submission
 * @property {number} replayed                      answers saying the key was already stored
 * @property {string[]} unacknowledged              keys that got no answer within the retry budget
 */

/**
 * `count` contact-form submissions, `concurrency` at a time, the n-th sent to replica n mod replicas; a submission
 * whose attempt fails (no answer, 5xx) is sent again with the same idempotency key to the next replica after a
 * pause, as a browser's retry reaches another replica through the balancer. `midway` runs once half are
 * acknowledged (e.g. SIGKILL of a replica), while the submissions go on.
 * @param {{ replicaUrls: string[], count: number, concurrency?: number, midway?: () => Promise<void>, retryBudgetMs?: number }} options
 * @returns {Promise<SubmissionOutcome>}
 */
async function submitForms(options) {
  const prefix = `drill-${crypto.randomBytes(4).toString('hex')}`;
  /** @type {Map<string, string>} */
  const acknowledged = new Map();
  /** @type {string[]} */
  const unacknowledged = [];
  let attempts = 0;
  let retries = 0;
  let replayed = 0;
  /** @type {Promise<void> | null} */
  let midway = null;
  let next = 0;
  const budgetMs = options.retryBudgetMs ?? 60_000;
  const submitOne = async (/** @type {number} */ n) => {
    const key = `${prefix}-${n}`;
    const body = JSON.stringify({
      name: `Абитуриент ${n}`,
      email: `applicant${n}@example.org`,
      message: `Вопрос о приёме номер ${n}: когда откроется подача документов?`,
      consent: true,
    });
    const deadline = Date.now() + budgetMs;
    for (let attempt = 0; Date.now() < deadline; attempt += 1) {
      const base = options.replicaUrls[(n + attempt) % options.replicaUrls.length];
      attempts += 1;
      if (attempt > 0) retries += 1;
      try {
        const response = await fetch(`${base}/ru/forms/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-form-client': `drill-client-${n % 50}` },
          body,
          signal: AbortSignal.timeout(15_000),
        });
        if (response.status === 200 || response.status === 201) {
          const answer = /** @type {{ id: string }} */ (await response.json());
          if (response.headers.get('idempotent-replayed') === 'true') replayed += 1;
          acknowledged.set(key, answer.id);
          if (!midway && options.midway && acknowledged.size >= options.count / 2) midway = options.midway();
          return;
        }
        await response.arrayBuffer();
        if (response.status < 500) throw new Error(`${key}: the intake refused it with ${response.status}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith(key)) throw error;
        // No answer: the replica is gone or going; the same key goes again.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    unacknowledged.push(key);
  };
  await Promise.all(
    Array.from({ length: options.concurrency ?? 8 }, async () => {
      while (next < options.count) await submitOne(next++);
    }),
  );
  await midway;
  return { prefix, acknowledged, attempts, retries, replayed, unacknowledged };
}

/**
 * What the intake holds for a campaign, read from the database: idempotency key -> ids stored under it.
 * @param {string} databaseUrl @param {string} prefix
 * @returns {Promise<Map<string, string[]>>}
 */
async function storedSubmissions(databaseUrl, prefix) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT idempotency_key, id FROM form_submissions WHERE idempotency_key LIKE $1', [`${prefix}-%`]);
    /** @type {Map<string, string[]>} */
    const stored = new Map();
    for (const row of rows) stored.set(row.idempotency_key, [...(stored.get(row.idempotency_key) ?? []), row.id]);
    return stored;
  } finally {
    await client.end();
  }
}

/**
 * Acknowledged submissions stored exactly once, under the id the intake answered with; and nothing stored that was
 * not submitted.
 * @param {SubmissionOutcome} outcome @param {Map<string, string[]>} stored
 */
function compareIntake(outcome, stored) {
  let exactlyOnce = 0;
  let missing = 0;
  let duplicated = 0;
  let otherId = 0;
  for (const [key, id] of outcome.acknowledged) {
    const ids = stored.get(key) ?? [];
    if (ids.length === 0) missing += 1;
    else if (ids.length > 1) duplicated += 1;
    else if (ids[0] !== id) otherId += 1;
    else exactlyOnce += 1;
  }
  const rows = [...stored.values()].reduce((sum, ids) => sum + ids.length, 0);
  return { acknowledged: outcome.acknowledged.size, exactlyOnce, missing, duplicated, otherId, rows };
}

module.exports = { startTraffic, countsBetween, submitForms, storedSubmissions, compareIntake };
