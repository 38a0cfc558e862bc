import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { init } from '@module-federation/enhanced/runtime';
import { activate, deployBuild, openStore, promoteCanary, publishVersion, readBuildFiles, rejectCanary } from '@site/registry';
import type { RegistryClient } from './registry-client';
import type { ServerFederation } from './server-federation';
import { manifestBaseUrl } from './catalog';
import { sriOfSha256 } from './subresource-integrity';
import { remoteBuild } from '../testing/remote-builds';
import { startFederationFixture, type FederationFixture } from '../testing/federation-fixture';

// The Node loader evaluates containers the way the built shell does, with Node's require at hand.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;
init({ name: 'shell_canary_test', remotes: [] });

describe('canary serving: two versions of a remote side by side in one shell', () => {
  let fixture: FederationFixture;
  let dir: string;
  let client: RegistryClient;
  let federation: ServerFederation;
  let paths: FederationFixture['paths'];

  beforeEach(async () => {
    fixture = await startFederationFixture('canary-serving-', { intervalMs: 60_000 });
    ({ dir, client, federation, paths } = fixture);
  });

  afterEach(() => fixture.close());

  const versionOf = async (variant: string, section: string) => {
    const resolution = await federation.resolveSection(client.current.forVariant(variant), section);
    if (!resolution.ok) throw new Error(resolution.message);
    return { location: resolution.version, code: (resolution.module as unknown as { version: string }).version };
  };

  const startCanary = async (team: string, stable: string, canary: string, percent: number) => {
    await deployBuild(paths, remoteBuild(dir, team, stable, [`${team[0]!.toUpperCase()}${team.slice(1)}Latest`]));
    await federation.start();
    await publishVersion(paths, readBuildFiles(remoteBuild(dir, team, canary, [`${team[0]!.toUpperCase()}${team.slice(1)}Latest`])), {
      actor: { name: 'platform' },
    });
    await activate(paths, team, canary, { actor: { name: 'platform' }, canaryPercent: percent });
    await client.poll();
  };

  // Every test uses remotes of its own name: the federation runtime is one per process, as in the shell.
  it('loads the canary beside the stable version; each variant renders with its own code, and buckets below the percentage get the canary', async () => {
    await startCanary('zeta', '1.0.0-aaaaaaaaaa', '1.1.0-bbbbbbbbbb', 30);
    const catalog = client.current;
    expect(catalog.canaries.get('zeta')).toMatchObject({ percent: 30, record: { version: '1.1.0-bbbbbbbbbb', runtimeName: 'zeta__canary', health: 'up' } });
    expect(catalog.remotes.get('zeta')!.version).toBe('1.0.0-aaaaaaaaaa');
    expect([0, 29, 30, 99].map((bucket) => catalog.variantFor(bucket))).toEqual(['zeta', 'zeta', '', '']);

    expect(await versionOf('', 'ZetaLatest')).toEqual({ location: '1.0.0-aaaaaaaaaa', code: '1.0.0-aaaaaaaaaa' });
    expect(await versionOf('zeta', 'ZetaLatest')).toEqual({ location: '1.1.0-bbbbbbbbbb', code: '1.1.0-bbbbbbbbbb' });
    // Again, from memory: the two containers stay apart.
    expect(await versionOf('', 'ZetaLatest')).toEqual({ location: '1.0.0-aaaaaaaaaa', code: '1.0.0-aaaaaaaaaa' });
    // One variant catalog per id; an id naming no live canary is the stable catalog.
    expect(catalog.forVariant('zeta')).toBe(catalog.forVariant('zeta'));
    expect(catalog.forVariant('nothing')).toBe(catalog);
    expect(catalog.forVariant('zeta').remotes.get('zeta')!.manifestUrl).toContain('/1.1.0-bbbbbbbbbb/');
  });

  it('drops the canary when the registry rolls it back, and serves it to everyone when it is promoted', async () => {
    await startCanary('eta', '1.0.0-cccccccccc', '1.1.0-dddddddddd', 50);
    expect(await versionOf('eta', 'EtaLatest')).toMatchObject({ code: '1.1.0-dddddddddd' });
    await rejectCanary(paths, 'eta', 'errors');
    await client.poll();
    expect(client.current.canaries.size).toBe(0);
    expect(client.current.variantFor(0)).toBe('');
    expect(await versionOf('eta', 'EtaLatest')).toEqual({ location: '1.0.0-cccccccccc', code: '1.0.0-cccccccccc' });
    expect((await openStore(paths.stateFile).read()).remotes.eta!.history.find((item) => item.version === '1.1.0-dddddddddd')!.bad).toBe('errors');

    await publishVersion(paths, readBuildFiles(remoteBuild(dir, 'eta', '1.2.0-eeeeeeeeee', ['EtaLatest'])), { actor: { name: 'platform' } });
    await activate(paths, 'eta', '1.2.0-eeeeeeeeee', { actor: { name: 'platform' }, canaryPercent: 10 });
    await client.poll();
    expect(await versionOf('eta', 'EtaLatest')).toMatchObject({ code: '1.2.0-eeeeeeeeee' });
    await promoteCanary(paths, 'eta', 'healthy');
    await client.poll();
    expect(client.current.canaries.size).toBe(0);
    expect(await versionOf('', 'EtaLatest')).toEqual({ location: '1.2.0-eeeeeeeeee', code: '1.2.0-eeeeeeeeee' });
  });

  it('offers no canary whose code cannot be loaded: every visitor keeps the stable version', async () => {
    await deployBuild(paths, remoteBuild(dir, 'theta', '1.0.0-ffffffffff', ['ThetaLatest']));
    await federation.start();
    await publishVersion(paths, readBuildFiles(remoteBuild(dir, 'theta', '1.1.0-1111111111', ['ThetaLatest'])), { actor: { name: 'platform' } });
    fs.rmSync(path.join(paths.cdnDir, 'theta', '1.1.0-1111111111', 'server', 'remoteEntry.js'));
    await activate(paths, 'theta', '1.1.0-1111111111', { actor: { name: 'platform' }, canaryPercent: 50 });
    await client.poll();
    expect(client.current.canaries.size).toBe(0);
    expect(client.current.variantFor(0)).toBe('');
    expect(await versionOf('theta', 'ThetaLatest')).toEqual({ location: '1.0.0-ffffffffff', code: '1.0.0-ffffffffff' });
  });

  it('gives each variant the hashes published for its own version, and never inlines a stylesheet altered after publishing', async () => {
    await startCanary('iota', '1.0.0-1212121212', '1.1.0-3434343434', 40);
    const published = (version: string) => path.join(paths.cdnDir, 'iota', version, 'IotaLatest.css');
    const sri = (file: string) => sriOfSha256(createHash('sha256').update(fs.readFileSync(file)).digest('hex'));
    expect(client.current.remotes.get('iota')!.integrity).toEqual({ 'IotaLatest.css': sri(published('1.0.0-1212121212')) });
    const canary = client.current.forVariant('iota').remotes.get('iota')!;
    expect(canary.version).toBe('1.1.0-3434343434');
    expect(canary.integrity).toEqual({ 'IotaLatest.css': sri(published('1.1.0-3434343434')) });

    // A later version's stylesheet is changed on the static host after publishing: the shell refuses to carry it.
    await publishVersion(paths, readBuildFiles(remoteBuild(dir, 'iota', '1.2.0-5656565656', ['IotaLatest'])), { actor: { name: 'platform' } });
    fs.appendFileSync(published('1.2.0-5656565656'), '.injected{display:none}');
    await activate(paths, 'iota', '1.2.0-5656565656', { actor: { name: 'platform' }, canaryPercent: 40 });
    await client.poll();
    const href = new URL('IotaLatest.css', manifestBaseUrl(canary.manifestUrl)).toString().replace('1.1.0-3434343434', '1.2.0-5656565656');
    expect(await federation.styles.collect([href], 1000)).toEqual([]);
  });
});
