import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { newsItem } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, linksOf, textOf } from '@site/test-support';
import NewsLatest from './index';
import { load } from './load';

describe('NewsLatest', () => {
  it('shows each item as a card with a machine-readable date in the university time zone', () => {
    // 22:30 UTC is already the next day in Moscow.
    const data = [newsItem({ id: 7, title: 'Lab opens', date: '2026-03-09T22:30:00Z' })];
    const html = renderSection(NewsLatest, { props: { type: 'News' }, data }, en, { locale: 'en' });
    expect(html).toContain('<time dateTime="2026-03-09T22:30:00Z">March 10, 2026</time>');
    expect(linksOf(html)).toEqual([expect.objectContaining({ href: '/en/news/7', text: 'Lab opens' })]);
  });

  it("says 'No data to display' when there is nothing, in both languages", () => {
    expect(textOf(renderSection(NewsLatest, { props: {}, data: [] }, en, { locale: 'en' }))).toContain('No data to display');
    expect(textOf(renderSection(NewsLatest, { props: {}, data: [] }, ru))).toContain('Нет данных для отображения');
  });

  it("uses the editor's title given on the descriptor", () => {
    const html = renderSection(NewsLatest, { props: { type: 'Media' }, data: [] }, en, { locale: 'en' });
    expect(html).toMatch(/<h2[^>]*>Media<\/h2>/);
  });
});

describe('NewsLatest loader on the content API', () => {
  const server = contentApiForSuite();

  it('gives the latest four media items by default, newest first', async () => {
    const items = await load(loadContext(server.api, 'en'), descriptorOf('NewsLatest', { type: 'Media' }));
    expect(items).toHaveLength(4);
    expect(items.every((item) => item.type === 'Media')).toBe(true);
    const times = items.map((item) => Date.parse(item.date));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
