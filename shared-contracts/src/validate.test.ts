import { AlertSchema, InitResponseSchema } from './api/init';
import { LinkSchema } from './api/common';
import { PageResponseSchema, SectionDescriptorSchema } from './api/page';
import { NewsItemSchema } from './news';
import { RegistryDocumentSchema, RemoteManifestSchema } from './remotes';
import { ContractViolation, isNonEmptyObject, keepValidEntries, parseContract, validate } from './validate';

describe('contract validators', () => {
  it('accepts a well-formed init response and keeps unknown layout component keys', () => {
    const response = {
      data: { settings: { siteName: 'NTU', seo: { titlePostfix: 'NTU' } }, colors: [], redirects: [], header: { title: 'x' }, campusMap: { any: 1 } },
    };
    expect(validate(InitResponseSchema, response).ok).toBe(true);
  });

  it('rejects an init response without settings, naming the path', () => {
    const result = validate(InitResponseSchema, { data: { colors: [] } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((issue) => issue.path)).toContain('/data/settings');
  });

  it('validates section descriptors: a name is required, themes are the five of the spec', () => {
    expect(validate(SectionDescriptorSchema, { id: 'a', name: 'NewsLatest', props: {}, theme: 'grey' }).ok).toBe(true);
    expect(validate(SectionDescriptorSchema, { id: 'a', props: {} }).ok).toBe(false);
    expect(validate(SectionDescriptorSchema, { id: 'a', name: 'X', props: {}, theme: 'purple' }).ok).toBe(false);
    // A page keeps its components unvalidated so that one bad descriptor does not take the page down.
    expect(validate(PageResponseSchema, { data: { slug: 'index', title: 'Home', components: [{ broken: true }] } }).ok).toBe(true);
  });

  it('checks news items: type and feature slot come from the spec enumerations', () => {
    const item = { id: 1, title: 't', link: '/news/1', date: '2026-05-01', type: 'News', isFeatured: true, featureSort: 'First' };
    expect(validate(NewsItemSchema, item).ok).toBe(true);
    expect(validate(NewsItemSchema, { ...item, type: 'Blog' }).ok).toBe(false);
    expect(validate(NewsItemSchema, { ...item, featureSort: 'Third' }).ok).toBe(false);
    expect(validate(NewsItemSchema, { ...item, date: 'yesterday' }).ok).toBe(false);
  });

  it('keeps only the entries that are objects of the right shape (alerts, navigation, socials)', () => {
    const dropped: unknown[] = [];
    const alerts = keepValidEntries(AlertSchema, [{ id: 1, text: '<b>hi</b>' }, 'text', null, 42, { id: 2 }], (entry) => dropped.push(entry));
    expect(alerts).toEqual([{ id: 1, text: '<b>hi</b>' }]);
    expect(dropped).toHaveLength(4);
    expect(keepValidEntries(LinkSchema, 'not a list')).toEqual([]);
  });

  it('tells a non-empty object from the rest (an alert link shows only then)', () => {
    expect(isNonEmptyObject({ href: '/x' })).toBe(true);
    expect(isNonEmptyObject({})).toBe(false);
    expect(isNonEmptyObject([])).toBe(false);
    expect(isNonEmptyObject(null)).toBe(false);
  });

  it('throws a ContractViolation naming the contract and the offending paths', () => {
    expect(() => parseContract('ru/init', InitResponseSchema, { data: {} })).toThrow(ContractViolation);
    try {
      parseContract('ru/init', InitResponseSchema, { data: {} });
    } catch (error) {
      expect((error as ContractViolation).message).toContain('ru/init does not match its contract');
      expect((error as ContractViolation).issues[0]?.path).toBe('/data/settings');
    }
  });

  it('validates the registry document and the remote manifest the shell reads', () => {
    expect(
      validate(RegistryDocumentSchema, { revision: 3, updatedAt: 'now', remotes: [{ name: 'news', version: '1.0.0-abc', manifestUrl: 'http://h/m.json' }] }).ok,
    ).toBe(true);
    expect(validate(RegistryDocumentSchema, { revision: 3, updatedAt: 'now', remotes: [{ name: 'News!', version: '1', manifestUrl: 'x' }] }).ok).toBe(false);
    const manifest = {
      id: 'news',
      name: 'news',
      metaData: { name: 'news', globalName: 'news', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      exposes: [
        { id: 'news:NewsLatest', name: 'NewsLatest', path: './NewsLatest', assets: { js: { sync: ['a.js'], async: [] }, css: { sync: ['a.css'], async: [] } } },
      ],
      site: { team: 'news', version: '1.0.0-abc', contractsVersion: '1.0.0', builtAt: 'now', sections: [{ name: 'NewsLatest', expose: './NewsLatest' }] },
    };
    expect(validate(RemoteManifestSchema, manifest).ok).toBe(true);
    expect(validate(RemoteManifestSchema, { ...manifest, site: undefined }).ok).toBe(false);
  });
});
