import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { init } from '@module-federation/enhanced/runtime';
import { createStaticHost, deployBuild, registerExternal } from '@site/registry';
import type { RegistryClient } from './registry-client';
import type { ServerFederation } from './server-federation';
import { listen, remoteBuild } from '../testing/remote-builds';
import { startFederationFixture, type FederationFixture } from '../testing/federation-fixture';

// The Node loader evaluates containers the way the built shell does, with Node's require at hand.
(globalThis as { __non_webpack_require__?: NodeRequire }).__non_webpack_require__ = require;
init({ name: 'shell_server_test', remotes: [] });

describe('server federation when a remote host fails', () => {
  let fixture: FederationFixture;
  let dir: string;
  let staticHost: FastifyInstance;
  let client: RegistryClient;
  let federation: ServerFederation;
  let paths: FederationFixture['paths'];

  beforeEach(async () => {
    fixture = await startFederationFixture('server-federation-');
    ({ dir, staticHost, client, federation, paths } = fixture);
  });

  afterEach(() => fixture.close());

  // Every test uses remotes of its own name: the federation runtime is one per process, as in the shell.
  it('keeps rendering a remote whose code is in memory while its host is unreachable, stylesheets included', async () => {
    await deployBuild(paths, remoteBuild(dir, 'alpha', '1.0.0-aaaaaaaaaa', ['AlphaLatest', 'AlphaFeed']));
    await federation.start();
    const before = await federation.resolveSection(client.current, 'AlphaLatest');
    expect(before).toMatchObject({ ok: true, remote: 'alpha', version: '1.0.0-aaaaaaaaaa' });
    const stylesheet = client.current.remotes.get('alpha')!.assets.AlphaLatest!.css[0]!;

    await staticHost.close();
    await client.poll();
    const record = client.current.remotes.get('alpha')!;
    expect(record.health).toBe('unreachable');
    expect(record.problem).toContain('render from the code in memory');

    for (const section of ['AlphaLatest', 'AlphaFeed']) {
      const resolution = await federation.resolveSection(client.current, section);
      expect(resolution).toMatchObject({ ok: true, remote: 'alpha', version: '1.0.0-aaaaaaaaaa' });
    }
    // The page still carries the section's styles, with references resolved against where they were published.
    const styles = await federation.styles.collect([stylesheet], 200);
    expect(styles).toEqual([{ href: stylesheet, css: `.AlphaLatest{background:url(${new URL('img/AlphaLatest.png', stylesheet)})}` }]);
  });

  it('degrades the sections of an unreachable remote whose code was never loaded', async () => {
    await deployBuild(paths, remoteBuild(dir, 'beta', '1.0.0-bbbbbbbbbb', ['BetaLatest']));
    await client.poll();
    await staticHost.close();
    await federation.start();
    const resolution = await federation.resolveSection(client.current, 'BetaLatest');
    expect(resolution).toMatchObject({ ok: false, kind: 'unavailable', remote: 'beta' });
  });

  it('does not switch to a new version whose code cannot be fetched; the loaded one stays live and says why', async () => {
    await deployBuild(paths, remoteBuild(dir, 'gamma', '1.0.0-cccccccccc', ['GammaLatest']));
    await federation.start();
    expect(await federation.resolveSection(client.current, 'GammaLatest')).toMatchObject({ ok: true, version: '1.0.0-cccccccccc' });

    // Version 2 is published, but its Node container is missing from the host.
    await deployBuild(paths, remoteBuild(dir, 'gamma', '2.0.0-dddddddddd', ['GammaLatest']));
    const container = path.join(paths.cdnDir, 'gamma', '2.0.0-dddddddddd', 'server', 'remoteEntry.js');
    const saved = fs.readFileSync(container);
    fs.rmSync(container);
    await client.poll();
    const held = client.current.remotes.get('gamma')!;
    expect(held).toMatchObject({ version: '1.0.0-cccccccccc', health: 'up', pending: { version: '2.0.0-dddddddddd' } });
    expect(held.problem).toMatch(/^version 2\.0\.0-dddddddddd cannot be loaded \(.*404.*\); 1\.0\.0-cccccccccc stays live$/);
    const resolution = await federation.resolveSection(client.current, 'GammaLatest');
    expect(resolution).toMatchObject({ ok: true, version: '1.0.0-cccccccccc' });
    expect(resolution.ok && (resolution.module as unknown as { version: string }).version).toBe('1.0.0-cccccccccc');

    // Once its code can be fetched, the next poll switches to it.
    fs.writeFileSync(container, saved);
    await client.poll();
    expect(client.current.remotes.get('gamma')).toMatchObject({ version: '2.0.0-dddddddddd', health: 'up' });
    expect(client.current.remotes.get('gamma')!.pending).toBeUndefined();
    const switched = await federation.resolveSection(client.current, 'GammaLatest');
    expect(switched.ok && (switched.module as unknown as { version: string }).version).toBe('2.0.0-dddddddddd');
  });

  it('does not switch to a new version whose manifest is unreachable', async () => {
    await deployBuild(paths, remoteBuild(dir, 'delta', '1.0.0-eeeeeeeeee', ['DeltaLatest']));
    await federation.start();
    const gone = createStaticHost({ cdnDir: path.join(dir, 'elsewhere') });
    const goneUrl = await listen(gone);
    await gone.close();
    await registerExternal(paths, 'delta', '2.0.0-ffffffffff', `${goneUrl}/remotes/delta/2.0.0-ffffffffff/mf-manifest.json`);
    await client.poll();
    expect(client.current.remotes.get('delta')).toMatchObject({ version: '1.0.0-eeeeeeeeee', pending: { version: '2.0.0-ffffffffff' } });
    expect(await federation.resolveSection(client.current, 'DeltaLatest')).toMatchObject({ ok: true, version: '1.0.0-eeeeeeeeee' });
  });

  it('keeps the last good version live when the registry names an incompatible one or one whose server container was altered after publishing', async () => {
    await deployBuild(paths, remoteBuild(dir, 'epsilon', '1.0.0-1111111111', ['EpsilonLatest']));
    await federation.start();
    expect(await federation.resolveSection(client.current, 'EpsilonLatest')).toMatchObject({ ok: true, version: '1.0.0-1111111111' });

    // A build made with contracts of another major version, put in the registry by hand.
    const incompatible = remoteBuild(dir, 'epsilon', '2.0.0-2222222222', ['EpsilonLatest']);
    const manifestFile = path.join(incompatible, 'mf-manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.site.contractsVersion = '99.0.0';
    const target = path.join(paths.cdnDir, 'epsilon', '2.0.0-2222222222');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(incompatible, target, { recursive: true });
    fs.writeFileSync(path.join(target, 'mf-manifest.json'), JSON.stringify(manifest));
    await registerExternal(
      paths,
      'epsilon',
      '2.0.0-2222222222',
      `${client.current.remotes.get('epsilon')!.manifestUrl.replace('1.0.0-1111111111', '2.0.0-2222222222')}`,
    );
    await client.poll();
    expect(client.current.remotes.get('epsilon')).toMatchObject({ version: '1.0.0-1111111111', health: 'up', pending: { version: '2.0.0-2222222222' } });
    expect(client.current.remotes.get('epsilon')!.problem).toContain('99.0.0');
    expect(await federation.resolveSection(client.current, 'EpsilonLatest')).toMatchObject({ ok: true, version: '1.0.0-1111111111' });

    // A properly published version whose server container is changed on the host afterwards.
    await deployBuild(paths, remoteBuild(dir, 'epsilon', '1.0.1-3333333333', ['EpsilonLatest']));
    fs.appendFileSync(path.join(paths.cdnDir, 'epsilon', '1.0.1-3333333333', 'server', 'remoteEntry.js'), '\nglobalThis.altered = true;\n');
    await client.poll();
    const held = client.current.remotes.get('epsilon')!;
    expect(held).toMatchObject({ version: '1.0.0-1111111111', pending: { version: '1.0.1-3333333333' } });
    expect(held.problem).toContain('fails integrity');
    expect((globalThis as { altered?: boolean }).altered).toBeUndefined();
    const resolution = await federation.resolveSection(client.current, 'EpsilonLatest');
    expect(resolution.ok && (resolution.module as unknown as { version: string }).version).toBe('1.0.0-1111111111');
  });
});
