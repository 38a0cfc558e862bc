import { JSDOM } from 'jsdom';
import { sectionTarget, vitalsBeacon, type VitalMetric } from './vitals-beacon';

const page = new JSDOM(`<body><header><img id="logo"></header>
  <div data-section="NewsList" data-section-id="s1" data-remote="news" data-remote-version="1.4.0"><p><img id="hero"></p></div>
  <div data-section="EventsCalendar" data-section-id="s2" data-remote="events" data-remote-version="2.0.1"><button id="more">More</button></div>
  <div data-section="Missing" data-section-id="s3" data-section-status="missing"></div></body>`).window.document;

const metric = (name: 'LCP' | 'INP' | 'CLS', value: number, target: string | undefined) =>
  ({
    name,
    value,
    rating: 'good',
    navigationType: 'navigate',
    attribution: name === 'LCP' ? { target } : name === 'INP' ? { interactionTarget: target } : { largestShiftTarget: target },
  }) as unknown as VitalMetric;

describe('web vitals beacon', () => {
  it('names the section holding an element, and nothing for the shell layout', () => {
    expect(sectionTarget(page.getElementById('hero'))).toBe('section:s1');
    expect(sectionTarget(page.getElementById('more')!.firstChild)).toBe('section:s2');
    expect(sectionTarget(page.getElementById('logo'))).toBeUndefined();
    expect(sectionTarget(null)).toBeUndefined();
  });

  it('sends the metric, its section and every section of the page a remote rendered', () => {
    const sections = [
      { remote: 'news', section: 'NewsList', version: '1.4.0' },
      { remote: 'events', section: 'EventsCalendar', version: '2.0.1' },
    ];
    expect(JSON.parse(vitalsBeacon(metric('LCP', 1234.5, 'section:s1'), page))).toEqual({
      type: 'web-vitals',
      name: 'LCP',
      value: 1234.5,
      rating: 'good',
      navigationType: 'navigate',
      target: sections[0],
      sections,
    });
    expect(JSON.parse(vitalsBeacon(metric('INP', 64, 'section:s2'), page)).target).toEqual(sections[1]);
    // A CSS selector (the default for elements outside sections) or no target at all: not attributed.
    expect(JSON.parse(vitalsBeacon(metric('CLS', 0.04, 'header>img'), page)).target).toBeNull();
    expect(JSON.parse(vitalsBeacon(metric('CLS', 0.04, undefined), page)).target).toBeNull();
  });
});
