import { MinuteRing, percentile75, Timeline } from './timeline';
import { RemoteStats } from './remote-stats';

const MINUTE = 60_000;

describe('minute ring', () => {
  it('keeps one slot per minute and reuses a slot an hour later', () => {
    const ring = new MinuteRing(60);
    ring.at(1000).renders = 5;
    ring.at(1001).renders = 2;
    expect(
      ring
        .window(1001)
        .slice(-2)
        .map((s) => s?.renders),
    ).toEqual([5, 2]);
    expect(ring.window(1001).filter(Boolean)).toHaveLength(2);
    // Minute 1060 takes minute 1000's slot: the old count is gone, not added to.
    expect(ring.at(1060).renders).toBe(0);
    const window = ring.window(1060);
    expect(window).toHaveLength(60);
    expect(window[0]?.minute).toBe(1001);
    expect(window.at(-1)?.minute).toBe(1060);
    // An hour with nothing in it is all gaps.
    expect(ring.window(2000).every((s) => s === null)).toBe(true);
  });
});

describe('timeline', () => {
  it('gives per-minute error rates, browser errors, LCP p75 and the first render of each version', () => {
    let now = 1_000 * MINUTE + 5_000;
    const timeline = new Timeline(() => now);
    timeline.recordRender('news', '1.0.0', false);
    timeline.recordRender('news', '1.0.0', true);
    timeline.recordBrowserError('news');
    for (const lcp of [1, 2, 3, 4]) timeline.recordLcp('news', lcp);
    now += 10 * MINUTE;
    timeline.recordRender('news', '1.1.0', false);
    timeline.recordRender('news', '1.0.0', false);
    now += 2 * MINUTE;
    const { points, deploys } = timeline.series('news');
    expect(points).toHaveLength(60);
    expect(points.at(-1)!.minute).toBe(1_012);
    const first = points.find((p) => p.minute === 1_000)!;
    expect(first).toEqual({ minute: 1_000, renders: 2, renderErrorRate: 0.5, browserErrors: 1, lcpP75: 3, versions: ['1.0.0'] });
    expect(points.find((p) => p.minute === 1_010)).toMatchObject({ renders: 2, renderErrorRate: 0, lcpP75: null, versions: ['1.1.0', '1.0.0'] });
    expect(points.find((p) => p.minute === 1_005)).toEqual({ minute: 1_005, renders: 0, renderErrorRate: null, browserErrors: 0, lcpP75: null, versions: [] });
    expect(deploys).toEqual([
      { minute: 1_000, version: '1.0.0' },
      { minute: 1_010, version: '1.1.0' },
    ]);
    // An hour later the old minutes have left the window.
    now += 60 * MINUTE;
    expect(timeline.series('news').points.every((p) => p.renders === 0)).toBe(true);
    expect(timeline.series('news').deploys).toEqual([]);
  });

  it('bounds LCP values per minute and the number of remotes', () => {
    const timeline = new Timeline(() => 42 * MINUTE);
    for (let i = 0; i < 500; i += 1) timeline.recordLcp('news', i < 200 ? 1 : 9);
    expect(timeline.series('news').points.at(-1)!.lcpP75).toBe(1);
    for (let i = 0; i < 40; i += 1) timeline.recordRender(`remote-${i}`, '1.0.0', false);
    expect(timeline.remotes()).toHaveLength(32);
  });

  it('takes the 75th percentile as the value three quarters of the loads are at or under', () => {
    expect(percentile75([])).toBeNull();
    expect(percentile75([5])).toBe(5);
    expect(percentile75([4, 1, 3, 2])).toBe(3);
    expect(percentile75([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
  });

  it('is fed by the remote stats: renders, browser errors and the LCP of pages with the remote', async () => {
    const stats = new RemoteStats(() => 7 * MINUTE);
    stats.recordRender('news', 'NewsList', '1.0.0', true);
    stats.recordBrowserError('news', 'NewsList', '1.0.0');
    const news = { remote: 'news', section: 'NewsList', version: '1.0.0' };
    const events = { remote: 'events', section: 'EventsCalendar', version: '2.0.0' };
    stats.recordVitals({ name: 'LCP', value: 2200, target: news, sections: [news, events] }, () => true);
    stats.recordVitals({ name: 'LCP', value: 9000, target: null, sections: [{ ...news, remote: 'evil' }] }, (s) => s.remote !== 'evil');
    expect(stats.timeline.series('news').points.at(-1)).toEqual({
      minute: 7,
      renders: 1,
      renderErrorRate: 1,
      browserErrors: 1,
      lcpP75: 2.2,
      versions: ['1.0.0'],
    });
    expect(stats.timeline.series('events').points.at(-1)!.lcpP75).toBe(2.2);
    expect(stats.timeline.remotes()).toEqual(['events', 'news']);
    expect((await stats.vitals.snapshot()).map((h) => [h.name, h.series.remote, h.count])).toEqual([['LCP', 'news', 1]]);
  });
});
