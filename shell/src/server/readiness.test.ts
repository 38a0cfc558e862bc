import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { createRegistryServer } from '@site/registry';
import { createShellServer, type ShellServer } from './app';
import { readConfig } from './config';

/** A port nothing listens on yet (the services come up on it later in the test). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('readiness: a shell is ready only once it has read the catalog of remotes and the content revision', () => {
  let dir: string;
  let shell: ShellServer;
  let contentApi: ContentApi | undefined;
  let registry: FastifyInstance | undefined;

  afterAll(async () => {
    await shell?.close();
    await registry?.close();
    await contentApi?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('/ready answers 503 while the registry and the content API have not answered, 200 once both have; /health stays 200', async () => {
    initFederation({ name: 'shell', remotes: [] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-readiness-'));
    const browserDir = path.join(dir, 'browser');
    fs.mkdirSync(browserDir);
    fs.writeFileSync(path.join(browserDir, 'shell-assets.json'), JSON.stringify({ js: [], css: [] }));
    const [apiPort, registryPort] = [await freePort(), await freePort()];
    const config = readConfig(
      {
        CONTENT_API_URL: `http://127.0.0.1:${apiPort}`,
        REGISTRY_URL: `http://127.0.0.1:${registryPort}/registry.json`,
        REGISTRY_POLL_MS: '100',
        CONTENT_REVISION_POLL_MS: '100',
        LOG_LEVEL: 'silent',
      },
      browserDir,
    );
    shell = await createShellServer({ ...config, browserDistDir: browserDir });
    const ready = () => shell.app.inject({ method: 'GET', url: '/ready' });

    const starting = await ready();
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting', catalog: false, contentRevision: false });
    expect((await shell.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    const base = configFromEnv({});
    contentApi = await createContentApi({ ...base, host: '127.0.0.1', port: apiPort, dataDir: path.join(dir, 'api'), databaseUrl: undefined, logger: false });
    await contentApi.app.listen({ host: '127.0.0.1', port: apiPort });
    registry = createRegistryServer({
      paths: { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') },
      remotesPublicUrl: 'http://127.0.0.1:1/remotes/',
      tokens: { teams: {}, platform: null },
    });
    await registry.listen({ host: '127.0.0.1', port: registryPort });

    const deadline = Date.now() + 10_000;
    let answer = await ready();
    while (answer.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await ready();
    }
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ready', catalog: true, contentRevision: true });
    expect(answer.headers['cache-control']).toBe('no-store');
  }, 60_000);
});
