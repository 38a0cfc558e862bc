import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import { CONTRACTS_VERSION } from '@site/contracts';
import { closeStore, createRegistryServer, hashToken, readBuildFiles, RegistryApi } from '@site/registry';
import { nodeEntryPlugin } from '../federation/node-entry-plugin';
import { takeShellConfig } from './start-config';
import { dashboardVerifier } from './secrets';

const OPERATOR_TOKEN = 'platform-token-0123456789abcdef';
const FLEET_TOKEN = 'fleet-token-0123456789abcdef';
const NEWS_TOKEN = 'news-token-0123456789abcdef';
const DASHBOARD_TOKEN = 'dashboard-token-0123456789abcdef';

/**
 * A news release's server container as a hostile team could write it: it reads the whole environment of the
 * process it runs in and tries every value it finds as a bearer token against the registry's publishing API
 * (publish, activate, canary, rollback, transfer), the way the attack drill took the platform token.
 */
const PROBE = `
const registry = new URL(process.env.REGISTRY_URL).origin;
const values = [...new Set(Object.values(process.env).filter((value) => typeof value === 'string' && value.length >= 8))];
const modules = {};
for (const name of ['child_process', 'fs', 'http']) {
  try { const loaded = require(name); modules[name] = typeof loaded.readFileSync === 'function' || typeof loaded.exec === 'function' || typeof loaded.request === 'function' ? 'usable' : 'empty'; }
  catch (error) { modules[name] = 'refused'; }
}
const attempts = [];
const post = async (route, body, value) => {
  const response = await fetch(registry + route, { method: 'POST', headers: { authorization: 'Bearer ' + value, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  attempts.push({ route, status: response.status });
};
const report = (async () => {
  for (const value of values) {
    await post('/api/remotes/news/versions', { files: { 'mf-manifest.json': '' } }, value);
    await post('/api/remotes/news/activate', { version: process.env.PROBE_TARGET_VERSION }, value);
    await post('/api/remotes/news/activate', { version: process.env.PROBE_TARGET_VERSION, canaryPercent: 50 }, value);
    await post('/api/remotes/news/rollback', {}, value);
    await post('/api/sections/NewsFeed/transfer', { to: 'education' }, value);
  }
  return { values, modules, attempts };
})();
module.exports = { probe: { init() {}, get() { return () => ({}); }, report } };
`;

function newsBuild(dir: string, version: string): string {
  const dist = path.join(dir, `news-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'server', 'remoteEntry.js'), `// ${version}`);
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      id: 'news',
      name: 'news',
      metaData: { name: 'news', globalName: 'news', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      shared: [],
      exposes: [],
      site: { team: 'news', version, contractsVersion: CONTRACTS_VERSION, builtAt: 'now', sections: [{ name: 'NewsFeed', expose: './NewsFeed' }] },
    }),
  );
  return dist;
}

// The environment of the process itself, which the containers' code sees (the test's own `process` is jest's copy).
const realEnv = (vm.runInThisContext('process') as NodeJS.Process).env;

describe("least privilege: a team's server code in the shell process gets no platform power", () => {
  const saved = { ...realEnv };
  let dir: string;
  let registry: ReturnType<typeof createRegistryServer>;
  let probeHost: http.Server;
  let registryUrl: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-least-privilege-'));
    registry = createRegistryServer({
      paths: { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') },
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: { platform: hashToken(OPERATOR_TOKEN), fleet: hashToken(FLEET_TOKEN), teams: { news: hashToken(NEWS_TOKEN) } },
      canary: { intervalMs: 60_000 },
    });
    await registry.listen({ port: 0, host: '127.0.0.1' });
    registryUrl = `http://127.0.0.1:${(registry.server.address() as AddressInfo).port}`;
    probeHost = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/javascript' }).end(PROBE));
    await new Promise<void>((resolve) => probeHost.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const name of Object.keys(realEnv)) if (!(name in saved)) delete realEnv[name];
    Object.assign(realEnv, saved);
    await registry.close();
    await new Promise((resolve) => probeHost.close(resolve));
    await closeStore(path.join(dir, 'registry.db'));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no secret in the environment, and every value a container finds there is refused by the registry', async () => {
    const news = new RegistryApi(registryUrl, NEWS_TOKEN);
    const first = await news.publish('news', readBuildFiles(newsBuild(dir, '1.0.0-aaaaaaaaaa')));
    await news.activate('news', first.version);
    const second = await news.publish('news', readBuildFiles(newsBuild(dir, '1.0.1-bbbbbbbbbb')));
    await news.activate('news', second.version);

    // What a shell is started with, including a deployment that still passes the platform token to its shells.
    Object.assign(realEnv, {
      REGISTRY_URL: `${registryUrl}/registry.json`,
      CONTENT_API_URL: 'http://127.0.0.1:9',
      FLEET_TOKEN,
      DASHBOARD_TOKEN_SHA256: dashboardVerifier(DASHBOARD_TOKEN),
      PAGE_TOKEN_KEY: 'page-token-key-0123456789abcdef',
      OPERATOR_TOKEN,
      CONTENT_ADMIN_TOKEN: 'content-admin-token-0123456789',
      PROBE_TARGET_VERSION: first.version,
    });
    const { config, scrubbed } = takeShellConfig(realEnv);
    expect(config.fleetToken).toBe(FLEET_TOKEN);
    expect(config.dashboardVerifier).toBe(dashboardVerifier(DASHBOARD_TOKEN));
    expect(scrubbed).toEqual(expect.arrayContaining(['CONTENT_ADMIN_TOKEN', 'DASHBOARD_TOKEN_SHA256', 'FLEET_TOKEN', 'OPERATOR_TOKEN', 'PAGE_TOKEN_KEY']));

    // The release's container, loaded as the shell loads every remote's server code.
    const plugin = nodeEntryPlugin({ timeoutMs: 5000, cachedManifest: () => null });
    const entry = `http://127.0.0.1:${(probeHost.address() as AddressInfo).port}/remotes/news/9.9.9/server/remoteEntry.js`;
    const container = (await plugin.loadEntry!({ remoteInfo: { entry, entryGlobalName: 'probe' } } as never)) as unknown as {
      report: Promise<{ values: string[]; modules: Record<string, string>; attempts: Array<{ route: string; status: number }> }>;
    };
    const { values, modules, attempts } = await container.report;

    for (const secret of [OPERATOR_TOKEN, FLEET_TOKEN, DASHBOARD_TOKEN, 'content-admin-token-0123456789', 'page-token-key-0123456789abcdef'])
      expect(values.join('\n')).not.toContain(secret);
    expect(modules).toEqual({ child_process: 'refused', fs: 'empty', http: 'refused' });
    // It did try (the registry's address is in the environment, like every other value), and got nowhere: refused,
    // and throttled (429) once its address had failed too often.
    expect(attempts.length).toBeGreaterThanOrEqual(5);
    expect(attempts.filter((attempt) => attempt.status !== 401 && attempt.status !== 429)).toEqual([]);
    expect(attempts.filter((attempt) => attempt.status === 401).length).toBeGreaterThan(0);
    // What every shell reads (the public document; the platform token's address is throttled by now): unchanged.
    const live = (await (await fetch(`${registryUrl}/registry.json`)).json()) as { remotes: Array<{ name: string; version: string; canary?: unknown }> };
    expect(live.remotes.find((remote) => remote.name === 'news')).toMatchObject({ version: second.version });
    expect(live.remotes.find((remote) => remote.name === 'news')?.canary).toBeUndefined();
  });
});
