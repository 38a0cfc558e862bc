import { PageHitCounter, analyticsConfig } from './page-hits';

describe('page hits', () => {
  it('sends nothing without a counter id or an endpoint', () => {
    expect(analyticsConfig('', 'https://collector/hit')).toBeNull();
    expect(analyticsConfig('123', '')).toBeNull();
    const sent: string[] = [];
    const counter = new PageHitCounter(analyticsConfig(undefined, 'https://collector/hit'), (_endpoint, body) => sent.push(body));
    expect(counter.hit({ url: 'https://site/news', title: 'News', locale: 'en' })).toBe(false);
    expect(sent).toEqual([]);
  });

  it('sends one hit per route with the counter id, the previous page as referrer', () => {
    const sent: Array<[string, Record<string, string>]> = [];
    const counter = new PageHitCounter(analyticsConfig(' 4242 ', 'https://collector/hit'), (endpoint, body) => sent.push([endpoint, JSON.parse(body)]));
    counter.hit({ url: 'https://site/about', title: 'About', locale: 'ru', referrer: 'https://search.example/' });
    counter.hit({ url: 'https://site/about', title: 'About', locale: 'ru' });
    counter.hit({ url: 'https://site/news?page=2', title: 'News', locale: 'ru' });
    expect(sent).toEqual([
      [
        'https://collector/hit',
        { counterId: '4242', event: 'page-hit', url: 'https://site/about', referrer: 'https://search.example/', title: 'About', locale: 'ru' },
      ],
      [
        'https://collector/hit',
        { counterId: '4242', event: 'page-hit', url: 'https://site/news?page=2', referrer: 'https://site/about', title: 'News', locale: 'ru' },
      ],
    ]);
  });
});
