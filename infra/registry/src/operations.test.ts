import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONTRACTS_VERSION } from '@site/contracts';
import { deployBuild, registerExternal, rollback } from './operations';
import { toRegistryDocument } from './registry-server';
import { RegistryStateFile } from './state';

function build(dir: string, team: string, version: string, contractsVersion = CONTRACTS_VERSION): string {
  const dist = path.join(dir, 'builds', `${team}-${version}`);
  fs.mkdirSync(path.join(dist, 'server'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'server', 'remoteEntry.js'), `// ${version}`);
  fs.writeFileSync(path.join(dist, 'remoteEntry.js'), `// browser ${version}`);
  fs.writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      id: team,
      name: team,
      metaData: { name: team, globalName: team, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      exposes: [],
      site: { team, version, contractsVersion, builtAt: 'now', sections: [] },
    }),
  );
  return dist;
}

describe('deploy and rollback', () => {
  let dir: string;
  let paths: { cdnDir: string; stateFile: string };
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'registry-ops-'));
    paths = { cdnDir: path.join(dir, 'cdn'), stateFile: path.join(dir, 'state', 'registry.json') };
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('publishes a build under its version and points the registry at it', () => {
    const { version, state } = deployBuild(paths, build(dir, 'news', '1.0.0-aaaaaaaaaa'));
    expect(version).toBe('1.0.0-aaaaaaaaaa');
    expect(fs.readFileSync(path.join(paths.cdnDir, 'news', version, 'server', 'remoteEntry.js'), 'utf8')).toContain(version);
    expect(state.revision).toBe(1);
    const document = toRegistryDocument(state, 'https://cdn.example/remotes/');
    expect(document.remotes).toEqual([
      { name: 'news', version, manifestUrl: `https://cdn.example/remotes/news/${version}/mf-manifest.json`, deployedAt: expect.any(String) },
    ]);
  });

  it('never overwrites a published version', () => {
    const dist = build(dir, 'news', '1.0.0-aaaaaaaaaa');
    deployBuild(paths, dist);
    fs.writeFileSync(path.join(dist, 'remoteEntry.js'), '// tampered');
    deployBuild(paths, dist);
    expect(fs.readFileSync(path.join(paths.cdnDir, 'news', '1.0.0-aaaaaaaaaa', 'remoteEntry.js'), 'utf8')).toBe('// browser 1.0.0-aaaaaaaaaa');
  });

  it('rolls back to the previous version, or to a named one', () => {
    deployBuild(paths, build(dir, 'news', '1.0.0-aaaaaaaaaa'));
    deployBuild(paths, build(dir, 'news', '1.0.1-bbbbbbbbbb'));
    deployBuild(paths, build(dir, 'news', '1.0.2-cccccccccc'));
    expect(rollback(paths, 'news').version).toBe('1.0.1-bbbbbbbbbb');
    expect(rollback(paths, 'news', '1.0.2-cccccccccc').version).toBe('1.0.2-cccccccccc');
    expect(() => rollback(paths, 'news', '9.9.9')).toThrow('no deployed version 9.9.9');
    expect(() => rollback(paths, 'events')).toThrow('never been deployed');
    expect(new RegistryStateFile(paths.stateFile).read().revision).toBe(5);
  });

  it('refuses a build whose contracts the platform cannot serve', () => {
    expect(() => deployBuild(paths, build(dir, 'news', '2.0.0-dddddddddd', '1.0.0'))).toThrow(/refusing news@2.0.0-dddddddddd: .*major versions differ/);
    expect(fs.existsSync(path.join(paths.cdnDir, 'news'))).toBe(false);
  });

  it('registers a build hosted elsewhere by its absolute manifest URL', () => {
    const state = registerExternal(paths, 'news', '1.0.0-eeeeeeeeee', 'http://127.0.0.1:9999/news/mf-manifest.json');
    expect(toRegistryDocument(state, 'https://cdn.example/remotes/').remotes[0]?.manifestUrl).toBe('http://127.0.0.1:9999/news/mf-manifest.json');
    expect(() => registerExternal(paths, 'news', '1', 'not a url')).toThrow();
  });
});
