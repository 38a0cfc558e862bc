import type { NewsFilters } from '@site/contracts/news';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { newsItem } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, linksOf, textOf } from '@site/test-support';
import { NewsFilterSelection, noActiveFilterIds } from './filter-selection';
import NewsFeed from './index';
import { load, type NewsFeedData, type NewsFeedProps } from './load';

const filters: NewsFilters = {
  categories: [
    { id: 'science', label: 'Science' },
    { id: 'campus', label: 'Campus' },
  ],
  formats: [{ id: 'video', label: 'Video' }],
  themes: [],
  targets: [{ id: 'students', label: 'Students' }],
};

function feed(overrides: Partial<NewsFeedData> = {}): NewsFeedData {
  return {
    type: 'News',
    items: [newsItem({ id: 1, title: 'Lab opens' })],
    total: 1,
    page: 1,
    pageSize: 12,
    filters,
    active: noActiveFilterIds(),
    date: 'all',
    ...overrides,
  };
}

function queryOf(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href, 'https://site.test').searchParams);
}

describe('news filter selection', () => {
  let error: jest.SpyInstance;
  beforeEach(() => {
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => error.mockRestore());

  it('derives the active filters, with labels, across the four groups', () => {
    const selection = new NewsFilterSelection(filters, { categories: ['campus'], targets: ['students'] });
    expect(selection.activeFilters).toEqual([
      { group: 'categories', id: 'campus', label: 'Campus' },
      { group: 'targets', id: 'students', label: 'Students' },
    ]);
    selection.reset();
    expect(selection.isEmpty).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });

  it('logs an error when an already-active id is added, and keeps it once', () => {
    const selection = new NewsFilterSelection(filters, { categories: ['science'] });
    selection.add('categories', 'science');
    expect(error).toHaveBeenCalledWith('News filters: "science" is already active in categories');
    expect(selection.activeIds.categories).toEqual(['science']);
  });

  it('logs an error when a missing id is removed', () => {
    const selection = new NewsFilterSelection(filters);
    selection.remove('formats', 'video');
    expect(error).toHaveBeenCalledWith('News filters: "video" is not active in formats, nothing to remove');
  });

  it('toggles into a copy, leaving the current selection as it is', () => {
    const selection = new NewsFilterSelection(filters, { categories: ['science'] });
    expect(selection.toggled('categories', 'campus').toQuery()).toEqual({ categories: 'science,campus', formats: null, themes: null, targets: null });
    expect(selection.toggled('categories', 'science').toQuery().categories).toBeNull();
    expect(selection.activeIds.categories).toEqual(['science']);
  });
});

describe('NewsFeed', () => {
  it('makes every filter a link to this page with that filter switched, keeping other parameters and dropping the page', () => {
    const data = feed({ active: { ...noActiveFilterIds(), categories: ['science'] }, page: 3, total: 40 });
    const html = renderSection(NewsFeed, { props: { type: 'News' }, data }, en, { locale: 'en', path: '/en/news?categories=science&page=3&ref=mail' });
    const science = linkNamed(html, '✓ Science');
    expect(science.attributes).toContain('aria-current="true"');
    expect(science.href).toBe('/en/news?ref=mail');
    expect(queryOf(linkNamed(html, 'Campus').href)).toEqual({ categories: 'science,campus', ref: 'mail' });
    expect(queryOf(linkNamed(html, 'Students').href)).toEqual({ categories: 'science', targets: 'students', ref: 'mail' });
    expect(queryOf(linkNamed(html, 'Last week').href)).toEqual({ categories: 'science', date: 'last-week', ref: 'mail' });
    expect(linkNamed(html, 'Reset filters').href).toBe('/en/news?ref=mail');
    expect(html).toContain('aria-label="Categories"');
    expect(textOf(html)).not.toContain('Themes'); // an empty group is not offered
  });

  it("says 'No match on filtering results' when filters leave nothing, and 'No data to display' when there is nothing at all", () => {
    const filtered = feed({ items: [], total: 0, active: { ...noActiveFilterIds(), formats: ['video'] } });
    expect(textOf(renderSection(NewsFeed, { props: {}, data: filtered }, en, { locale: 'en' }))).toContain('No match on filtering results');
    expect(textOf(renderSection(NewsFeed, { props: {}, data: filtered }, ru))).toContain('По выбранным фильтрам ничего не найдено');
    const lastWeek = feed({ items: [], total: 0, date: 'last-week' });
    expect(textOf(renderSection(NewsFeed, { props: {}, data: lastWeek }, en, { locale: 'en' }))).toContain('No match on filtering results');
    const nothing = textOf(renderSection(NewsFeed, { props: {}, data: feed({ items: [], total: 0 }) }, en, { locale: 'en' }));
    expect(nothing).toContain('No data to display');
    expect(nothing).not.toContain('Reset filters');
  });

  it('paginates with links that keep the filters', () => {
    const data = feed({ active: { ...noActiveFilterIds(), categories: ['science'] }, page: 2, total: 30 });
    const html = renderSection(NewsFeed, { props: {}, data }, en, { locale: 'en', path: '/en/news?categories=science&page=2' });
    expect(html).toContain('aria-label="Pages of the news feed"');
    expect(linkNamed(html, '1').href).toBe('/en/news?categories=science');
    expect(linkNamed(html, '2').attributes).toContain('aria-current="page"');
    expect(queryOf(linkNamed(html, 'Next').href)).toEqual({ categories: 'science', page: '3' });
    expect(queryOf(linkNamed(html, 'Previous').href)).toEqual({ categories: 'science' });
    expect(textOf(html)).toContain('30 items found');
  });

  it('names the type of each item when the feed mixes news and media', () => {
    const data = feed({ type: 'All', items: [newsItem({ id: 1, type: 'Media', title: 'Photo story' })] });
    const html = renderSection(NewsFeed, { props: { type: 'All' }, data }, ru, { path: '/news' });
    expect(html).toMatch(/<h2[^>]*>Новости и медиа<\/h2>/);
    expect(html).toMatch(/<span[^>]*>Медиа<\/span>/);
    expect(linksOf(html).find((link) => link.text === 'Photo story')?.href).toBe('/news/1');
  });
});

describe('NewsFeed loader on the content API', () => {
  const server = contentApiForSuite();
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  const news = descriptorOf<NewsFeedProps>('NewsFeed', { type: 'News', pageSize: 12 });
  const run = (query: Record<string, string>, descriptor = news) => load(loadContext(server.api, 'en', query, '/news'), descriptor);

  it('gives one page of news, newest first, with the four filter groups', async () => {
    const data = await run({});
    expect(data.items).toHaveLength(12);
    expect(data.items.every((item) => item.type === 'News')).toBe(true);
    const times = data.items.map((item) => Date.parse(item.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(data.filters.categories.map((entry) => entry.id)).toContain('science');
    expect(data.filters.targets.length).toBeGreaterThan(0);
  });

  it('applies filters of several groups together', async () => {
    const all = await run({});
    const data = await run({ categories: 'science', targets: 'students' });
    expect(data.active).toEqual({ categories: ['science'], formats: [], themes: [], targets: ['students'] });
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan(all.total);
    for (const item of data.items) {
      expect(item.categories).toContain('science');
      expect(item.targets).toContain('students');
    }
  });

  it('narrows to the last week and pages through media', async () => {
    const all = await run({});
    const lastWeek = await run({ date: 'last-week' });
    expect(lastWeek.date).toBe('last-week');
    expect(lastWeek.total).toBeLessThan(all.total);
    const eightDaysAgo = Date.now() - 8 * 24 * 60 * 60 * 1000;
    expect(lastWeek.items.every((item) => Date.parse(item.date) >= eightDaysAgo)).toBe(true);
    const media = descriptorOf<NewsFeedProps>('NewsFeed', { type: 'Media', pageSize: 5 });
    const [first, second] = await Promise.all([run({}, media), run({ page: '2' }, media)]);
    expect([...first.items, ...second.items].every((item) => item.type === 'Media')).toBe(true);
    expect(second.page).toBe(2);
    const firstIds = first.items.map((item) => item.id);
    expect(second.items.filter((item) => firstIds.includes(item.id))).toEqual([]);
  });

  it('logs an error for an id named twice in the URL and filters by it once', async () => {
    const data = await run({ categories: 'science,science' });
    expect(error).toHaveBeenCalledWith('News filters: "science" is already active in categories');
    expect(data.active.categories).toEqual(['science']);
    expect(data.total).toBe((await run({ categories: 'science' })).total);
  });

  it('ignores ids the filters do not know, saying so, and lists as if they were absent', async () => {
    const data = await run({ categories: 'no-such-category', formats: 'DROP TABLE' });
    expect(warn).toHaveBeenCalledWith('NewsFeed: unknown categories filter "no-such-category" in the page URL is ignored');
    expect(warn).toHaveBeenCalledWith('NewsFeed: unknown formats filter "DROP TABLE" in the page URL is ignored');
    expect(data.active).toEqual(noActiveFilterIds());
    expect(data.total).toBe((await run({})).total);
  });
});
