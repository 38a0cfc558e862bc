import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { CONTRACTS_VERSION } from '@site/contracts';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { activate, createRegistryServer, createStaticHost, deployBuild, hashToken, openStore, publishVersion, readBuildFiles } from '@site/registry';
import { createShellServer, type ShellServer } from './app';
import { readConfig } from './config';
import { listen } from '../testing/remote-builds';

const ADMIN_TOKEN = 'beacon-evidence-admin-token';
const FLEET_TOKEN = 'beacon-evidence-fleet-token';
const STABLE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';

jest.setTimeout(60_000);

// The Node loader evaluates containers the way the built shell does.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;

/** A remote build with one section, as the build preset writes it. */
function remoteBuild(dir: string, version: string): string {
  const dist = path.join(dir, `lambda-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'server', 'remoteEntry.js'),
    `var modules = { "./LambdaLatest": { default: function LambdaLatest() { return null; }, meta: { name: "LambdaLatest" } } };\nmodule.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };\n`,
  );
  const manifest = {
    id: 'lambda',
    name: 'lambda',
    metaData: {
      name: 'lambda',
      globalName: 'lambda',
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
      buildInfo: { buildVersion: version, buildName: 'lambda' },
      types: { path: '', name: '', zip: '', api: '' },
      prefetchInterface: false,
    },
    shared: [],
    remotes: [],
    exposes: [
      { id: 'lambda:LambdaLatest', name: 'LambdaLatest', path: './LambdaLatest', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } },
    ],
    site: { team: 'lambda', version, contractsVersion: CONTRACTS_VERSION, builtAt: 'now', sections: [{ name: 'LambdaLatest', expose: './LambdaLatest' }] },
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
}

/** The page token a page view came with (the `pt` entry of its Server-Timing header). */
function tokenOf(headers: Record<string, unknown>): string {
  const match = /(?:^|,\s*)pt;desc="([^"]+)"/.exec(String(headers['server-timing'] ?? ''));
  if (!match) throw new Error(`no page token in ${JSON.stringify(headers['server-timing'])}`);
  return match[1]!;
}

describe('browser reports decide canaries only as evidence a visitor cannot forge', () => {
  let dir: string;
  let contentApi: ContentApi;
  let staticHost: FastifyInstance;
  let registry: ReturnType<typeof createRegistryServer>;
  let shell: ShellServer;
  const paths = () => ({ cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') });

  beforeAll(async () => {
    initFederation({ name: 'shell', remotes: [] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beacon-evidence-'));
    const browserDir = path.join(dir, 'browser');
    fs.mkdirSync(browserDir);
    fs.writeFileSync(path.join(browserDir, 'shell-assets.json'), JSON.stringify({ js: ['shell.js'], css: [] }));
    const base = configFromEnv({});
    contentApi = await createContentApi({
      ...base,
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(dir, 'api'),
      databaseUrl: undefined,
      adminToken: ADMIN_TOKEN,
      captcha: { ...base.captcha, enabled: false },
      logger: false,
    });
    const apiUrl = await listen(contentApi.app);
    const saved = await fetch(`${apiUrl}/admin/ru/pages/lambda-page`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ slug: 'lambda-page', title: 'Лямбда', components: [{ id: 'lambda', name: 'LambdaLatest', props: {} }] }),
    });
    expect(saved.status).toBeLessThan(300);
    staticHost = createStaticHost({ cdnDir: paths().cdnDir });
    const staticUrl = await listen(staticHost);
    registry = createRegistryServer({
      paths: paths(),
      remotesPublicUrl: `${staticUrl}/remotes/`,
      tokens: { teams: {}, platform: null, fleet: hashToken(FLEET_TOKEN) },
      // The judge runs when the test says; the window never ends on its own here.
      canary: { intervalMs: 600_000, windowMs: 600_000, minRenders: 20, minBrowserVisitors: 20 },
    });
    const registryUrl = await listen(registry);
    await deployBuild(paths(), remoteBuild(dir, STABLE));
    await publishVersion(paths(), readBuildFiles(remoteBuild(dir, CANARY)), { actor: { name: 'platform' } });
    await activate(paths(), 'lambda', CANARY, { actor: { name: 'platform' }, canaryPercent: 50 });
    const config = readConfig(
      {
        PORT: '3997',
        CONTENT_API_URL: apiUrl,
        REGISTRY_URL: `${registryUrl}/registry.json`,
        REGISTRY_POLL_MS: '100',
        PAGE_CACHE_FRESH_MS: '60000',
        LOG_LEVEL: 'silent',
        FLEET_TOKEN,
        // Visitors are told apart by their own addresses here (no proxy in front).
        TRUST_PROXY: 'false',
      },
      browserDir,
    );
    shell = await createShellServer({ ...config, browserDistDir: browserDir });
    const deadline = Date.now() + 10_000;
    while (!shell.app.registry.current.canaries.has('lambda') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(shell.app.registry.current.canaries.has('lambda')).toBe(true);
  }, 60_000);

  afterAll(async () => {
    await shell?.close();
    await registry?.close();
    await staticHost?.close();
    await contentApi?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A page view as a visitor at `address` gets it; bucket 0 is the canary's, 99 the stable version's. */
  const view = async (address: string, bucket: number) => {
    const page = await shell.app.inject({ method: 'GET', url: '/lambda-page', remoteAddress: address, headers: { cookie: `site_bucket=${bucket}` } });
    expect(page.statusCode).toBe(200);
    return tokenOf(page.headers);
  };
  const beacon = (address: string, version: string, token?: string) =>
    shell.app.inject({
      method: 'POST',
      url: '/_csp-report',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'section-error', remote: 'lambda', section: 'LambdaLatest', version, ...(token === undefined ? {} : { token }) }),
    });
  const browserErrors = (version: string) =>
    shell.app.remoteStats
      .sectionCounters()
      .filter((counters) => counters.remote === 'lambda' && counters.version === version)
      .reduce((total, counters) => total + counters.browserErrors, 0);
  const judge = async () => {
    await shell.app.fleet.report();
    await registry.canaryJudge.judge();
    return { state: (await openStore(paths()).read()).remotes.lambda!, verdict: (await registry.canaryJudge.lastVerdicts()).lambda };
  };

  test('forged beacons (no token, altered, other versions, reused) count nothing and neither roll back nor promote the canary', async () => {
    const attacker = '198.51.100.66';
    const tokens: string[] = [];
    for (let index = 0; index < 25; index += 1) tokens.push(await view(attacker, 0));
    const stableToken = await view(attacker, 99);
    const [body, mac] = tokens[0]!.split('.');
    const altered = `${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), v: [`lambda@${STABLE}`] })).toString('base64url')}.${mac}`;
    for (let index = 0; index < 15; index += 1) expect((await beacon(attacker, CANARY)).statusCode).toBe(204);
    for (let index = 0; index < 15; index += 1) expect((await beacon(attacker, STABLE, altered)).statusCode).toBe(204);
    // A canary page's token does not cover the stable version, nor the stable page's the canary.
    for (let index = 0; index < 15; index += 1) expect((await beacon(attacker, STABLE, tokens[1 + index])).statusCode).toBe(204);
    for (let index = 0; index < 5; index += 1) expect((await beacon(attacker, CANARY, stableToken)).statusCode).toBe(204);
    // One real token, used again and again: it counts once.
    for (let index = 0; index < 10; index += 1) expect((await beacon(attacker, CANARY, tokens[0])).statusCode).toBe(204);
    expect(browserErrors(STABLE)).toBe(0);
    expect(browserErrors(CANARY)).toBe(1);

    const { state, verdict } = await judge();
    expect(state.current).toBe(STABLE);
    expect(state.canary).toMatchObject({ version: CANARY });
    expect(verdict).toMatchObject({ state: 'watching', version: CANARY });
    expect(verdict!.reason).toContain('browser reports from 1 visitors not counted (fewer than 20)');
  });

  test("one address's own real tokens count a few times at most, and /_csp-report is rate-limited", async () => {
    const address = '198.51.100.77';
    const before = browserErrors(CANARY);
    for (let index = 0; index < 15; index += 1) await beacon(address, CANARY, await view(address, 0));
    expect(browserErrors(CANARY) - before).toBe(10);
    const statuses: number[] = [];
    for (let index = 0; index < 130; index += 1) statuses.push((await beacon('198.51.100.78', CANARY)).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });

  test("real reports from enough visitors' page views roll back a canary that fails in browsers; forged ones against the stable version do not save it", async () => {
    for (let visitor = 1; visitor <= 20; visitor += 1) {
      const address = `203.0.113.${visitor}`;
      expect((await beacon(address, CANARY, await view(address, 0))).statusCode).toBe(204);
    }
    // The attacker tries to raise the stable version's browser error rate to hide the canary's.
    for (let index = 0; index < 30; index += 1) await beacon('198.51.100.99', STABLE);
    expect(browserErrors(STABLE)).toBe(0);
    const { state, verdict } = await judge();
    expect(state.canary ?? null).toBeNull();
    expect(state.current).toBe(STABLE);
    expect(verdict).toMatchObject({ state: 'rolled back', version: CANARY });
    expect(verdict!.reason).toMatch(/browsers: \d+ errors in \d+ page views \(\d+\.\d%\) from 2\d visitors against 0\.0%/);
  });
});
