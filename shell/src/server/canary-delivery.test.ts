import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { CONTRACTS_VERSION } from '@site/contracts';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { activate, createRegistryServer, createStaticHost, deployBuild, publishVersion, readBuildFiles, rejectCanary } from '@site/registry';
import { createShellServer, type ShellServer } from './app';
import { readConfig } from './config';
import { listen } from '../testing/remote-builds';

const ADMIN_TOKEN = 'canary-delivery-test-token';
const STABLE = '1.0.0-aaaaaaaaaa';
const CANARY = '1.1.0-bbbbbbbbbb';

// Renders and registry polls on a loaded test machine: more than the default 5 s per test.
jest.setTimeout(30_000);

// The Node loader evaluates containers the way the built shell does, with Node's require at hand.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;

/** A published remote build: a manifest as the build preset writes it and a Node container with one section. */
function remoteBuild(dir: string, version: string): string {
  const dist = path.join(dir, `kappa-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(dist, 'server', 'remoteEntry.js'),
    `var modules = { "./KappaLatest": { default: function KappaLatest() { return null; }, meta: { name: "KappaLatest" } } };\nmodule.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };\n`,
  );
  const manifest = {
    id: 'kappa',
    name: 'kappa',
    metaData: {
      name: 'kappa',
      globalName: 'kappa',
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ssrRemoteEntry: { name: 'remoteEntry.js', path: 'server', type: 'commonjs-module' },
      buildInfo: { buildVersion: version, buildName: 'kappa' },
      types: { path: '', name: '', zip: '', api: '' },
      prefetchInterface: false,
    },
    shared: [],
    remotes: [],
    exposes: [{ id: 'kappa:KappaLatest', name: 'KappaLatest', path: './KappaLatest', assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } } }],
    site: { team: 'kappa', version, contractsVersion: CONTRACTS_VERSION, builtAt: 'now', sections: [{ name: 'KappaLatest', expose: './KappaLatest' }] },
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
}

function versionOf(html: string): string | undefined {
  return /data-section="KappaLatest"[^>]*data-remote-version="([^"]+)"/.exec(html)?.[1];
}

describe('page delivery with a canary live: variants, cookies and cache headers', () => {
  let dir: string;
  let contentApi: ContentApi;
  let staticHost: FastifyInstance;
  let registry: FastifyInstance;
  let shell: ShellServer;
  const paths = () => ({ cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') });

  beforeAll(async () => {
    initFederation({ name: 'shell', remotes: [] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'canary-delivery-'));
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
    const saved = await fetch(`${apiUrl}/admin/ru/pages/canary-page`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ slug: 'canary-page', title: 'Канарейка', components: [{ id: 'kappa', name: 'KappaLatest', props: {} }] }),
    });
    expect(saved.status).toBeLessThan(300);
    staticHost = createStaticHost({ cdnDir: paths().cdnDir });
    const staticUrl = await listen(staticHost);
    registry = createRegistryServer({
      paths: paths(),
      remotesPublicUrl: `${staticUrl}/remotes/`,
      tokens: { teams: {}, platform: null },
      canary: { intervalMs: 60_000 },
    });
    const registryUrl = await listen(registry);
    await deployBuild(paths(), remoteBuild(dir, STABLE));
    const config = readConfig(
      {
        PORT: '3998',
        CONTENT_API_URL: apiUrl,
        REGISTRY_URL: `${registryUrl}/registry.json`,
        REGISTRY_POLL_MS: '100',
        PAGE_CACHE_FRESH_MS: '60000',
        LOG_LEVEL: 'silent',
      },
      browserDir,
    );
    shell = await createShellServer({ ...config, browserDistDir: browserDir });
  }, 60_000);

  afterAll(async () => {
    await shell?.close();
    await registry?.close();
    await staticHost?.close();
    await contentApi?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (cookie?: string) => shell.app.inject({ method: 'GET', url: '/canary-page', headers: cookie ? { cookie } : {} });
  const waitFor = async (predicate: () => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!predicate() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(predicate()).toBe(true);
  };

  test('no canary: no cookie is set and pages vary by encoding and device, not by cookie', async () => {
    const page = await get();
    expect(page.statusCode).toBe(200);
    expect(versionOf(page.body)).toBe(STABLE);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.headers.vary).toBe('Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
    expect(page.headers['cache-control']).toMatch(/^public/);
  });

  test('a canary for half the visitors: each variant is rendered, cached and hydrated with its own version, and the cookies go on the answer only', async () => {
    await publishVersion(paths(), readBuildFiles(remoteBuild(dir, CANARY)), { actor: { name: 'platform' } });
    await activate(paths(), 'kappa', CANARY, { actor: { name: 'platform' }, canaryPercent: 50 });
    await waitFor(() => shell.app.registry.current.canaries.has('kappa'));

    // A first visit: a bucket and, for a canary bucket, the variant; a private answer.
    const first = await get('site_bucket=10');
    expect(versionOf(first.body)).toBe(CANARY);
    expect(first.headers['set-cookie']).toEqual(['site_variant=kappa; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly']);
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The state the browser hydrates with names the canary's manifest, never the stable one's; the cookies are not in the page.
    expect(first.body).toContain(`/kappa/${CANARY}/mf-manifest.json`);
    expect(first.body).not.toContain(`/kappa/${STABLE}/mf-manifest.json`);
    expect(first.body).not.toContain('site_bucket');

    // The same visitor again, with the cookie that names the variant: the cached canary page, shareable under that cookie.
    const again = await get('site_bucket=10; site_variant=kappa');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(versionOf(again.body)).toBe(CANARY);
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.headers['cache-control']).toMatch(/^public/);
    expect(again.headers.vary).toBe('Accept-Encoding, Cookie, User-Agent, Sec-CH-UA-Mobile');

    // A stable visitor gets the stable page, from its own cache entry.
    const stable = await get('site_bucket=80');
    expect(versionOf(stable.body)).toBe(STABLE);
    expect(stable.headers['set-cookie']).toBeUndefined();
    expect((await get('site_bucket=80')).headers['x-page-cache']).toBe('hit');
    expect(stable.body).not.toContain(`/kappa/${CANARY}/`);

    // A newcomer gets a bucket cookie on a private answer.
    const newcomer = await get();
    expect([newcomer.headers['set-cookie']].flat().join('\n')).toMatch(/^site_bucket=\d{1,2}; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    expect(newcomer.headers['cache-control']).toBe('private, no-store');
  });

  test('once the canary is rolled back, its visitors get the stable version and lose the variant cookie', async () => {
    await rejectCanary(paths(), 'kappa', 'test');
    await waitFor(() => shell.app.registry.current.canaries.size === 0);
    const page = await get('site_bucket=10; site_variant=kappa');
    expect(versionOf(page.body)).toBe(STABLE);
    expect(page.headers['set-cookie']).toEqual(['site_variant=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly']);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const next = await get('site_bucket=10');
    expect(next.headers['set-cookie']).toBeUndefined();
    expect(next.headers.vary).toBe('Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
  });
});
