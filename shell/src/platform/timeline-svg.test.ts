import { JSDOM } from 'jsdom';
import { Timeline } from './timeline';
import { renderTimelineCharts } from './timeline-svg';

const MINUTE = 60_000;

function parse(svg: string): Element {
  return new JSDOM(`<body>${svg}</body>`).window.document.querySelector('svg')!;
}

describe('timeline charts', () => {
  let now = 0;
  const timeline = new Timeline(() => now);
  beforeAll(() => {
    now = 29_000_000 * MINUTE; // 2025-02-19T21:20Z
    timeline.recordRender('news', '1.0.0', false);
    timeline.recordRender('news', '1.0.0', true);
    timeline.recordBrowserError('news');
    timeline.recordLcp('news', 1.2);
    now += MINUTE;
    timeline.recordRender('news', '1.0.0', false);
    timeline.recordLcp('news', 3.1);
    now += 20 * MINUTE;
    timeline.recordRender('news', '1.1.0<b>', false);
    now += 5 * MINUTE;
  });

  it('draws error rates and LCP p75 as named, described SVG images', () => {
    const { errors, lcp } = renderTimelineCharts(timeline.series('news'));
    const errorChart = parse(errors);
    expect(errorChart.getAttribute('role')).toBe('img');
    const [titleId, descId] = errorChart.getAttribute('aria-labelledby')!.split(' ');
    expect(errorChart.querySelector(`title#${titleId}`)!.textContent).toBe('news: error rates, last 60 minutes');
    expect(errorChart.querySelector(`desc#${descId}`)!.textContent).toBe(
      'Render error rate (red, scale 0–100%): 1 of 4 server renders failed, worst minute 50.0%. Browser errors per minute (orange, scale 0–1): 1 in all. ' +
        'Versions: 1.0.0 from 21:20, 1.1.0<b> from 21:41.',
    );
    // Minutes 21:20 and 21:21 are one line; 21:41 stands alone after the gap.
    expect(errorChart.querySelectorAll('polyline.render-errors')).toHaveLength(1);
    expect(errorChart.querySelectorAll('circle.render-errors')).toHaveLength(1);
    expect(errorChart.querySelectorAll('polyline.render-errors')[0]!.getAttribute('points')!.split(' ')).toHaveLength(2);
    expect([...errorChart.querySelectorAll('line.deploy title')].map((t) => t.textContent)).toEqual(['1.0.0 from 21:20', '1.1.0<b> from 21:41']);
    // The version's markup is text, not elements.
    expect(errorChart.querySelector('b')).toBeNull();

    const lcpChart = parse(lcp);
    expect(lcpChart.querySelector('title')!.textContent).toBe('news: LCP p75, last 60 minutes');
    expect(lcpChart.querySelector('desc')!.textContent).toContain('latest 3.10 s, worst 3.10 s');
    const points = lcpChart
      .querySelector('polyline.lcp')!
      .getAttribute('points')!
      .split(' ')
      .map((p) => p.split(',').map(Number));
    expect(points).toHaveLength(2);
    // Higher LCP is drawn higher up (smaller y); both stay inside the 60-pixel chart.
    expect(points[1]![1]).toBeLessThan(points[0]![1]!);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(60);
    }
  });

  it('says so when a remote had no traffic in the hour', () => {
    const { errors, lcp } = renderTimelineCharts(new Timeline(() => now).series('search'));
    expect(parse(errors).querySelector('desc')!.textContent).toContain('No renders in the last hour.');
    expect(parse(lcp).querySelector('desc')!.textContent).toBe('No LCP reported in the last hour. No renders in the last hour.');
    expect(parse(lcp).querySelectorAll('polyline, circle')).toHaveLength(0);
  });
});
