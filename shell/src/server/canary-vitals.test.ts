import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { activate, createRegistryServer, createStaticHost, deployBuild, hashToken, openStore, publishVersion, readBuildFiles } from '@site/registry';
import { createShellServer, type ShellServer } from './app';
import { readConfig } from './config';
import { endConnections, listen, remoteBuild } from '../testing/remote-builds';

const ADMIN_TOKEN = 'canary-vitals-admin-token';
const FLEET_TOKEN = 'canary-vitals-fleet-token';
const STABLE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';

jest.setTimeout(60_000);

// The Node loader evaluates containers the way the built shell does.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;

/** The page token a page view came with (the `pt` entry of its Server-Timing header). */
function tokenOf(headers: Record<string, unknown>): string {
  const match = /(?:^|,\s*)pt;desc="([^"]+)"/.exec(String(headers['server-timing'] ?? ''));
  if (!match) throw new Error(`no page token in ${JSON.stringify(headers['server-timing'])}`);
  return match[1]!;
}

describe('the canary judge compares Web Vitals of the beacons two shells tied to pages they served', () => {
  let dir: string;
  let contentApi: ContentApi;
  let staticHost: FastifyInstance;
  let registry: ReturnType<typeof createRegistryServer>;
  const shells: ShellServer[] = [];
  const paths = () => ({ cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') });

  beforeAll(async () => {
    initFederation({ name: 'shell', remotes: [] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-vitals-'));
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
      // The judge runs when the test says; the window never ends on its own here. Vitals: the defaults (20 %, 50).
      canary: { intervalMs: 600_000, windowMs: 600_000, minRenders: 20 },
    });
    const registryUrl = await listen(registry);
    await deployBuild(paths(), remoteBuild(dir, 'lambda', STABLE, ['LambdaLatest']));
    await publishVersion(paths(), readBuildFiles(remoteBuild(dir, 'lambda', CANARY, ['LambdaLatest'])), { actor: { name: 'platform' } });
    await activate(paths(), 'lambda', CANARY, { actor: { name: 'platform' }, canaryPercent: 50 });
    for (const instance of ['shell-a', 'shell-b']) {
      const config = readConfig(
        {
          PORT: '3997',
          SHELL_INSTANCE_ID: instance,
          CONTENT_API_URL: apiUrl,
          REGISTRY_URL: `${registryUrl}/registry.json`,
          REGISTRY_POLL_MS: '100',
          PAGE_CACHE_FRESH_MS: '60000',
          LOG_LEVEL: 'silent',
          FLEET_TOKEN,
          TRUST_PROXY: 'false',
        },
        browserDir,
      );
      const shell = await createShellServer({ ...config, browserDistDir: browserDir });
      shells.push(shell);
      const deadline = Date.now() + 10_000;
      while (!shell.app.registry.current.canaries.has('lambda') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(shell.app.registry.current.canaries.has('lambda')).toBe(true);
    }
  }, 60_000);

  afterAll(async () => {
    // Each closes without waiting on connections left open (a CI run once spent this hook's 60 s in these closes).
    for (const shell of shells) {
      const closing = shell.close();
      endConnections(shell.app);
      await closing;
    }
    for (const app of [registry, staticHost]) {
      const closing = app?.close();
      if (app) endConnections(app);
      await closing;
    }
    const closingApi = contentApi?.close();
    if (contentApi) endConnections(contentApi.app);
    await closingApi;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  let visitors = 0;
  /**
   * One visitor of `shell` (each at an address of its own): a page view in the canary's bucket (0) or the stable
   * version's (99), then the INP beacon its browser sends for an interaction with the section, with the page's token.
   */
  const interaction = async (shell: ShellServer, version: string, inpMs: number, withToken = true) => {
    visitors += 1;
    const address = `198.18.${Math.floor(visitors / 200)}.${visitors % 200}`;
    const page = await shell.app.inject({
      method: 'GET',
      url: '/lambda-page',
      remoteAddress: address,
      headers: { cookie: `site_bucket=${version === CANARY ? 0 : 99}` },
    });
    expect(page.statusCode).toBe(200);
    const section = { remote: 'lambda', section: 'LambdaLatest', version };
    const beacon = await shell.app.inject({
      method: 'POST',
      url: '/_csp-report',
      remoteAddress: address,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        type: 'web-vitals',
        name: 'INP',
        value: inpMs,
        rating: 'good',
        navigationType: 'navigate',
        target: section,
        sections: [section],
        ...(withToken ? { token: tokenOf(page.headers) } : {}),
      }),
    });
    expect(beacon.statusCode).toBe(204);
  };
  const judge = async () => {
    for (const shell of shells) await shell.app.fleet.report();
    await registry.canaryJudge.judge();
    return { state: (await openStore(paths()).read()).remotes.lambda!, verdict: (await registry.canaryJudge.lastVerdicts()).lambda };
  };
  /** An interaction takes 30–59 ms on the stable version; the canary's click handler adds 300 ms. */
  const stableInp = (index: number) => 30 + (index % 30);

  test('with fewer than 50 beacons of the canary the judge does not judge it on speed, and beacons without a page token add none', async () => {
    for (let index = 0; index < 60; index += 1) await interaction(shells[index % 2]!, STABLE, stableInp(index));
    for (let index = 0; index < 49; index += 1) await interaction(shells[index % 2]!, CANARY, stableInp(index) + 300);
    // Beacons no page view stands behind: not counted, so they neither make up the sample nor decide anything.
    for (let index = 0; index < 30; index += 1) await interaction(shells[index % 2]!, CANARY, stableInp(index) + 300, false);
    const { state, verdict } = await judge();
    expect(state.canary).toMatchObject({ version: CANARY });
    expect(verdict).toMatchObject({ state: 'watching', version: CANARY });
    expect(verdict!.reason).toContain('vitals not judged yet (fewer than 50 samples: LambdaLatest INP 49 and 60)');
    expect(verdict!.vitals).toEqual([expect.objectContaining({ section: 'LambdaLatest', metric: 'INP', samples: 49, stableSamples: 60, judged: false })]);
  });

  test('with 50 or more beacons, merged from both shells, a canary whose INP p75 is 300 ms worse is rolled back, the reason and figures in the audit log', async () => {
    // Each shell alone has fewer than 50 of the canary's beacons: only the two together make the sample.
    for (let index = 49; index < 60; index += 1) await interaction(shells[index % 2]!, CANARY, stableInp(index) + 300);
    const { state, verdict } = await judge();
    expect(state.canary ?? null).toBeNull();
    expect(state.current).toBe(STABLE);
    expect(state.history.find((item) => item.version === CANARY)?.bad).toContain('slower than the stable version');
    expect(verdict).toMatchObject({ state: 'rolled back', version: CANARY });
    const inp = verdict!.vitals!.find((item) => item.metric === 'INP')!;
    expect(inp).toMatchObject({ section: 'LambdaLatest', samples: 60, stableSamples: 60, judged: true, regressed: true });
    // p75 from the shells' merged buckets: 58 ms (in the 50–100 ms bucket) against 450 ms (in the 300–500 ms one).
    expect(inp.stableP75).toBe(58);
    expect(inp.p75).toBe(450);
    const audit = await openStore(paths()).auditLog(10, 'lambda');
    const rollback = audit.find((entry) => entry.action === 'canary-rollback');
    expect(rollback?.actor).toBe('canary-analysis');
    expect(rollback?.detail).toContain(
      `canary ${CANARY} rolled back: slower than the stable version ${STABLE} by more than 20 % (p75): LambdaLatest INP p75 450 ms against 58 ms (+676 %; 60 and 60 samples)`,
    );
  });
});
