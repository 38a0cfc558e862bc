import { CONTRACTS_VERSION, type RemoteManifest } from '@site/contracts';
import { buildRemoteRecord, RemoteCatalog, type CanaryRecord } from '../federation/catalog';
import { BUCKET_COOKIE, VARIANT_COOKIE, visitorVariant } from './canary-variant';

function record(team: string, version: string) {
  const manifest: RemoteManifest = {
    id: team,
    name: team,
    metaData: { name: team, globalName: team, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    exposes: [],
    site: { team, version, contractsVersion: CONTRACTS_VERSION, builtAt: 'now', sections: [] },
  };
  return buildRemoteRecord({ name: team, version, manifestUrl: `https://cdn.example/remotes/${team}/${version}/mf-manifest.json` }, manifest);
}

const canary = (team: string, version: string, percent: number): [string, CanaryRecord] => [
  team,
  { record: { ...record(team, version), runtimeName: `${team}__canary` }, percent },
];

const stable = new RemoteCatalog(3, [record('news', '1.0.0-a'), record('events', '1.0.0-b')]);
const withCanaries = new RemoteCatalog(
  4,
  [record('news', '1.0.0-a'), record('events', '1.0.0-b')],
  [canary('news', '1.1.0-c', 10), canary('events', '1.1.0-d', 50)],
);

describe('visitor variant (canary buckets, cookies and cache keys)', () => {
  it('sets nothing and shares one variant while no canary is live', () => {
    expect(visitorVariant(stable, {}, () => 5)).toEqual({ variant: '', setCookies: [], shareable: true, varies: false });
    // A bucket from an earlier canary is kept for the next one.
    expect(visitorVariant(stable, { [BUCKET_COOKIE]: '5' })).toEqual({ variant: '', setCookies: [], shareable: true, varies: false });
  });

  it('gives a first visitor a bucket in a cookie and the variant of that bucket, in an answer no shared cache keeps', () => {
    const first = visitorVariant(withCanaries, {}, () => 7);
    expect(first.variant).toBe('events.news');
    expect(first.setCookies).toEqual([
      `${BUCKET_COOKIE}=7; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`,
      `${VARIANT_COOKIE}=events.news; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`,
    ]);
    expect(first).toMatchObject({ shareable: false, varies: true });
    // A stable-bucket first visitor gets the bucket cookie and no variant cookie: still private (it sets a cookie).
    expect(visitorVariant(withCanaries, {}, () => 70)).toEqual({
      variant: '',
      setCookies: [`${BUCKET_COOKIE}=70; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`],
      shareable: false,
      varies: true,
    });
  });

  it('keeps a returning visitor on the same variant with nothing set: the answer may be cached under their variant cookie', () => {
    expect(visitorVariant(withCanaries, { [BUCKET_COOKIE]: '30', [VARIANT_COOKIE]: 'events' })).toEqual({
      variant: 'events',
      setCookies: [],
      shareable: true,
      varies: true,
    });
    expect(visitorVariant(withCanaries, { [BUCKET_COOKIE]: '99' })).toEqual({ variant: '', setCookies: [], shareable: true, varies: true });
  });

  it('corrects a variant cookie that no longer says what the page holds, and replaces a bucket that is not one', () => {
    // The canary ended: the variant cookie goes.
    expect(visitorVariant(stable, { [BUCKET_COOKIE]: '3', [VARIANT_COOKIE]: 'news' })).toEqual({
      variant: '',
      setCookies: [`${VARIANT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`],
      shareable: false,
      varies: false,
    });
    // A canary started for the visitor's bucket: the page is theirs alone until the cookie names it.
    expect(visitorVariant(withCanaries, { [BUCKET_COOKIE]: '3' })).toMatchObject({ variant: 'events.news', shareable: false });
    for (const bad of ['100', '-1', 'x', '1e1', '']) {
      expect(visitorVariant(withCanaries, { [BUCKET_COOKIE]: bad }, () => 60).setCookies[0]).toBe(
        `${BUCKET_COOKIE}=60; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly`,
      );
    }
  });

  it('has at most 2^k variants with k canaries, whatever the buckets', () => {
    const variants = new Set(Array.from({ length: 100 }, (_, bucket) => withCanaries.variantFor(bucket)));
    expect([...variants].sort()).toEqual(['', 'events', 'events.news']);
    expect(withCanaries.forVariant('news.events')).toBe(withCanaries.forVariant('events.news'));
    expect(withCanaries.forVariant('events.news').remotes.get('news')!.version).toBe('1.1.0-c');
    expect(withCanaries.forVariant('events').remotes.get('news')!.version).toBe('1.0.0-a');
  });
});
