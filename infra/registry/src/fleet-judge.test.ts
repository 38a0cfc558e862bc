import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { CONTRACTS_VERSION } from '@site/contracts';
import { remoteBuildFiles } from '@site/test-support/remote-builds';
import { RegistryApi } from './client';
import { createRegistryServer } from './registry-server';
import { closeStore, openStore, type RegistryPaths } from './operations';
import { hashToken } from './tokens';

/**
 * Several registry replicas on one PostgreSQL database, each a process of its own (the built registry, as a fleet runs
 * it) with its own pool: one canary judge for all of them, a standby taking over when the judge dies, a verdict
 * recorded once however many judges race on it, and a store that never holds up the event loop.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DIST = path.join(__dirname, '../dist/index.js');
const PLATFORM = 'platform-secret';
let schemas = 0;

jest.setTimeout(60_000);

async function sql(statement: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Answers once `check` does, polling every 100 ms, or throws after `timeoutMs`. */
async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Replica {
  child: ChildProcessWithoutNullStreams;
  base: string;
  exited: Promise<void>;
}

/** One registry replica in a process of its own; its judge ticks every 200 ms. */
function startReplica(paths: RegistryPaths): Promise<Replica> {
  const script = `
    const { createRegistryServer, hashToken } = require(${JSON.stringify(DIST)});
    const app = createRegistryServer({
      paths: JSON.parse(process.argv[1]),
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(${JSON.stringify(PLATFORM)}), teams: {} },
      canary: { intervalMs: 200 },
    });
    app.listen({ port: 0, host: '127.0.0.1' }).then(() => console.log('port ' + app.server.address().port));
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
  const child = spawn(process.execPath, ['-e', script, JSON.stringify(paths)], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /port (\d+)/.exec(output);
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}`, exited });
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`a replica exited with ${code} before listening: ${output}`)));
  });
}

async function judgeOf(replica: Replica): Promise<string> {
  const response = await fetch(`${replica.base}/health`);
  return ((await response.json()) as { judge: string }).judge;
}

function build(version: string): Map<string, Buffer> {
  return remoteBuildFiles({ version, sections: ['NewsLatest'] });
}

/** news 1.0.0 live and 1.1.0 a canary for 10 % of visitors; a shell reports every render of the canary failing. */
async function failingCanary(api: RegistryApi, base: string): Promise<void> {
  for (const version of ['1.0.0-aaaaaaaaaa', '1.1.0-bbbbbbbbbb']) await api.publish('news', build(version));
  await api.activate('news', '1.0.0-aaaaaaaaaa');
  await api.activate('news', '1.1.0-bbbbbbbbbb', 10);
  const counters = [
    { remote: 'news', version: '1.0.0-aaaaaaaaaa', renders: 200, renderErrors: 0, browserErrors: 0 },
    { remote: 'news', version: '1.1.0-bbbbbbbbbb', renders: 30, renderErrors: 30, browserErrors: 0 },
  ];
  const reported = await fetch(`${base}/api/fleet/report`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PLATFORM}`, 'content-type': 'application/json' },
    body: JSON.stringify({ instance: 'shell-a', contractsVersion: CONTRACTS_VERSION, shared: {}, registryRevision: 0, pollAgeMs: 0, live: [], counters }),
  });
  expect(reported.status).toBe(204);
}

describe('registry replicas on one PostgreSQL database', () => {
  let dir: string;
  let schema: string;
  let paths: RegistryPaths;
  const replicas: Replica[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-fleet-'));
    schema = `registry_fleet_test_${process.pid}_${++schemas}`;
    paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db'), databaseUrl: TEST_DATABASE_URL, databaseSchema: schema };
  });

  afterEach(async () => {
    for (const replica of replicas.splice(0)) {
      replica.child.kill('SIGKILL');
      await replica.exited;
    }
    await closeStore(paths);
    await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('elects one judge; when it is killed the other replica judges within a few seconds and rolls a failing canary back once', async () => {
    replicas.push(await startReplica(paths), await startReplica(paths));
    const roles = () => Promise.all(replicas.map(judgeOf));
    await until(async () => (await roles()).includes('leader'), 10_000, 'a judge elected');
    // Over several ticks of both judges, exactly one leads.
    for (let check = 0; check < 5; check += 1) {
      expect((await roles()).sort()).toEqual(['leader', 'standby']);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const leaderIndex = (await roles()).indexOf('leader');
    const leader = replicas[leaderIndex]!;
    const survivor = replicas[1 - leaderIndex]!;
    leader.child.kill('SIGKILL');
    await leader.exited;
    const killedAt = Date.now();
    await until(async () => (await judgeOf(survivor)) === 'leader', 5_000, 'the standby taking over');
    console.log(`registry fleet: the standby judged ${Date.now() - killedAt} ms after the judge was killed`);

    const api = new RegistryApi(survivor.base, PLATFORM);
    await failingCanary(api, survivor.base);
    const listed = await until(
      async () => {
        const news = (await api.list()).remotes.news!;
        return news.canary ? null : news;
      },
      10_000,
      'the canary rolled back',
    );
    expect(listed.current).toBe('1.0.0-aaaaaaaaaa');
    // More ticks of the judge change nothing: one verdict, one audit entry, counted once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rollbacks = (await api.audit('news')).entries.filter((entry) => entry.action === 'canary-rollback');
    expect(rollbacks).toHaveLength(1);
    expect(rollbacks[0]).toMatchObject({ actor: 'canary-analysis', outcome: 'ok', to: '1.0.0-aaaaaaaaaa' });
    expect((await api.fleet()).canaries.news).toMatchObject({ state: 'rolled back', version: '1.1.0-bbbbbbbbbb' });
  });

  it('hands the judging to the standby when the judge hangs (stopped, its connection open), and the judge steps down when it wakes', async () => {
    replicas.push(await startReplica(paths), await startReplica(paths));
    const roles = () => Promise.all(replicas.map(judgeOf));
    await until(async () => (await roles()).includes('leader'), 10_000, 'a judge elected');
    const leaderIndex = (await roles()).indexOf('leader');
    const hung = replicas[leaderIndex]!;
    const standby = replicas[1 - leaderIndex]!;
    hung.child.kill('SIGSTOP');
    try {
      // The hung judge's session goes idle; the server ends it after 10 s and the lock is free.
      await until(async () => (await judgeOf(standby)) === 'leader', 20_000, 'the standby taking over from a hung judge');
    } finally {
      hung.child.kill('SIGCONT');
    }
    await until(async () => (await judgeOf(hung)) === 'standby', 5_000, 'the woken judge stepping down');
    expect((await roles()).sort()).toEqual(['leader', 'standby']);
  });

  it('records one rollback and one audit entry when two judges in two processes race on one failing canary, and every replica counts it once', async () => {
    // The replica the shells and the test talk to; its own judge does not tick during the test.
    const app = createRegistryServer({
      paths,
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(PLATFORM), teams: {} },
      canary: { intervalMs: 600_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const api = new RegistryApi(base, PLATFORM);
    await failingCanary(api, base);
    // Two more judges, each in its own process with its own pool, judging at the same moment (three tries each),
    // leadership aside: the verdict itself must hold under the race.
    const startAt = Date.now() + 1_500;
    const script = `
      const { createRegistryServer } = require(${JSON.stringify(DIST)});
      const app = createRegistryServer({ paths: JSON.parse(process.argv[1]), remotesPublicUrl: 'http://x/', tokens: { teams: {}, platform: null } });
      setTimeout(async () => {
        await Promise.all([app.canaryJudge.judge(), app.canaryJudge.judge(), app.canaryJudge.judge()]);
        await app.close();
        process.exit(0);
      }, ${startAt} - Date.now());
    `;
    const judges = [0, 1].map(
      (index) =>
        new Promise<void>((resolve, reject) => {
          const child = spawn(process.execPath, ['-e', script, JSON.stringify(paths)], { stdio: ['ignore', 'ignore', 'pipe'] });
          let errors = '';
          child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
          child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`judge ${index} exited with ${code}: ${errors}`))));
        }),
    );
    try {
      await Promise.all(judges);
    } catch (error) {
      await app.close();
      throw error;
    }

    const news = (await api.list()).remotes.news!;
    expect(news.current).toBe('1.0.0-aaaaaaaaaa');
    expect(news.canary ?? null).toBeNull();
    expect(news.versions.find((item) => item.version === '1.1.0-bbbbbbbbbb')!.bad).toMatch(/^error rate above the stable version/);
    expect((await api.audit('news')).entries.filter((entry) => entry.action === 'canary-rollback')).toHaveLength(1);
    // The outcome counter comes from the stored state: a replica that did not judge reports it too.
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${PLATFORM}` } });
    const text = await metrics.text();
    await app.close();
    expect(text).toContain('site_canary_rollbacks_total{remote="news"} 1');
  });

  it("answers shells while a change waits for another replica's row lock, and fails a change that outlasts the statement timeout", async () => {
    const app = createRegistryServer({
      paths: { ...paths, database: { statementTimeoutMs: 1_500 } },
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(PLATFORM), teams: {} },
      canary: { intervalMs: 60_000 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      await openStore(paths).read();
      // Another replica's transaction holds the state row.
      const other = new Client({ connectionString: TEST_DATABASE_URL, options: `-c search_path=${schema}` });
      await other.connect();
      await other.query('BEGIN');
      await other.query('SELECT document FROM registry_state WHERE id = 1 FOR UPDATE');
      const order: string[] = [];
      const change = fetch(`${base}/api/sections/NewsLatest/transfer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PLATFORM}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: 'news' }),
      }).then(async (response) => {
        order.push('change');
        return { status: response.status, body: (await response.json()) as { message: string } };
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The waiting change holds up neither the event loop nor the shells' polls.
      const polls = await Promise.all(Array.from({ length: 5 }, () => fetch(`${base}/registry.json`)));
      order.push('polls');
      expect(polls.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
      const refused = await change;
      expect(order).toEqual(['polls', 'change']);
      expect(refused.status).toBe(500);
      expect(refused.body.message).toContain('statement timeout');
      await other.query('ROLLBACK');
      await other.end();
      // The lock gone, the same change goes through.
      const transferred = await fetch(`${base}/api/sections/NewsLatest/transfer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PLATFORM}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: 'news' }),
      });
      expect(transferred.status).toBe(200);
    } finally {
      await app.close();
    }
  });
});
