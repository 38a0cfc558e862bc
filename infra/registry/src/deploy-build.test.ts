import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeRemoteBuild } from '@site/test-support/remote-builds';
import { closeStore, deployBuild, publishVersion, type RegistryPaths } from './operations';

/** A remote's build folder as the build runner leaves it: its files, and the runner's hidden stamp of its inputs. */
function build(dir: string, version: string, code: string, stamp: string, { builtAt = '2026-11-27T18:31:16.290Z', sections = ['NewsFeed'] } = {}): string {
  return writeRemoteBuild(dir, {
    version,
    sections,
    builtAt,
    files: { 'remoteEntry.js': code, '.build-stamp': stamp },
  });
}

describe('deploying a build folder (npm start, the platform tooling)', () => {
  let dir: string;
  const paths = (): RegistryPaths => ({ cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'registry', 'registry.db') });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-deploy-'));
  });

  afterEach(async () => {
    await closeStore(paths());
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('publishes the build without its hidden files, so a rebuild of the same code under new build tools is the same version', async () => {
    const first = await deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1'));
    expect(fs.readdirSync(path.join(paths().cdnDir, 'news', '1.0.0-aaaaaaaaaa')).sort()).toEqual(['mf-manifest.json', 'remoteEntry.js', 'server']);
    // The runner's inputs changed (the build tools), the output did not: the stamp is all that differs.
    const again = await deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-2'));
    expect(again).toMatchObject({ remote: 'news', version: first.version });
    expect(again.state.remotes.news).toMatchObject({ current: '1.0.0-aaaaaaaaaa' });
  });

  it('takes the same build again when an earlier registry published it with its stamp', async () => {
    const dist = build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1');
    // What the registry used to read from a build folder: every file, the hidden stamp too.
    const everyFile = new Map<string, Buffer>();
    for (const name of ['mf-manifest.json', 'remoteEntry.js', 'server/remoteEntry.js', '.build-stamp'])
      everyFile.set(name, fs.readFileSync(path.join(dist, name)));
    await publishVersion(paths(), everyFile, { actor: { name: 'platform' } });
    fs.writeFileSync(path.join(dist, '.build-stamp'), 'inputs-2');
    await expect(deployBuild(paths(), dist)).resolves.toMatchObject({ version: '1.0.0-aaaaaaaaaa' });
  });

  it('takes the same code built again later (other code built in between) as the version published first, which keeps its files', async () => {
    await deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1'));
    const manifest = () => JSON.parse(fs.readFileSync(path.join(paths().cdnDir, 'news', '1.0.0-aaaaaaaaaa', 'mf-manifest.json'), 'utf8'));
    const first = manifest();
    // Built again from the same code: the same files and version, a later build time in its manifest.
    const again = await deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1', { builtAt: '2026-11-28T09:00:00.000Z' }));
    expect(again.state.remotes.news).toMatchObject({ current: '1.0.0-aaaaaaaaaa' });
    expect(manifest()).toEqual(first);
    expect(first.site.builtAt).toBe('2026-11-27T18:31:16.290Z');
  });

  it('refuses a manifest under a published version that differs in more than its build time', async () => {
    await deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1'));
    const other = build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1', { builtAt: '2026-11-28T09:00:00.000Z', sections: ['NewsFeed', 'NewsLatest'] });
    await expect(deployBuild(paths(), other)).rejects.toThrow(
      'news@1.0.0-aaaaaaaaaa is already published with other files; versions are immutable: build a new version',
    );
  });

  it('still refuses other code under a published version', async () => {
    await deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// one', 'inputs-1'));
    await expect(deployBuild(paths(), build(dir, '1.0.0-aaaaaaaaaa', '// two', 'inputs-1'))).rejects.toThrow(
      'news@1.0.0-aaaaaaaaaa is already published with other files; versions are immutable: build a new version',
    );
  });
});
