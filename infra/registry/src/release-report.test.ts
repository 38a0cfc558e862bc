import zlib from 'node:zlib';
import { CONTRACTS_VERSION, validate } from '@site/contracts';
import { ReleaseReportSchema } from '@site/contracts/fleet';
import { RegistryApi } from './client';
import { hashToken } from './tokens';
import { incompressibleCode, remoteBuildFiles } from '@site/test-support/remote-builds';
import { STATE_ENGINES, registryPerTest } from './testing/registry-per-test';

/**
 * The release report of one version (what the dashboard's release page shows), read over real HTTP from a registry
 * whose state is in SQLite or PostgreSQL: two published versions, a canary the judge rolls back, a shell's report.
 */
const TOKENS = { platform: 'platform-secret', news: 'news-secret', fleet: 'fleet-secret' };
const V1 = '1.0.0-aaaaaaaaaa';
const V2 = '1.1.0-bbbbbbbbbb';
const HOSTILE = '<img src=x onerror=alert(1)>';

jest.setTimeout(30_000);

/** A news build whose sections each have one first-load chunk (the given code) and one stylesheet. */
function build(version: string, sections: Record<string, { js: string; css: string }>): Map<string, Buffer> {
  const files: Record<string, string> = {};
  for (const [name, body] of Object.entries(sections)) {
    files[`${name}.${version}.js`] = body.js;
    files[`${name}.${version}.css`] = body.css;
  }
  const exposed = Object.keys(sections).map((name) => ({ name, js: [`${name}.${version}.js`], css: [`${name}.${version}.css`] }));
  return remoteBuildFiles({ version, sections: exposed, files });
}

const gzipped = (text: string) => zlib.gzipSync(text, { level: 9 }).length;

/** Cumulative buckets over the INP bounds (50, 100, 200, 300, 500 ms, 1 s, 2 s, +Inf) with every sample in one bucket. */
function inpBuckets(samples: number, bucket: number): number[] {
  return Array.from({ length: 8 }, (_unused, index) => (index >= bucket ? samples : 0));
}

describe.each(STATE_ENGINES)('release report of one version (real HTTP, state on %s)', (engine) => {
  const registry = registryPerTest(engine, {
    remotesPublicUrl: 'http://cdn.example/remotes/',
    tokens: { platform: hashToken(TOKENS.platform), teams: { news: hashToken(TOKENS.news) }, fleet: hashToken(TOKENS.fleet) },
    canary: { intervalMs: 100, minRenders: 5 },
  });

  const read = (remote: string, version: string, token: string | null = TOKENS.fleet) =>
    fetch(`${registry.base}/api/releases/${remote}/${encodeURIComponent(version)}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it('shows sections added, removed and changed with both sizes, the publisher, the canary verdict, errors and vitals', async () => {
    const news = new RegistryApi(registry.base, TOKENS.news);
    const feed1 = incompressibleCode(8_000);
    const feed2 = incompressibleCode(12_000);
    const archive = incompressibleCode(3_000);
    const map = incompressibleCode(2_000);
    const agenda = incompressibleCode(4_000);
    await news.publish(
      'news',
      build(V1, { NewsFeed: { js: feed1, css: '.feed{color:red}' }, NewsArchive: { js: archive, css: '.archive{}' }, NewsAgenda: { js: agenda, css: '.a{}' } }),
    );
    await news.publish(
      'news',
      build(V2, { NewsFeed: { js: feed2, css: '.feed{color:red}' }, NewsMap: { js: map, css: '.map{}' }, NewsAgenda: { js: agenda, css: '.a{}' } }),
    );
    await news.activate('news', V1);
    await news.activate('news', V2, 10);
    // One shell: every render of the canary failing, and its sections' INP from its visitors' beacons.
    const reported = await fetch(`${registry.base}/api/fleet/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.fleet}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        instance: 'shell-a',
        contractsVersion: CONTRACTS_VERSION,
        counters: [
          { remote: 'news', version: V1, renders: 200, renderErrors: 0, browserErrors: 0, pageViews: 150 },
          { remote: 'news', version: V2, renders: 30, renderErrors: 30, browserErrors: 4, pageViews: 25 },
        ],
        vitals: [
          { name: 'INP', remote: 'news', section: 'NewsFeed', version: V2, buckets: inpBuckets(40, 3), sum: 10, count: 40 },
          { name: 'INP', remote: 'news', section: HOSTILE, version: V2, buckets: inpBuckets(8, 2), sum: 1, count: 8 },
        ],
      }),
    });
    expect(reported.status).toBe(204);

    // The judge (every 100 ms) rolls the failing canary back; the page then shows its verdict.
    let report: Record<string, unknown> & { canary: { state: string; reason: string; renders: number | null } | null } = { canary: null };
    for (let attempt = 0; attempt < 100 && report.canary?.state !== 'rolled back'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answer = await read('news', V2);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      report = (await answer.json()) as typeof report;
    }
    // The shells check the answer against the same contract before they render it.
    expect(validate(ReleaseReportSchema, report)).toEqual({ ok: true, value: report });
    expect(report.canary).toMatchObject({ state: 'rolled back', renders: 30 });
    expect(report.canary!.reason).toContain(`30 errors in 30 renders (100.0%) against ${V1}'s 0.0%`);
    expect(report).toMatchObject({
      remote: 'news',
      version: V2,
      previous: V1,
      contractsVersion: CONTRACTS_VERSION,
      previousContractsVersion: CONTRACTS_VERSION,
      publishedBy: 'news',
      status: 'bad',
      errors: { renders: 30, renderErrors: 30, pageViews: 25, browserErrors: 4 },
    });
    expect(report.sections).toEqual([
      {
        name: 'NewsFeed',
        change: 'changed',
        js: gzipped(feed2),
        css: gzipped('.feed{color:red}'),
        previousJs: gzipped(feed1),
        previousCss: gzipped('.feed{color:red}'),
      },
      { name: 'NewsMap', change: 'added', js: gzipped(map), css: gzipped('.map{}'), previousJs: null, previousCss: null },
      { name: 'NewsAgenda', change: 'unchanged', js: gzipped(agenda), css: gzipped('.a{}'), previousJs: gzipped(agenda), previousCss: gzipped('.a{}') },
      { name: 'NewsArchive', change: 'removed', js: null, css: null, previousJs: gzipped(archive), previousCss: gzipped('.archive{}') },
    ]);
    // p75 from the buckets: NewsFeed's 40 samples all between 200 and 300 ms, the other's between 100 and 200 ms.
    expect(report.vitals).toEqual([
      { section: HOSTILE, metric: 'INP', p75: 175, samples: 8 },
      { section: 'NewsFeed', metric: 'INP', p75: 275, samples: 40 },
    ]);
    // Who published it and when, then the canary start and the verdict, oldest first.
    const audit = report.audit as Array<{ action: string; actor: string; at: string }>;
    expect(audit.map((entry) => `${entry.actor} ${entry.action}`)).toEqual(['news publish', 'news canary', 'canary-analysis canary-rollback']);
    expect(report.publishedAt).toBe(audit[0]!.at);
    expect(report.liveSince).toBe(audit[1]!.at);

    // The first version has nothing before it: every section is new; it is the live one.
    const first = (await (await read('news', V1)).json()) as { previous: string | null; status: string; sections: Array<{ name: string; change: string }> };
    expect(first.previous).toBeNull();
    expect(first.status).toBe('live');
    expect(first.sections.map((section) => `${section.name} ${section.change}`)).toEqual(['NewsFeed added', 'NewsArchive added', 'NewsAgenda added']);
  });

  it('answers 404 for a version or remote it never had, 401 without a token, 400 for a bad remote name', async () => {
    const news = new RegistryApi(registry.base, TOKENS.news);
    await news.publish('news', build(V1, { NewsFeed: { js: incompressibleCode(1_000), css: '' } }));
    expect(await (await read('news', '9.9.9-cccccccccc')).json()).toEqual({ statusCode: 404, message: 'remote news has no version 9.9.9-cccccccccc' });
    expect((await read('events', V1)).status).toBe(404);
    expect((await read('news', V1, null)).status).toBe(401);
    expect((await read('news', V1, 'wrong-token')).status).toBe(401);
    expect((await read('News!', V1)).status).toBe(400);
    expect((await read('news', V1, TOKENS.news)).status).toBe(200);
  });
});
