import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeStore } from './operations';
import { createRegistryServer } from './registry-server';
import { createStaticHost } from './static-host';

describe('readiness of the registry and the remote host', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-ready-'));
  });

  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the registry is ready while its store reads, and not from SIGTERM on (liveness stays 200)', async () => {
    const stopping = { draining: false };
    const paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
    const app = createRegistryServer({ paths, remotesPublicUrl: 'http://127.0.0.1:9/remotes/', tokens: { teams: {}, platform: null }, lifecycle: stopping });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect({ status: ready.statusCode, body: ready.json<unknown>() }).toEqual({ status: 200, body: { status: 'ready', revision: expect.any(Number) } });
      stopping.draining = true;
      const drained = await app.inject({ method: 'GET', url: '/ready' });
      expect({ status: drained.statusCode, body: drained.json<unknown>() }).toEqual({ status: 503, body: { status: 'stopping' } });
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await closeStore(paths);
    }
  });

  test('a registry whose PostgreSQL cannot be reached is not ready, and says why', async () => {
    // Nothing listens on port 9 of the loopback: every connection is refused at once.
    const paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'unused.db'), databaseUrl: 'postgres://127.0.0.1:9/test' };
    const app = createRegistryServer({ paths, remotesPublicUrl: 'http://127.0.0.1:9/remotes/', tokens: { teams: {}, platform: null } });
    try {
      const ready = await app.inject({ method: 'GET', url: '/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json<{ status: string; reason: string }>()).toEqual({ status: 'unavailable', reason: expect.any(String) });
    } finally {
      await app.close();
      await closeStore(paths);
    }
  });

  test('the remote host is ready while its published builds can be read, and not from SIGTERM on', async () => {
    const stopping = { draining: false };
    const cdnDir = path.join(dir, 'host-cdn');
    const app = createStaticHost({ cdnDir, lifecycle: stopping });
    try {
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
      fs.rmSync(cdnDir, { recursive: true, force: true });
      const missing = await app.inject({ method: 'GET', url: '/ready' });
      expect({ status: missing.statusCode, body: missing.json<unknown>() }).toEqual({
        status: 503,
        body: { status: 'unavailable', reason: 'the published builds cannot be read' },
      });
      fs.mkdirSync(cdnDir, { recursive: true });
      stopping.draining = true;
      expect((await app.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
