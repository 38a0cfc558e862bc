import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CONTRACTS_VERSION } from '@site/contracts';
import { createRegistryServer, createStaticHost, deployBuild } from '@site/registry';
import type { RemoteCatalog } from './catalog';
import { RegistryClient } from './registry-client';

const quiet = { info: () => undefined, warn: () => undefined };

/** A minimal but real remote build folder: manifest + server container file. */
function fakeBuild(dir: string, team: string, version: string, sections: string[]): string {
  const dist = path.join(dir, `${team}-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'server', 'remoteEntry.js'), '// container');
  const manifest = {
    id: team,
    name: team,
    metaData: { name: team, globalName: team, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: sections.map((name) => ({
      id: `${team}:${name}`,
      name,
      path: `./${name}`,
      assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
    })),
    site: { team, version, contractsVersion: CONTRACTS_VERSION, builtAt: 'now', sections: sections.map((name) => ({ name, expose: `./${name}` })) },
  };
  fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify(manifest));
  return dist;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('registry client against the real registry and static host', () => {
  let dir: string;
  let staticHost: FastifyInstance;
  let registry: FastifyInstance;
  let client: RegistryClient;
  let paths: { cdnDir: string; stateFile: string };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-client-'));
    paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry.db') };
    staticHost = createStaticHost({ cdnDir: paths.cdnDir });
    const staticUrl = await listen(staticHost);
    registry = createRegistryServer({ paths, remotesPublicUrl: `${staticUrl}/remotes/`, tokens: { teams: {}, platform: null } });
    const registryUrl = await listen(registry);
    client = new RegistryClient({ registryUrl: `${registryUrl}/registry.json`, pollIntervalMs: 60_000, requestTimeoutMs: 2000, log: quiet });
  });

  afterEach(async () => {
    client.stop();
    await registry.close();
    await staticHost.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("builds the catalog from the registry and each remote's manifest", async () => {
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsLatest']));
    await deployBuild(paths, fakeBuild(dir, 'events', '1.0.0-bbbbbbbbbb', ['EventsUpcoming']));
    await client.poll();
    expect(client.current.revision).toBe(4);
    expect(client.current.locate('NewsLatest')).toMatchObject({ remote: 'news', version: '1.0.0-aaaaaaaaaa' });
    expect(client.current.locate('EventsUpcoming')).toMatchObject({ remote: 'events' });
  });

  it('tells listeners about a new version before publishing it, so they can warm it first', async () => {
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsLatest']));
    await client.poll();
    const seen: Array<{ next: string | undefined; publishedDuringListener: string | undefined }> = [];
    client.onChange((next: RemoteCatalog) => {
      seen.push({ next: next.remotes.get('news')?.version, publishedDuringListener: client.current.remotes.get('news')?.version });
    });
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.1-cccccccccc', ['NewsLatest', 'NewsFeed']));
    await client.poll();
    expect(seen).toEqual([{ next: '1.0.1-cccccccccc', publishedDuringListener: '1.0.0-aaaaaaaaaa' }]);
    expect(client.current.locate('NewsFeed')?.version).toBe('1.0.1-cccccccccc');
  });

  it('does nothing on a poll when nothing changed (conditional requests)', async () => {
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsLatest']));
    await client.poll();
    const listener = jest.fn();
    client.onChange(listener);
    await client.poll();
    expect(listener).not.toHaveBeenCalled();
  });

  it('marks a remote unreachable when its host stops, and keeps the last catalog when the registry does', async () => {
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsLatest']));
    await client.poll();
    await staticHost.close();
    await client.poll();
    const news = client.current.remotes.get('news');
    expect(news?.health).toBe('unreachable');
    expect(news?.sections).toEqual(['NewsLatest']);
    await registry.close();
    await client.poll();
    expect(client.lastError).toContain('registry');
    expect(client.current.remotes.get('news')?.health).toBe('unreachable');
  });

  it('a poll asked for by a request soon after another waits its turn rather than going without, and waiting requests share it', async () => {
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.0-aaaaaaaaaa', ['NewsLatest']));
    await client.pollOnDemand(500);
    expect(client.current.remotes.get('news')?.version).toBe('1.0.0-aaaaaaaaaa');
    // A change right after that poll (a preview made a moment later): the next requests' poll still sees it.
    await deployBuild(paths, fakeBuild(dir, 'news', '1.0.1-cccccccccc', ['NewsLatest']));
    const polls = jest.spyOn(client, 'poll');
    const started = Date.now();
    await Promise.all([client.pollOnDemand(500), client.pollOnDemand(500), client.pollOnDemand(500)]);
    expect(client.current.remotes.get('news')?.version).toBe('1.0.1-cccccccccc');
    expect(polls).toHaveBeenCalledTimes(1);
    // Not before its turn: the registry is asked at most once per interval by requests.
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
  });
});
