import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { createContentApi, type ContentApi } from '../app';
import { configFromEnv, type ContentApiConfig } from '../config';
import type { Engine } from '../db/database';
import { trackStart } from './left-behind';

/** Both engines run the same suites; PostgreSQL is the machine's server, isolated in a fresh schema per app. */
export const ENGINES: Engine[] = ['sqlite', 'postgres'];
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN_TOKEN = 'test-admin-token-0123456789';

export interface TestApi {
  api: ContentApi;
  engine: Engine;
  baseUrl: string;
  config: ContentApiConfig;
  stop(): Promise<void>;
}

let counter = 0;

/**
 * Starts a seeded API on a free port over the given engine; `stop` closes it and removes its data (once, however
 * often it is called). The jest setup stops it when the start outlasts its hook.
 */
export function startTestApi(engine: Engine, overrides: Partial<ContentApiConfig> = {}): Promise<TestApi> {
  return trackStart(
    launchTestApi(engine, overrides).then((test) => {
      let stopped: Promise<void> | undefined;
      return { ...test, stop: () => (stopped ??= test.stop()) };
    }),
  );
}

async function launchTestApi(engine: Engine, overrides: Partial<ContentApiConfig>): Promise<TestApi> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `content-api-${engine}-`));
  counter += 1;
  const schema = `content_test_${process.pid}_${counter}_${Math.floor(Math.random() * 1e6)}`;
  const base = configFromEnv({});
  const config: ContentApiConfig = {
    ...base,
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: engine === 'postgres' ? TEST_DATABASE_URL : undefined,
    databaseSchema: engine === 'postgres' ? schema : undefined,
    adminToken: ADMIN_TOKEN,
    captcha: { ...base.captcha, enabled: false },
    rateLimit: { max: 100_000, clientMax: 100_000, windowMs: 60_000 },
    logger: false,
    ...overrides,
  };
  const api = await createContentApi(config);
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  const address = api.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    api,
    engine,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      const log = process.env.DEBUG_TEST_STOP ? (step: string) => console.log(`[${engine}] stop: ${step}`) : () => undefined;
      log('closing');
      await api.close();
      log('closed');
      if (engine === 'postgres') {
        const admin = knex({ client: 'pg', connection: TEST_DATABASE_URL, pool: { min: 0, max: 1 } });
        await admin.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.destroy();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function getJson<T = unknown>(
  test: TestApi,
  pathAndQuery: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${test.baseUrl}${pathAndQuery}`, { headers: { accept: 'application/json', ...headers } });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}

export async function sendJson<T = unknown>(
  test: TestApi,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${test.baseUrl}${pathAndQuery}`, {
    method,
    headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

export const adminHeaders = { authorization: `Bearer ${ADMIN_TOKEN}` };
