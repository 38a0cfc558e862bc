import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { init as initFederation } from '@module-federation/enhanced/runtime';
import { CONTRACTS_VERSION } from '@site/contracts';
import { configFromEnv, createContentApi, type ContentApi } from '@site/content-api';
import { createRegistryServer, createStaticHost, deployBuild } from '@site/registry';
import { createShellServer, type ShellServer } from './app';
import { readConfig } from './config';
import { listen } from '../testing/remote-builds';

const ADMIN_TOKEN = 'degraded-page-test-token';
const VERSION = '1.0.0-dddddddddd';

// A remote build, a registry poll and several renders on a loaded test machine: more than the default 5 s.
jest.setTimeout(30_000);

// The Node loader evaluates containers the way the built shell does, with Node's require at hand.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;

/**
 * A remote whose one section hydrates (so a page showing it preloads the remote's entry and the section's script)
 * and whose loader is slow the first time only, as on a busy machine: the first render defers the section.
 */
function remoteBuild(dir: string): string {
  const dist = path.join(dir, `lambda-${VERSION}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), 'window.lambda = {};\n');
  fs.writeFileSync(path.join(dist, 'LambdaFeed.js'), 'console.log("LambdaFeed");\n');
  fs.writeFileSync(
    path.join(dist, 'server', 'remoteEntry.js'),
    `var calls = 0;
function load() {
  calls += 1;
  var ms = calls === 1 ? 2000 : 0;
  return new Promise(function (resolve) { setTimeout(function () { resolve({ items: 3 }); }, ms); });
}
var modules = { "./LambdaFeed": { default: function LambdaFeed() { return null; }, load: load, meta: { name: "LambdaFeed" } } };
module.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };
`,
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
      buildInfo: { buildVersion: VERSION, buildName: 'lambda' },
      types: { path: '', name: '', zip: '', api: '' },
      prefetchInterface: false,
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: 'lambda:LambdaFeed',
        name: 'LambdaFeed',
        path: './LambdaFeed',
        assets: { js: { sync: ['LambdaFeed.js'], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    site: { team: 'lambda', version: VERSION, contractsVersion: CONTRACTS_VERSION, builtAt: 'now', sections: [{ name: 'LambdaFeed', expose: './LambdaFeed' }] },
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
}

const statusOf = (html: string) => /data-section="LambdaFeed"[^>]*data-section-status="([a-z]+)"/.exec(html)?.[1];
const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((match) => match[1]!);

describe('a degraded page of the cache', () => {
  let dir: string;
  let contentApi: ContentApi;
  let staticHost: FastifyInstance;
  let registry: FastifyInstance;
  let shell: ShellServer;

  beforeAll(async () => {
    initFederation({ name: 'shell', remotes: [] });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'degraded-page-'));
    const paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
    const browserDir = path.join(dir, 'browser');
    fs.mkdirSync(browserDir);
    fs.writeFileSync(path.join(browserDir, 'shell-assets.json'), JSON.stringify({ js: ['shell.js'], css: [], federation: ['federation.js'] }));
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
    const saved = await fetch(`${apiUrl}/admin/ru/pages/lambda-feed`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ slug: 'lambda-feed', title: 'Лента', components: [{ id: 'feed', name: 'LambdaFeed', props: {} }] }),
    });
    expect(saved.status).toBeLessThan(300);
    staticHost = createStaticHost({ cdnDir: paths.cdnDir });
    const staticUrl = await listen(staticHost);
    registry = createRegistryServer({ paths, remotesPublicUrl: `${staticUrl}/remotes/`, tokens: { teams: {}, platform: null } });
    const registryUrl = await listen(registry);
    await deployBuild(paths, remoteBuild(dir));
    const config = readConfig(
      {
        PORT: '3996',
        CONTENT_API_URL: apiUrl,
        REGISTRY_URL: `${registryUrl}/registry.json`,
        SECTION_LOAD_BUDGET_MS: '500',
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

  const get = (cookie: string) => shell.app.inject({ method: 'GET', url: '/lambda-feed', headers: { cookie } });

  test('once due for replacement, is replaced before anyone gets it again: consecutive visitors get the same bytes', async () => {
    const degraded = await get('colorScheme=black');
    expect(degraded.statusCode).toBe(200);
    expect(statusOf(degraded.body)).toBe('deferred');
    expect(preloads(degraded.body).some((href) => href.includes('/lambda/'))).toBe(false);

    // The degraded page's short freshness runs out.
    const entry = shell.app.renderCache.peek('http://localhost:3996|desktop|/lambda-feed');
    if (!entry) throw new Error('the page was not cached');
    entry.renderedAt -= 6_000;

    const first = await get('colorScheme=black; fontSize=200');
    const second = await get('colorScheme=sepia; fontSize=125');
    expect(second.body).toBe(first.body);
    expect(statusOf(first.body)).toBe('ready');
    expect(preloads(first.body)).toEqual([
      '/_shell/federation.js',
      expect.stringMatching(new RegExp(`/remotes/lambda/${VERSION}/remoteEntry\\.js$`)),
      expect.stringMatching(new RegExp(`/remotes/lambda/${VERSION}/LambdaFeed\\.js$`)),
      '/_shell/shell.js',
    ]);
    expect([first.headers['x-page-cache'], second.headers['x-page-cache']]).toEqual(['miss', 'hit']);
  });
});
