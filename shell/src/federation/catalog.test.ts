import { CONTRACTS_VERSION, type RemoteManifest } from '@site/contracts';
import { remoteBuildManifest } from '@site/test-support/remote-builds';
import { RemoteCatalog, buildRemoteRecord, manifestBaseUrl } from './catalog';

function manifest(team: string, sections: string[], contractsVersion = CONTRACTS_VERSION): RemoteManifest {
  return remoteBuildManifest({
    team,
    version: '1.0.0-aaaaaaaaaa',
    contractsVersion,
    builtAt: '2026-01-01',
    sections: sections.map((name) => ({ name, js: [`__federation_expose_${name}.js`], css: [`__federation_expose_${name}.css`] })),
  });
}

const entry = (name: string) => ({ name, version: '1.0.0-aaaaaaaaaa', manifestUrl: `https://cdn.example/remotes/${name}/1.0.0-aaaaaaaaaa/mf-manifest.json` });

describe('remote catalog (registry + manifests → which remote renders which section)', () => {
  it('resolves the assets of a section against the folder its manifest was published in', () => {
    const record = buildRemoteRecord(entry('news'), manifest('news', ['NewsLatest']));
    expect(record.health).toBe('up');
    expect(record.assets.NewsLatest).toEqual({
      css: ['https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/__federation_expose_NewsLatest.css'],
      js: ['https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/__federation_expose_NewsLatest.js'],
    });
    expect(record.browserEntryUrl).toBe('https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/remoteEntry.js');
    expect(manifestBaseUrl('http://h/a/b/mf-manifest.json?x=1')).toBe('http://h/a/b/');
  });

  it('locates sections by the names the manifests declare; the shell holds no table of its own', () => {
    const catalog = new RemoteCatalog(1, [
      buildRemoteRecord(entry('news'), manifest('news', ['NewsLatest', 'PageHero'])),
      buildRemoteRecord(entry('events'), manifest('events', ['EventsUpcoming'])),
    ]);
    expect(catalog.locate('EventsUpcoming')).toEqual({ remote: 'events', version: '1.0.0-aaaaaaaaaa', expose: './EventsUpcoming' });
    expect(catalog.locate('Unknown')).toBeNull();
    expect(catalog.sectionNames).toEqual(['EventsUpcoming', 'NewsLatest', 'PageHero']);
  });

  it('refuses a remote built with incompatible contracts, and says why', () => {
    const record = buildRemoteRecord(entry('search'), manifest('search', ['SearchResults'], '1.0.0'));
    expect(record.health).toBe('incompatible');
    expect(record.problem).toContain('major versions differ');
    // Still located, so its sections degrade to the failure fallback instead of 'Component missing'.
    expect(new RemoteCatalog(1, [record]).locate('SearchResults')?.remote).toBe('search');
  });

  it('keeps naming the sections of an unreachable remote whose manifest it knew', () => {
    const record = buildRemoteRecord(entry('news'), manifest('news', ['NewsLatest']), { reachable: false, problem: 'fetch failed' });
    expect(record.health).toBe('unreachable');
    expect(record.sections).toEqual(['NewsLatest']);
    expect(buildRemoteRecord(entry('news'), null, { reachable: false }).sections).toEqual([]);
  });

  it('marks a manifest that names another remote as invalid', () => {
    expect(buildRemoteRecord(entry('news'), manifest('events', ['EventsUpcoming'])).health).toBe('invalid');
  });

  it('gives a section provided twice to the usable remote, and reports the conflict', () => {
    const down = buildRemoteRecord(entry('alpha'), manifest('alpha', ['Shared']), { reachable: false });
    const up = buildRemoteRecord(entry('beta'), manifest('beta', ['Shared']));
    const catalog = new RemoteCatalog(2, [down, up]);
    expect(catalog.locate('Shared')?.remote).toBe('beta');
    expect(catalog.conflicts).toEqual(['section Shared is provided by beta and alpha; beta is used']);
    // With a recorded owner, the owner's name counts even while it is down (its fallback shows, not another's).
    expect(new RemoteCatalog(3, [down, up], [], '', { Shared: 'alpha' }).locate('Shared')?.remote).toBe('alpha');
  });

  it("serves a name two remotes provide from its recorded owner, even when the other's name sorts first", () => {
    const owner = buildRemoteRecord(entry('news'), manifest('news', ['NewsFeed']));
    const intruder = buildRemoteRecord(entry('education'), manifest('education', ['NewsFeed', 'Programs']));
    const catalog = new RemoteCatalog(3, [intruder, owner], [], '', { NewsFeed: 'news', Programs: 'education' });
    expect(catalog.locate('NewsFeed')?.remote).toBe('news');
    expect(catalog.locate('Programs')?.remote).toBe('education');
    expect(catalog.conflicts).toEqual(['section NewsFeed is provided by news and education; news is used (its owner)']);
    // A name only another remote provides is not served at all while the registry names its owner.
    const without = new RemoteCatalog(4, [intruder], [], '', { NewsFeed: 'news' });
    expect(without.locate('NewsFeed')).toBeNull();
    // Two usable providers and no recorded owner: none of them, rather than the first by name.
    expect(new RemoteCatalog(5, [intruder, owner]).locate('NewsFeed')).toBeNull();
  });

  it('names the SRI value of every remote file by absolute URL, per snapshot: a new version brings its own', () => {
    const record = (version: string, sri: string) => ({
      ...buildRemoteRecord({ ...entry('news'), manifestUrl: `https://cdn.example/remotes/news/${version}/mf-manifest.json` }, manifest('news', ['NewsLatest'])),
      integrity: { 'remoteEntry.js': sri },
    });
    const first = new RemoteCatalog(1, [record('1.0.0-aaaaaaaaaa', 'sha256-first')]);
    expect(first.integrityByUrl).toEqual({ 'https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/remoteEntry.js': 'sha256-first' });
    expect(first.integrityByUrl).toBe(first.integrityByUrl);
    const next = new RemoteCatalog(2, [record('1.0.1-bbbbbbbbbb', 'sha256-next')]);
    expect(next.integrityByUrl).toEqual({ 'https://cdn.example/remotes/news/1.0.1-bbbbbbbbbb/remoteEntry.js': 'sha256-next' });
    expect(first.integrityByUrl).toEqual({ 'https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/remoteEntry.js': 'sha256-first' });
  });
});
