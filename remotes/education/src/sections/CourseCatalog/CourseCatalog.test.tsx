import type { Course, CourseListResponse } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, loadContext, scriptedApi, linkNamed, linksOf, textOf } from '@site/test-support';
import CourseCatalog from './index';
import { activeFacetsOf, load, type CourseCatalogData } from './load';

function course(id: number, title: string, duration: string): Course {
  return {
    id,
    title,
    link: `/courses?topic=ai#course-${id}`,
    duration,
    durationWeeks: 8,
    level: 'Beginner',
    format: 'Online',
    language: 'English',
    topics: ['Artificial intelligence'],
    description: 'Lectures, seminars and a final project.',
  };
}

const facets: CourseListResponse['data']['facets'] = {
  level: [
    { id: 'beginner', label: 'Beginner', count: 3 },
    { id: 'advanced', label: 'Advanced', count: 0 },
  ],
  format: [{ id: 'online', label: 'Online', count: 3 }],
  language: [],
  topic: [{ id: 'ai', label: 'Artificial intelligence', count: 2 }],
  duration: [
    { id: 'short', label: 'Up to 4 weeks', count: 1 },
    { id: 'medium', label: '5 to 12 weeks', count: 2 },
  ],
};

function catalog(overrides: Partial<CourseCatalogData['courses']> = {}, query: Record<string, string> = {}, q = ''): CourseCatalogData {
  return {
    courses: {
      items: [course(7, 'Machine learning: an introduction', '8 weeks'), course(8, 'Advanced robotics', '16 weeks')],
      total: 30,
      page: 2,
      pageSize: 12,
      facets,
      ...overrides,
    },
    active: activeFacetsOf(query),
    q,
  };
}

function queryOf(href: string): Record<string, string> {
  return Object.fromEntries(new URL(href, 'https://site.test').searchParams);
}

describe('CourseCatalog', () => {
  it('shows every course with its duration, anchored for its own link', () => {
    const html = renderSection(CourseCatalog, { props: {}, data: catalog() }, en, { locale: 'en', path: '/en/courses?page=2' });
    expect(textOf(html)).toContain('Duration: 8 weeks');
    expect(textOf(html)).toContain('Duration: 16 weeks');
    expect(html).toContain('<li id="course-7">');
    expect(textOf(html)).toContain('30 courses');
    expect(textOf(renderSection(CourseCatalog, { props: {}, data: catalog() }, ru))).toContain('Длительность: 8 weeks');
  });

  it('makes each facet value a link with its count that toggles it, keeps other parameters and returns to page 1', () => {
    const data = catalog({}, { level: 'beginner' });
    const html = renderSection(CourseCatalog, { props: {}, data }, en, { locale: 'en', path: '/en/courses?level=beginner&page=2&ref=mail' });
    const beginner = linkNamed(html, '✓ Beginner (3)');
    expect(beginner.attributes).toContain('aria-current="true"');
    expect(beginner.href).toBe('/en/courses?ref=mail');
    expect(queryOf(linkNamed(html, 'Up to 4 weeks (1)').href)).toEqual({ level: 'beginner', duration: 'short', ref: 'mail' });
    expect(queryOf(linkNamed(html, 'Advanced (0)').href)).toEqual({ level: 'beginner,advanced', ref: 'mail' });
    expect(linkNamed(html, 'Advanced (0)').attributes).toContain('aria-disabled="true"');
    expect(linkNamed(html, 'Reset filters').href).toBe('/en/courses?ref=mail');
    expect(html).toContain('aria-label="Duration"');
    expect(html).not.toContain('aria-label="Language"');
  });

  it('pages through the results with links that keep the filters', () => {
    const html = renderSection(CourseCatalog, { props: {}, data: catalog({}, { topic: 'ai' }) }, en, { locale: 'en', path: '/en/courses?topic=ai&page=2' });
    const pages = linksOf(html).filter((link) => /^(Previous|Next|\d+)$/.test(link.text));
    expect(pages.map((link) => link.text)).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(linkNamed(html, 'Previous').href).toBe('/en/courses?topic=ai');
    expect(linkNamed(html, 'Next').href).toBe('/en/courses?topic=ai&page=3');
    expect(linkNamed(html, '2').attributes).toContain('aria-current="page"');
  });

  it('searches by text with a GET form that keeps the facets and drops the page', () => {
    const html = renderSection(CourseCatalog, { props: {}, data: catalog({}, { level: 'beginner' }, 'robot') }, en, {
      locale: 'en',
      path: '/en/courses?level=beginner&q=robot&page=2',
    });
    expect(html).toMatch(/<form role="search"[^>]* action="\/en\/courses" method="get">/);
    expect(html).toContain('<input type="hidden" name="level" value="beginner"/>');
    expect(html).not.toContain('name="page"');
    expect(html).toMatch(/<label for="([^"]+)">Search courses by title or description<\/label>.*<input id="\1" type="search"[^>]* name="q" value="robot"/);
  });

  it('says "No match on filtering results" when filters leave nothing, "No data to display" when there is nothing at all', () => {
    const none = { items: [], total: 0, page: 1 };
    expect(
      textOf(renderSection(CourseCatalog, { props: {}, data: catalog(none, { level: 'advanced' }) }, en, { locale: 'en', path: '/en/courses?level=advanced' })),
    ).toContain('No match on filtering results');
    expect(textOf(renderSection(CourseCatalog, { props: {}, data: catalog(none, {}, 'zzz') }, ru, { path: '/courses?q=zzz' }))).toContain(
      'Нет совпадений по результатам фильтрации',
    );
    expect(textOf(renderSection(CourseCatalog, { props: {}, data: catalog({ ...none, facets: {} }) }, en, { locale: 'en', path: '/en/courses' }))).toContain(
      'No data to display',
    );
  });

  it('passes only well-formed facet ids, text and page to the API', async () => {
    const api = scriptedApi(() => ({ data: { items: [], total: 0, page: 1, pageSize: 12, facets: {} } }));
    const loaded = await load(
      loadContext(api, 'ru', { level: 'beginner,Bad Id!,beginner', topic: 'ai', page: 'abc', q: `  ${'к'.repeat(250)}  ` }),
      descriptorOf('CourseCatalog', {}),
    );
    expect(api.calls[0]).toEqual({
      path: 'ru/courses',
      params: { level: 'beginner', format: '', language: '', topic: 'ai', duration: '', q: 'к'.repeat(200), page: 1 },
    });
    expect(loaded.active.level).toEqual(['beginner']);
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('lists the whole catalogue with every facet counted', async () => {
      const loaded = await load(loadContext(server.api, 'en'), descriptorOf('CourseCatalog', {}));
      expect(loaded.courses.total).toBe(90);
      expect(loaded.courses.items).toHaveLength(12);
      for (const facet of ['level', 'format', 'language', 'topic', 'duration']) expect(loaded.courses.facets[facet]?.length).toBeGreaterThan(0);
      const html = renderSection(CourseCatalog, { props: {}, data: loaded }, en, { locale: 'en', path: '/en/courses' });
      expect(textOf(html)).toContain('90 courses');
      expect(textOf(html)).toMatch(/Duration: \d+ weeks/);
      expect(linksOf(html).map((link) => link.text)).toContain('Next');
    });

    it('filters by two facets at once and counts each value under the other filters', async () => {
      const loaded = await load(loadContext(server.api, 'en', { level: 'beginner', duration: 'short' }), descriptorOf('CourseCatalog', {}));
      expect(loaded.courses.total).toBeGreaterThan(0);
      for (const item of loaded.courses.items) expect(item.level).toBe('Beginner');
      const beginner = loaded.courses.facets.level?.find((value) => value.id === 'beginner');
      expect(beginner?.count).toBe(loaded.courses.total);
    });

    it('says there is no match for text nobody wrote, in Russian', async () => {
      const loaded = await load(loadContext(server.api, 'ru', { q: 'щщщщщ' }), descriptorOf('CourseCatalog', {}));
      expect(loaded.courses.total).toBe(0);
      expect(textOf(renderSection(CourseCatalog, { props: {}, data: loaded }, ru, { path: '/courses?q=щщщщщ' }))).toContain(
        'Нет совпадений по результатам фильтрации',
      );
    });
  });
});
