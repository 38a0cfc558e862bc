import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { CONTRACTS_VERSION } from '@site/contracts';
import { createRegistryServer } from './registry-server';
import { RegistryApi } from './client';
import { closeStore, readBuildFiles, type RegistryPaths } from './operations';
import { hashToken, loadTokenConfig } from './tokens';
import { checkManifestUrl, isPublicAddress, type ManifestHostPolicy } from './gates';
import { writeRemoteBuild } from '@site/test-support/remote-builds';

const TOKENS = { platform: 'platform-secret', fleet: 'fleet-secret', news: 'news-secret', education: 'education-secret' };

function build(dir: string, team: string, version: string, sections: string[]): string {
  return writeRemoteBuild(dir, { team, version, sections, shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1' }] });
}

/** A team's own host: serves build folders as `/<team>/<version>/…`, and counts what was asked of it. */
async function teamHost(root: string): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const [, team, version, ...rest] = (request.url ?? '').split('/');
    const file = path.join(root, 'builds', `${team}-${version}`, ...rest);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return void response.writeHead(404).end();
    response.writeHead(200).end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('one gate for every way a version goes live, and the fleet token (real HTTP)', () => {
  let dir: string;
  let app: ReturnType<typeof createRegistryServer> | undefined;
  let base: string;
  let host: Awaited<ReturnType<typeof teamHost>>;
  const paths = (): RegistryPaths => ({ cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry', 'registry.db') });
  const as = (token: string) => new RegistryApi(base, token);

  async function start(manifestHosts?: ManifestHostPolicy): Promise<void> {
    const server = createRegistryServer({
      paths: paths(),
      remotesPublicUrl: 'http://cdn.example/remotes/',
      tokens: {
        platform: hashToken(TOKENS.platform),
        fleet: hashToken(TOKENS.fleet),
        teams: { news: hashToken(TOKENS.news), education: hashToken(TOKENS.education) },
      },
      canary: { intervalMs: 60_000 },
      ...(manifestHosts ? { manifestHosts } : {}),
    });
    app = server;
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-gates-'));
    host = await teamHost(dir);
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    await host.close();
    await closeStore(paths());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a register that would take over another remote's section (409 naming the owner); the shells get the owners", async () => {
    await start({ allowedHosts: [new URL(host.url).host], ownHost: 'cdn.example', allowPrivate: true });
    const news = await as(TOKENS.news).publish('news', readBuildFiles(build(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsFeed'])));
    await as(TOKENS.news).activate('news', news.version);
    build(dir, 'education', '2.0.0-bbbbbbbbbb', ['Programs', 'NewsFeed']);
    const manifestUrl = `${host.url}/education/2.0.0-bbbbbbbbbb/mf-manifest.json`;
    await expect(as(TOKENS.education).register('education', '2.0.0-bbbbbbbbbb', manifestUrl)).rejects.toThrow(
      'registry refused (409): section NewsFeed is owned by remote news',
    );
    const document = (await (await fetch(`${base}/registry.json`)).json()) as { remotes: Array<{ name: string }>; owners: Record<string, string> };
    expect(document.remotes.map((remote) => remote.name)).toEqual(['news']);
    expect(document.owners).toEqual({ NewsFeed: 'news' });
    const audit = (await as(TOKENS.platform).audit('education')).entries;
    expect(audit[0]).toMatchObject({ actor: 'education', action: 'register', outcome: 'refused' });

    // Its own sections only: registered, with the server container's hash the shells check, and its names claimed.
    build(dir, 'education', '2.0.1-cccccccccc', ['Programs']);
    await as(TOKENS.education).register('education', '2.0.1-cccccccccc', `${host.url}/education/2.0.1-cccccccccc/mf-manifest.json`);
    const after = (await (await fetch(`${base}/registry.json`)).json()) as {
      remotes: Array<{ name: string; serverEntrySha256?: string }>;
      owners: Record<string, string>;
    };
    expect(after.owners).toEqual({ NewsFeed: 'news', Programs: 'education' });
    expect(after.remotes.find((remote) => remote.name === 'education')?.serverEntrySha256).toBe(hashToken('// education 2.0.1-cccccccccc'));
  });

  it('refuses manifest URLs off the allowed hosts and on internal addresses, without fetching them', async () => {
    await start();
    build(dir, 'education', '2.0.0-bbbbbbbbbb', ['Programs']);
    // The content API's intake reader, as a manifest: the registry must not fetch it, nor let shells do so.
    await expect(as(TOKENS.education).register('education', '2.0.0-bbbbbbbbbb', `${host.url}/admin/intake/submissions`)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(as(TOKENS.education).register('education', '2.0.0-bbbbbbbbbb', `${host.url}/education/2.0.0-bbbbbbbbbb/mf-manifest.json`)).rejects.toThrow(
      /403.*is not a host manifests may be registered from/,
    );
    expect(host.requests).toEqual([]);
    // Even a configured host is refused while it is an internal address (unless local development allows it).
    const policy = { allowedHosts: [new URL(host.url).host, 'localhost:9', '[::1]:9', '10.1.2.3', '169.254.169.254'], ownHost: null, allowPrivate: false };
    for (const url of [`${host.url}/x.json`, 'http://localhost:9/x.json', 'http://[::1]:9/x.json', 'http://10.1.2.3/x.json', 'http://169.254.169.254/x.json']) {
      await expect(checkManifestUrl(url, policy)).rejects.toThrow(/internal address/);
    }
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1')).toBe(false);
    expect((await as(TOKENS.platform).list()).remotes.education).toBeUndefined();
  });

  it('gives the fleet token reports and reading, never a way to publish, activate, roll back, register or transfer', async () => {
    await start({ allowedHosts: [new URL(host.url).host], ownHost: 'cdn.example', allowPrivate: true });
    const news = await as(TOKENS.news).publish('news', readBuildFiles(build(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsFeed'])));
    await as(TOKENS.news).activate('news', news.version);
    const fleet = as(TOKENS.fleet);
    const report = await fetch(`${base}/api/fleet/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.fleet}`, 'content-type': 'application/json' },
      body: JSON.stringify({ instance: 'shell-a', contractsVersion: CONTRACTS_VERSION, shared: {}, registryRevision: 1, pollAgeMs: 0, live: [], counters: [] }),
    });
    expect(report.status).toBe(204);
    expect((await fleet.fleet()).instances.map((shell) => shell.instance)).toEqual(['shell-a']);
    expect((await fleet.audit()).entries.length).toBeGreaterThan(0);
    const second = readBuildFiles(build(dir, 'news', '1.0.1-dddddddddd', ['NewsFeed']));
    await expect(fleet.publish('news', second)).rejects.toMatchObject({ statusCode: 403 });
    await expect(fleet.activate('news', news.version)).rejects.toMatchObject({ statusCode: 403 });
    await expect(fleet.activate('news', news.version, 50)).rejects.toMatchObject({ statusCode: 403 });
    await expect(fleet.rollback('news')).rejects.toMatchObject({ statusCode: 403 });
    await expect(fleet.retire('news')).rejects.toMatchObject({ statusCode: 403 });
    await expect(fleet.transfer('NewsFeed', 'education')).rejects.toMatchObject({ statusCode: 403 });
    build(dir, 'news', '1.0.2-eeeeeeeeee', ['NewsFeed']);
    await expect(fleet.register('news', '1.0.2-eeeeeeeeee', `${host.url}/news/1.0.2-eeeeeeeeee/mf-manifest.json`)).rejects.toMatchObject({ statusCode: 403 });
    const metrics = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKENS.fleet}` } });
    expect(metrics.status).toBe(403);
    expect((await as(TOKENS.platform).list()).remotes.news).toMatchObject({ current: news.version });
  });

  it('reads the fleet token from FLEET_TOKEN (kept as its hash); a token file cannot name a team that poses as the fleet', () => {
    fs.mkdirSync(path.join(dir, 'registry'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'registry', 'team-tokens.json'), JSON.stringify({ news: hashToken('n'), 'fleet:shells': hashToken('x') }));
    const config = loadTokenConfig({ FLEET_TOKEN: 'fleet-secret', OPERATOR_TOKEN: 'platform-secret' }, dir);
    expect(config).toEqual({ teams: { news: hashToken('n') }, platform: hashToken('platform-secret'), fleet: hashToken('fleet-secret') });
  });
});
