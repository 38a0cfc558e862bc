import type { ReleaseReport } from '@site/contracts/fleet';
import { releaseFromRegistry, renderReleasePage } from './release-page';

const HOSTILE = '<img src=x onerror=alert(1)>';

/** A canary that was rolled back: one section grown, one added, one removed, one as before. */
const RELEASE: ReleaseReport = {
  remote: 'news',
  version: '1.1.0-bbbbbbbbbb',
  previous: '1.0.0-aaaaaaaaaa',
  manifest: 'news/1.1.0-bbbbbbbbbb/mf-manifest.json',
  contractsVersion: '3.2.0',
  previousContractsVersion: '3.1.0',
  publishedBy: 'news',
  publishedAt: '2026-11-26T10:00:00.000Z',
  liveSince: '2026-11-26T10:05:00.000Z',
  status: 'bad',
  bad: 'error rate above the stable version',
  sections: [
    { name: 'NewsFeed', change: 'changed', js: 6144, css: 512, previousJs: 4096, previousCss: 512 },
    { name: 'NewsMap', change: 'added', js: 1024, css: 100, previousJs: null, previousCss: null },
    { name: 'NewsArchive', change: 'removed', js: null, css: null, previousJs: 2048, previousCss: 30 },
    { name: 'NewsAgenda', change: 'unchanged', js: 3072, css: 40, previousJs: 3072, previousCss: 40 },
  ],
  canary: {
    state: 'rolled back',
    reason: `error rate above the stable version: 30 errors in 30 renders`,
    at: '2026-11-26T10:06:00.000Z',
    renders: 30,
    errorRate: 1,
    stableErrorRate: 0,
  },
  errors: { renders: 30, renderErrors: 30, pageViews: 25, browserErrors: 4 },
  vitals: [
    { section: HOSTILE, metric: 'INP', p75: 175, samples: 8 },
    { section: 'NewsFeed', metric: 'INP', p75: 275, samples: 40 },
  ],
  audit: [
    {
      id: 1,
      at: '2026-11-26T10:00:00.000Z',
      actor: 'news',
      remote: 'news',
      action: 'publish',
      from: null,
      to: '1.1.0-bbbbbbbbbb',
      outcome: 'ok',
      detail: null,
    },
  ],
};

/** The text of the table row of a section, tags removed. */
function rowOf(html: string, section: string): string {
  const match = new RegExp(`<tr data-section="${section}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!match) throw new Error(`no row for ${section}`);
  return match[1]!
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe('the release page of one version', () => {
  const html = renderReleasePage(RELEASE);

  test('shows each section as added, removed, changed or unchanged with its sizes before and now and the difference', () => {
    expect(rowOf(html, 'NewsFeed')).toBe('NewsFeed changed 4.0 KB 6.0 KB +2.0 KB (+50.0 %) 0.5 KB 0.5 KB ±0.0 KB (±0.0 %)');
    expect(rowOf(html, 'NewsMap')).toBe('NewsMap added – 1.0 KB – – 0.1 KB –');
    expect(rowOf(html, 'NewsArchive')).toBe('NewsArchive removed 2.0 KB – – 0.0 KB – –');
    expect(rowOf(html, 'NewsAgenda')).toBe('NewsAgenda unchanged 3.0 KB 3.0 KB ±0.0 KB (±0.0 %) 0.0 KB 0.0 KB ±0.0 KB (±0.0 %)');
  });

  test('names the publisher, the contract versions, the canary verdict with its figures, errors and vitals', () => {
    expect(html).toContain('by news at 2026-11-26T10:00:00.000Z');
    expect(html).toContain('3.2.0 <small>(previous version: 3.1.0)</small>');
    expect(html).toContain('<strong class="bad">rolled back</strong>');
    expect(html).toContain('30 renders · error rate 100.0 % against 0.0 %<br>error rate above the stable version: 30 errors in 30 renders');
    expect(html).toContain('30 errors in 30 server renders · 4 browser errors in 25 page views');
    expect(html).toContain('<td>INP</td><td>275 ms</td><td>40</td>');
    expect(html).toContain('<a href="/_platform/releases/news/1.0.0-aaaaaaaaaa">1.0.0-aaaaaaaaaa</a>');
  });

  test('escapes a hostile section name from a report', () => {
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(renderReleasePage({ ...RELEASE, sections: [{ ...RELEASE.sections[0]!, name: HOSTILE }] })).not.toContain('<img');
  });
});

describe("the registry's answer, checked before it is rendered", () => {
  test('a report as the registry answers it (JSON, with fields added by a newer registry) is rendered as it came', () => {
    const answer: unknown = JSON.parse(JSON.stringify({ ...RELEASE, rolloutNote: 'from a newer registry' }));
    expect(releaseFromRegistry(answer)).toEqual({ release: answer });
  });

  test('anything else is a 502 naming what is wrong, never a page', () => {
    const { errors: _errors, ...withoutErrors } = RELEASE;
    const answer = releaseFromRegistry({ ...withoutErrors, status: 'gone', sections: [{ ...RELEASE.sections[0]!, js: '6 KB' }] });
    expect(answer).toMatchObject({ status: 502 });
    const { message } = answer as { message: string };
    expect(message).toMatch(/^registry answered an invalid release report: /);
    expect(message).toContain('/status');
    expect(message).toContain('/errors');
    expect(message).toContain('/sections/0/js');
    expect(releaseFromRegistry('<html>Bad gateway</html>')).toMatchObject({ status: 502 });
  });
});
