import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { readConfig } from './config';
import { devRemotesRoute } from './dev-remotes-route';
import { parseDevOverride } from '../federation/dev-overrides';
import { listen } from '../testing/remote-builds';
import { sectionBuild, startShellWithRegistry, type ShellWithRegistry } from '../testing/shell-with-registry';

// Renders and remote loads on a loaded test machine: more than the default 5 s per test.
jest.setTimeout(30_000);

const REGISTRY_VERSION = '1.0.0-aaaaaaaaaa';

/** A build of remote `devteam` whose one section renders `text` on the server. */
const build = (version: string, text: string) => ({
  team: 'devteam',
  version,
  section: 'DevNotice',
  serverEntry: `var modules = { "./DevNotice": { default: function DevNotice() { return ${JSON.stringify(text)}; }, meta: { name: "DevNotice" } } };\nmodule.exports = { get: function (id) { return Promise.resolve(function () { return modules[id]; }); }, init: function () {} };\n`,
});

describe('development builds of remotes: the setting', () => {
  it('is refused by a production shell, naming the setting', () => {
    expect(() => readConfig({ NODE_ENV: 'production', CAPTCHA_SITE_KEY: 'site-key', DEV_REMOTES_DIR: '/tmp/dev-remotes' })).toThrow(
      /DEV_REMOTES_DIR .* refused when NODE_ENV=production/,
    );
    expect(readConfig({ DEV_REMOTES_DIR: '/tmp/dev-remotes' }).devRemotesDir).toBe('/tmp/dev-remotes');
    expect(readConfig({}).devRemotesDir).toBeNull();
  });

  it('takes a registration for a build served from this machine only, under its own remote name', () => {
    const url = 'http://127.0.0.1:4100/1.0.0-dev.1/mf-manifest.json';
    expect(parseDevOverride(JSON.stringify({ name: 'news', version: '1.0.0-dev.1', manifestUrl: url }), 'news.json')).toEqual({
      name: 'news',
      version: '1.0.0-dev.1',
      manifestUrl: url,
    });
    expect(parseDevOverride(JSON.stringify({ name: 'news', version: '1', manifestUrl: 'http://203.0.113.9/mf-manifest.json' }), 'news.json')).toMatch(
      /loopback only, not http:\/\/203\.0\.113\.9/,
    );
    expect(parseDevOverride(JSON.stringify({ name: 'events', version: '1', manifestUrl: url }), 'news.json')).toMatch(/does not name the remote/);
    expect(parseDevOverride('{', 'news.json')).toMatch(/not JSON/);
  });

  it('has no route on a shell without the folder', async () => {
    const app = Fastify();
    await app.register(devRemotesRoute, { enabled: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/_dev/remotes' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('a development shell serving a development build of a remote', () => {
  let setup: ShellWithRegistry;
  let devHost: FastifyInstance;
  let devUrl: string;
  let workDir: string;
  let devDir: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dev-remotes-'));
    devDir = path.join(workDir, 'dev-remotes');
    devHost = Fastify();
    await devHost.register(fastifyStatic, { root: workDir, cacheControl: false });
    devUrl = await listen(devHost);
    setup = await startShellWithRegistry({
      name: 'dev-remotes',
      adminToken: 'dev-remotes-test-token',
      page: { slug: 'dev-page', title: 'Разработка' },
      build: build(REGISTRY_VERSION, 'from the registry'),
      // A poll a minute apart: a new development build is picked up by watching the folder, not by the poll.
      env: { REGISTRY_POLL_MS: '60000', PAGE_CACHE_FRESH_MS: '60000', DEV_REMOTES_DIR: devDir },
    });
  }, 60_000);

  afterAll(async () => {
    await setup?.close();
    await devHost?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const page = async () => (await setup.shell.app.inject({ method: 'GET', url: '/dev-page' })).body;
  /** Builds a development version into the served folder and registers it, as the dev loop does. */
  const register = (version: string, text: string) => {
    sectionBuild(workDir, build(version, text));
    const registration = { name: 'devteam', version, manifestUrl: `${devUrl}/devteam-${version}/mf-manifest.json` };
    fs.writeFileSync(path.join(devDir, 'devteam.json.tmp'), JSON.stringify(registration));
    fs.renameSync(path.join(devDir, 'devteam.json.tmp'), path.join(devDir, 'devteam.json'));
  };
  const served = async () =>
    (await setup.shell.app.inject({ method: 'GET', url: '/_dev/remotes' })).json<{ remotes: Array<{ name: string; version: string }> }>().remotes;

  it('serves each new build in place of the registry version at once, and the registry version when it goes', async () => {
    expect(await page()).toContain('from the registry');
    expect(await served()).toEqual([]);

    register('1.0.0-dev.1', 'working copy, first save');
    expect(await eventually(async () => (await page()).includes('working copy, first save'))).toBe(true);
    expect(await served()).toEqual([expect.objectContaining({ name: 'devteam', version: '1.0.0-dev.1' })]);

    // A second save: a new Node container is loaded (not the one in memory) and the cached page is not answered.
    register('1.0.0-dev.2', 'working copy, second save');
    expect(await eventually(async () => (await page()).includes('working copy, second save'))).toBe(true);

    fs.rmSync(path.join(devDir, 'devteam.json'));
    expect(await eventually(async () => (await page()).includes('from the registry'))).toBe(true);
    expect(await served()).toEqual([]);
  });

  it('ignores a registration naming a build on another machine', async () => {
    fs.writeFileSync(
      path.join(devDir, 'devteam.json'),
      JSON.stringify({ name: 'devteam', version: '1.0.0-dev.9', manifestUrl: 'http://203.0.113.9/devteam/mf-manifest.json' }),
    );
    await setup.shell.app.registry.poll();
    expect(await page()).toContain('from the registry');
    expect(await served()).toEqual([]);
    fs.rmSync(path.join(devDir, 'devteam.json'));
  });
});

/** Whether `predicate` holds within 10 s. */
async function eventually(predicate: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await predicate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return predicate();
}
