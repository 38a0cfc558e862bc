import { withShell } from './testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { FilterLinks, Pagination, pageWindow } from './navigation-controls';
import { hrefWithQuery, listParam, toggleInList } from './query';

describe('query-driven controls', () => {
  it('changes query parameters and drops empty ones', () => {
    expect(hrefWithQuery('/news', 'page=3&categories=a', { page: null })).toBe('/news?categories=a');
    expect(hrefWithQuery('/news', '', { categories: 'a,b' })).toBe('/news?categories=a%2Cb');
    expect(listParam(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(toggleInList(['a', 'b'], 'a')).toBe('b');
    expect(toggleInList(['a'], 'a')).toBeNull();
    expect(toggleInList([], 'x')).toBe('x');
  });

  it('shows pages around the current one with gaps', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('renders pagination as localised links with the current page marked', () => {
    const html = renderToStaticMarkup(
      withShell(
        <Pagination page={2} pageCount={3} hrefFor={(p) => `/news?page=${p}`} label="Pages" previousLabel="Previous" nextLabel="Next" />,
        {},
        { locale: 'en' },
      ),
    );
    expect(html).toContain('href="/en/news?page=1"');
    expect(html).toMatch(/aria-current="page"[^>]*>2</);
    expect(html).toContain('rel="next"');
    expect(renderToStaticMarkup(withShell(<Pagination page={1} pageCount={1} hrefFor={String} label="" previousLabel="" nextLabel="" />, {}))).toBe('');
  });

  it('marks active filters and options without results', () => {
    const html = renderToStaticMarkup(
      withShell(
        <FilterLinks
          label="Topics"
          options={[
            { id: 'a', label: 'Science', href: '/news', active: true, count: 3 },
            { id: 'b', label: 'Sport', href: '/news?x', active: false, count: 0 },
          ]}
        />,
        {},
      ),
    );
    expect(html).toContain('aria-current="true"');
    expect(html).toContain('Science (3)');
    expect(html).toContain('aria-disabled="true"');
  });
});
