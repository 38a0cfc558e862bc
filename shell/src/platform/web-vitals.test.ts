import { Registry } from 'prom-client';
import { SHELL_SERIES, vitalsReportOf, WebVitals, type VitalSection } from './web-vitals';

const news: VitalSection = { remote: 'news', section: 'NewsList', version: '1.4.0' };
const events: VitalSection = { remote: 'events', section: 'EventsCalendar', version: '2.0.1' };
const live = new Set([news, events].map((s) => `${s.remote}@${s.version}/${s.section}`));
const isLive = (s: VitalSection) => live.has(`${s.remote}@${s.version}/${s.section}`);

describe('web vitals beacons', () => {
  it('reads a well-formed beacon and refuses malformed ones', () => {
    expect(vitalsReportOf({ type: 'web-vitals', name: 'LCP', value: 1800, target: news, sections: [news, events] })).toEqual({
      name: 'LCP',
      value: 1800,
      target: news,
      sections: [news, events],
    });
    expect(vitalsReportOf({ type: 'web-vitals', name: 'CLS', value: 0.02, target: null, sections: [] })).toEqual({
      name: 'CLS',
      value: 0.02,
      target: null,
      sections: [],
    });
    const bad: unknown[] = [
      null,
      'LCP',
      { type: 'section-error', name: 'LCP', value: 1, sections: [] },
      { type: 'web-vitals', name: 'FID', value: 10, sections: [] },
      { type: 'web-vitals', name: 'LCP', value: -1, sections: [] },
      { type: 'web-vitals', name: 'LCP', value: Number.NaN, sections: [] },
      { type: 'web-vitals', name: 'LCP', value: '1200', sections: [] },
      { type: 'web-vitals', name: 'CLS', value: 1000, sections: [] },
      { type: 'web-vitals', name: 'INP', value: 80, target: { remote: 'news' }, sections: [news] },
      { type: 'web-vitals', name: 'INP', value: 80, sections: [{ ...news, remote: 'x'.repeat(41) }] },
      { type: 'web-vitals', name: 'INP', value: 80, sections: new Array(61).fill(news) },
      { type: 'web-vitals', name: 'INP', value: 80 },
    ];
    for (const body of bad) expect(vitalsReportOf(body)).toBeNull();
  });
});

describe('web vitals histograms', () => {
  it('counts a metric under the section it is attributed to, with buckets around the good thresholds', async () => {
    const vitals = new WebVitals();
    expect(vitals.record({ name: 'LCP', value: 1800, target: news, sections: [news, events] }, isLive)).toEqual(news);
    expect(vitals.record({ name: 'LCP', value: 3200, target: news, sections: [news] }, isLive)).toEqual(news);
    expect(vitals.record({ name: 'INP', value: 150, target: events, sections: [news, events] }, isLive)).toEqual(events);
    const [inp, lcp] = await vitals.snapshot();
    expect(lcp).toEqual({ name: 'LCP', series: news, buckets: [0, 0, 0, 1, 1, 1, 2, 2, 2, 2], sum: 5, count: 2 });
    expect(inp).toEqual({ name: 'INP', series: events, buckets: [0, 0, 1, 1, 1, 1, 1, 1], sum: 0.15, count: 1 });
  });

  it('counts a metric no section holds under the shell layout series', async () => {
    const vitals = new WebVitals();
    expect(vitals.record({ name: 'CLS', value: 0.3, target: null, sections: [news] }, isLive)).toEqual(SHELL_SERIES);
    expect(await vitals.snapshot()).toEqual([{ name: 'CLS', series: SHELL_SERIES, buckets: [0, 0, 0, 0, 0, 1, 1, 1], sum: 0.3, count: 1 }]);
  });

  it('does not count a report naming a section, remote or version the live catalog does not have', async () => {
    const vitals = new WebVitals();
    const forged = [
      { name: 'LCP' as const, value: 1000, target: { ...news, remote: 'evil' }, sections: [{ ...news, remote: 'evil' }] },
      { name: 'LCP' as const, value: 1000, target: { ...news, section: 'Nope' }, sections: [{ ...news, section: 'Nope' }] },
      { name: 'LCP' as const, value: 1000, target: { ...news, version: '9.9.9' }, sections: [{ ...news, version: '9.9.9' }] },
      // Live target, but the page names an unknown section beside it.
      { name: 'LCP' as const, value: 1000, target: news, sections: [news, { ...events, section: 'Invented' }] },
      // A target that is not one of the page's sections.
      { name: 'LCP' as const, value: 1000, target: events, sections: [news] },
    ];
    for (const report of forged) expect(vitals.record(report, isLive)).toBeNull();
    expect(await vitals.snapshot()).toEqual([]);
  });

  it('writes Prometheus histograms with remote, section and version labels', async () => {
    const registry = new Registry();
    const vitals = new WebVitals(registry);
    vitals.record({ name: 'LCP', value: 2400, target: news, sections: [news] }, isLive);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE site_web_vitals_lcp_seconds histogram');
    expect(text).toContain('# TYPE site_web_vitals_inp_seconds histogram');
    expect(text).toContain('# TYPE site_web_vitals_cls histogram');
    expect(text).toContain('site_web_vitals_lcp_seconds_bucket{le="2",remote="news",section="NewsList",version="1.4.0"} 0');
    expect(text).toContain('site_web_vitals_lcp_seconds_bucket{le="2.5",remote="news",section="NewsList",version="1.4.0"} 1');
    expect(text).toContain('site_web_vitals_lcp_seconds_bucket{le="+Inf",remote="news",section="NewsList",version="1.4.0"} 1');
    expect(text).toContain('site_web_vitals_lcp_seconds_sum{remote="news",section="NewsList",version="1.4.0"} 2.4');
    expect(text).toContain('site_web_vitals_lcp_seconds_count{remote="news",section="NewsList",version="1.4.0"} 1');
  });

  it('keeps a bounded number of series', async () => {
    const vitals = new WebVitals();
    for (let i = 0; i < 3100; i += 1) {
      const section = { remote: 'news', section: 'NewsList', version: `1.0.${i}` };
      vitals.record({ name: 'INP', value: 40, target: section, sections: [section] }, () => true);
    }
    const snapshot = await vitals.snapshot();
    expect(snapshot).toHaveLength(3000);
    expect(snapshot.some((h) => h.series.version === '1.0.0')).toBe(false);
    expect(snapshot.some((h) => h.series.version === '1.0.3099')).toBe(true);
  });
});
