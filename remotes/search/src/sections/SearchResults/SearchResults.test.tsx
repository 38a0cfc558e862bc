import { pageWindow } from '@site/ui';
import { resultRange } from './Pager';
import { pageNumberOf } from './load';
import { renderSection } from '@site/ui/testing';
import type { SearchResultsProps } from '@site/contracts/search';
import ru from '../../messages/ru.json';
import en from '../../messages/en.json';
import SearchResults, { hydrates } from './index';
import { highlight } from './highlight';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SearchData } from './load';

const results: SearchResultsProps = {
  query: 'студенты',
  total: 1,
  categoryCounts: { news: 1, events: 0 },
  results: [
    {
      id: '7',
      kind: 'news',
      category: 'news',
      title: 'Студентов приглашают на олимпиаду',
      excerpt: 'Для студентов первого курса',
      href: '/news/7',
      matchedWords: ['Студентов', 'студентов'],
      score: 1.5,
    },
  ],
};
const categories = [
  { id: 'news', label: 'Новости' },
  { id: 'events', label: 'События' },
];

describe('SearchResults', () => {
  it('lists the hits with the matched words marked and category tabs with counts', () => {
    const data: SearchData = { query: 'студенты', category: null, page: 1, categories, results };
    const html = renderSection(SearchResults, { props: {}, data }, ru);
    expect(html).toContain('<mark>Студентов</mark> приглашают');
    expect(html).toContain('Для <mark>студентов</mark> первого курса');
    expect(html).toContain('Новости (1)');
    expect(html).toContain('События (0)');
    expect(html).toContain('href="/news/7"');
  });

  it('links an English hit once under /en: the locale-neutral path the API gives, localised by the site link', () => {
    const data: SearchData = { query: 'robot', category: null, page: 1, categories, results: { ...results, query: 'robot' } };
    const html = renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' });
    expect(html).toContain('href="/en/news/7"');
    expect(html).not.toContain('/en/en/');
  });

  it('says "no result found" in English when nothing matched', () => {
    const data: SearchData = { query: 'zzz', category: null, page: 1, categories, results: { ...results, total: 0, results: [], categoryCounts: {} } };
    expect(renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' })).toContain('no result found');
  });

  it('explains an empty category tab, naming the tab', () => {
    const data: SearchData = { query: 'студенты', category: 'events', page: 1, categories, results: { ...results, total: 0, results: [] } };
    const html = renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' });
    // The spec's sentence word for word, with no full stop added after it.
    expect(html).toMatch(/>No match on filtering results<br\/>/);
    expect(html).toContain('Nothing for this query under “События”.');
  });

  it('marks words regardless of case and of ё/е, and escapes nothing dangerous into markup', () => {
    expect(renderToStaticMarkup(<p>{highlight('Ёлки и елки', ['ёлки'])}</p>)).toBe('<p><mark>Ёлки</mark> и <mark>елки</mark></p>');
    expect(renderToStaticMarkup(<p>{highlight('<b>x</b>', ['x'])}</p>)).toBe('<p>&lt;b&gt;<mark>x</mark>&lt;/b&gt;</p>');
  });
});

describe('without code in the browser', () => {
  it('keeps results for a query as server HTML, and hydrates without a query (to log the spec message)', () => {
    expect(hydrates({ query: 'студенты', category: null, page: 1, categories, results })).toBe(false);
    expect(hydrates({ query: '', category: null, page: 1, categories, results: null })).toBe(true);
    expect(hydrates(null)).toBe(true);
  });

  it("makes the search box a GET form to the locale's search page that keeps the tab it was typed in", () => {
    const data: SearchData = { query: 'студенты', category: 'news', page: 2, categories, results };
    const html = renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' });
    const form = /<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/action="\/en\/search"/);
    expect(form).toContain('<input type="hidden" name="category" value="news"/>');
    expect(form).toMatch(/<input[^>]*name="query"[^>]*value="студенты"/);
    // No tab: no hidden field, a new search covers every category.
    const all = renderSection(SearchResults, { props: {}, data: { ...data, category: null } }, en, { locale: 'en' });
    expect(all).not.toContain('name="category"');
  });
});

describe('paging through results', () => {
  it('links the other pages of a long result list, keeping the query and the tab, as plain links', () => {
    const data: SearchData = { query: 'студенты', category: 'news', page: 2, categories, results: { ...results, total: 57, page: 2, pageSize: 20 } };
    const html = renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' });
    expect(html).toContain('href="/en/search?query=%D1%81%D1%82%D1%83%D0%B4%D0%B5%D0%BD%D1%82%D1%8B&amp;category=news&amp;page=3"');
    expect(html).toContain('href="/en/search?query=%D1%81%D1%82%D1%83%D0%B4%D0%B5%D0%BD%D1%82%D1%8B&amp;category=news"');
    expect(html).toMatch(/aria-current="page"[^>]*>2</);
    expect(html).toContain('57 results');
  });

  it('offers the first, the last and the pages around the current one, with gaps marked', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(6, 12)).toEqual([1, 'gap', 4, 5, 6, 7, 8, 'gap', 12]);
  });

  it('reads the page from the query, anything odd being the first', () => {
    expect(pageNumberOf('3')).toBe(3);
    for (const odd of [undefined, '', '0', '-2', '1.5', 'x']) expect(pageNumberOf(odd)).toBe(1);
  });

  it('says which results a page shows', () => {
    expect(resultRange({ total: 57, results: new Array(17), pageSize: 20 }, 3)).toEqual({ from: 41, to: 57, total: 57 });
  });
});
