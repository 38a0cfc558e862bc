import type { NewsItem } from '@site/contracts/news';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { newsItem } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, scriptedApi, linksOf, textOf } from '@site/test-support';
import { pickFeaturedSlots } from './featured-slots';
import NewsFeatured from './index';
import { load, type NewsFeaturedData } from './load';

const first = newsItem({ id: 1, title: 'Rector opens the year', isFeatured: true, featureSort: 'First', date: '2026-03-01T10:00:00+03:00' });
const second = newsItem({ id: 2, title: 'Quantum lab grant', isFeatured: true, featureSort: 'Second', date: '2026-03-05T10:00:00+03:00' });

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('featured slots', () => {
  it('puts items into the first and second slot by featureSort, not by date', () => {
    expect(pickFeaturedSlots([second, first])).toEqual({ first, second });
    expect(warn).not.toHaveBeenCalled();
  });

  it('fills a free slot with a featured item that has none, newest first', () => {
    const unslotted = newsItem({ id: 3, isFeatured: true, featureSort: 'NotSet' });
    expect(pickFeaturedSlots([unslotted, second])).toEqual({ first: unslotted, second });
  });

  it('warns when no news is featured', () => {
    expect(pickFeaturedSlots([newsItem({ id: 9 })])).toEqual({ first: null, second: null });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no news is featured'));
  });

  it('warns when more than two are featured, and still shows only two', () => {
    const third = newsItem({ id: 3, isFeatured: true, featureSort: 'NotSet' });
    expect(pickFeaturedSlots([first, second, third])).toEqual({ first, second });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('3 news items are featured, at most 2 are shown'));
  });
});

describe('NewsFeatured', () => {
  const latest: NewsItem[] = [newsItem({ id: 11, title: 'Chess tournament', date: '2026-03-09T12:00:00+03:00' })];

  it('shows the first slot before the second, then the latest news beside them', () => {
    const data: NewsFeaturedData = { first, second, latest };
    const html = renderSection(NewsFeatured, { props: { title: 'Highlights' }, data }, en, { locale: 'en' });
    expect(html).toMatch(/<h2[^>]*>Highlights<\/h2>/);
    expect([...html.matchAll(/data-feature="([a-z-]+)"/g)].map((match) => match[1])).toEqual(['first-feature', 'second-feature']);
    expect(linksOf(html).map((link) => link.text)).toEqual(['Rector opens the year', 'Quantum lab grant', 'Chess tournament']);
    expect(textOf(html)).toContain('Latest news');
    expect(html).toContain('<time dateTime="2026-03-09T12:00:00+03:00">March 9, 2026</time>');
  });

  it("says 'No data to display' when there is neither a featured nor a latest item", () => {
    const empty: NewsFeaturedData = { first: null, second: null, latest: [] };
    expect(textOf(renderSection(NewsFeatured, { props: {}, data: empty }, en, { locale: 'en' }))).toBe('Featured news No data to display');
    expect(textOf(renderSection(NewsFeatured, { props: {}, data: empty }, ru))).toBe('Главное Нет данных для отображения');
  });
});

describe('NewsFeatured loader', () => {
  const server = contentApiForSuite();

  it('fills both slots from the content API and lists the four latest others, newest first, without warning', async () => {
    const data = await load(loadContext(server.api, 'ru'), descriptorOf('NewsFeatured', {}));
    expect([data.first?.featureSort, data.second?.featureSort]).toEqual(['First', 'Second']);
    expect(data.latest).toHaveLength(4);
    const featuredIds = [data.first?.id, data.second?.id];
    expect(data.latest.some((item) => featuredIds.includes(item.id))).toBe(false);
    const times = data.latest.map((item) => Date.parse(item.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns when the backend has three featured news', async () => {
    const featured = [first, second, newsItem({ id: 3, isFeatured: true })];
    const api = scriptedApi((_path, params) => {
      const items = params.featured ? featured : [newsItem({ id: 20 })];
      return { data: { items, total: items.length, page: 1, pageSize: 12 } };
    });
    const data = await load(loadContext(api, 'en'), descriptorOf('NewsFeatured', {}));
    expect(data.latest.map((item) => item.id)).toEqual([20]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('3 news items are featured'));
    expect(api.calls.map((call) => call.path)).toEqual(['en/news', 'en/news']);
  });
});
