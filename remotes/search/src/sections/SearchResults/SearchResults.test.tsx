import { renderSection } from '@site/ui/testing';
import type { SearchResultsProps } from '@site/contracts';
import ru from '../../messages/ru.json';
import en from '../../messages/en.json';
import SearchResults from './index';
import { highlight } from './highlight';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SearchData } from './load';

const results: SearchResultsProps = {
  query: 'студенты',
  total: 1,
  categoryCounts: { news: 1, events: 0 },
  results: [{ id: '7', kind: 'news', category: 'news', title: 'Студентов приглашают на олимпиаду', excerpt: 'Для студентов первого курса', href: '/news/7', matchedWords: ['Студентов', 'студентов'], score: 1.5 }],
};
const categories = [
  { id: 'news', label: 'Новости' },
  { id: 'events', label: 'События' },
];

describe('SearchResults', () => {
  it('lists the hits with the matched words marked and category tabs with counts', () => {
    const data: SearchData = { query: 'студенты', category: null, categories, results };
    const html = renderSection(SearchResults, { props: {}, data }, ru);
    expect(html).toContain('<mark>Студентов</mark> приглашают');
    expect(html).toContain('Для <mark>студентов</mark> первого курса');
    expect(html).toContain('Новости (1)');
    expect(html).toContain('События (0)');
    expect(html).toContain('href="/news/7"');
  });

  it('says "no result found" in English when nothing matched', () => {
    const data: SearchData = { query: 'zzz', category: null, categories, results: { ...results, total: 0, results: [], categoryCounts: {} } };
    expect(renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' })).toContain('no result found');
  });

  it('explains an empty category tab, naming the tab', () => {
    const data: SearchData = { query: 'студенты', category: 'events', categories, results: { ...results, total: 0, results: [] } };
    const html = renderSection(SearchResults, { props: {}, data }, en, { locale: 'en' });
    expect(html).toContain('No match on filtering results.');
    expect(html).toContain('Nothing for this query under “События”.');
  });

  it('marks words regardless of case and of ё/е, and escapes nothing dangerous into markup', () => {
    expect(renderToStaticMarkup(<p>{highlight('Ёлки и елки', ['ёлки'])}</p>)).toBe('<p><mark>Ёлки</mark> и <mark>елки</mark></p>');
    expect(renderToStaticMarkup(<p>{highlight('<b>x</b>', ['x'])}</p>)).toBe('<p>&lt;b&gt;<mark>x</mark>&lt;/b&gt;</p>');
  });
});
