import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { createContentApi, type ContentApi } from '../app';
import { configFromEnv } from '../config';
import { ENGINES } from '../test-support/test-api';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

describe.each(ENGINES)('the content API /ready means "can answer" on %s', (engine) => {
  let dataDir: string;
  let api: ContentApi;
  const schema = `content_ready_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const stopping = { draining: false };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-ready-'));
    const base = configFromEnv({});
    const database = engine === 'postgres' ? { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema } : { databaseUrl: undefined };
    api = await createContentApi({ ...base, dataDir, ...database, captcha: { ...base.captcha, enabled: false }, logger: false }, { lifecycle: stopping });
  }, 60_000);

  afterAll(async () => {
    await api.close().catch(() => undefined);
    if (engine === 'postgres') {
      const admin = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
      await admin.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.destroy();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = async () => {
    const response = await api.app.inject({ method: 'GET', url: '/ready' });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>(), cache: response.headers['cache-control'] };
  };

  test('200 once the database answers and every migration has run', async () => {
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' }, cache: 'no-store' });
  });

  test('503 while a migration of this build has not run (another replica may still be migrating)', async () => {
    const [last] = await api.db('knex_migrations').orderBy('id', 'desc').limit(1);
    await api.db('knex_migrations').where({ id: last.id }).delete();
    try {
      expect(await ready()).toEqual({ status: 503, body: { status: 'migrating', pendingMigrations: 1 }, cache: 'no-store' });
    } finally {
      await api.db('knex_migrations').insert(last);
    }
    expect((await ready()).status).toBe(200);
  });

  test('503 from the first SIGTERM on, while liveness stays 200', async () => {
    stopping.draining = true;
    try {
      expect(await ready()).toEqual({ status: 503, body: { status: 'stopping' }, cache: 'no-store' });
      expect((await api.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      stopping.draining = false;
    }
  });

  test('503 naming the reason when the database cannot be reached', async () => {
    await api.closeDatabase();
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe('unavailable');
    expect(typeof answer.body.reason).toBe('string');
  });
});
