import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createRegistryServer, type RegistryServerOptions } from '../registry-server';
import { closeStore, type RegistryPaths } from '../operations';

/** The PostgreSQL database the registry's tests keep their state in (each test in a schema of its own). */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The stores the registry keeps its state in: a suite that depends on the store runs on each. */
export const STATE_ENGINES = ['sqlite', 'postgres'] as const;
export type StateEngine = (typeof STATE_ENGINES)[number];

let schemas = 0;

async function dropSchema(schema: string): Promise<void> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

export interface RegistryUnderTest {
  /** The test's own folder: the registry's CDN folder and SQLite file are in it, and builds may be written there. */
  readonly dir: string;
  /** The registry's base URL (real HTTP on a free loopback port). */
  readonly base: string;
  readonly app: ReturnType<typeof createRegistryServer>;
  paths(): RegistryPaths;
}

/**
 * A registry for each test of the suite that calls this: served over real HTTP, its state in a throw-away SQLite
 * file or in a PostgreSQL schema of its own, its CDN in a throw-away folder; all of it removed after the test.
 */
export function registryPerTest(engine: StateEngine, options: Omit<RegistryServerOptions, 'paths'>): RegistryUnderTest {
  let dir = '';
  let schema = '';
  let base = '';
  let app: ReturnType<typeof createRegistryServer> | undefined;
  const paths = (): RegistryPaths => ({
    cdnDir: path.join(dir, 'cdn'),
    stateFile: path.join(dir, 'registry', 'registry.db'),
    ...(engine === 'postgres' ? { databaseUrl: TEST_DATABASE_URL, databaseSchema: schema } : {}),
  });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-test-'));
    schema = `registry_test_${process.pid}_${++schemas}`;
    app = createRegistryServer({ ...options, paths: paths() });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await closeStore(paths());
    if (engine === 'postgres') await dropSchema(schema);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  return {
    get dir() {
      return dir;
    },
    get base() {
      return base;
    },
    get app() {
      if (!app) throw new Error('the registry runs only during a test');
      return app;
    },
    paths,
  };
}
