import fs from 'node:fs';
import path from 'node:path';
import {
  CourseListResponseSchema,
  EventDetailsResponseSchema,
  EventListResponseSchema,
  HandbooksResponseSchema,
  HistoryListResponseSchema,
  InitResponseSchema,
  NewsArticleResponseSchema,
  NewsFiltersResponseSchema,
  NewsListResponseSchema,
  OfficesResponseSchema,
  PageResponseSchema,
  PeopleListResponseSchema,
  ProgramListResponseSchema,
  ResearchListResponseSchema,
  SectionDescriptorSchema,
  VacancyListResponseSchema,
  validate,
  type TSchemaLike,
} from './test-support/contracts';
import { ENGINES, getJson, startTestApi, type TestApi } from './test-support/test-api';

/** The section names of the remotes' catalogue, read from remotes/README.md. */
function catalogueSectionNames(): string[] {
  const readme = fs.readFileSync(path.resolve(__dirname, '../../../remotes/README.md'), 'utf8');
  const names = [...readme.matchAll(/^\| \w+ \| `([A-Z][A-Za-z0-9]+)` \|/gm)].map((match) => match[1]!);
  return [...new Set(names)];
}

function expectContract(schema: TSchemaLike, body: unknown): void {
  const result = validate(schema, body);
  expect(result.ok ? [] : result.issues).toEqual([]);
}

const SEEDED_SLUGS = [
  'index',
  'about',
  'news',
  'media',
  'events',
  'education',
  'programs',
  'courses',
  'research',
  'people',
  'vacancies',
  'contacts',
  'history',
  'search',
  'dev/student-life',
  'dev/students-life',
  'apply',
];

describe.each(ENGINES)('content API on %s', (engine) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('init carries settings, colours, redirects and every layout component, in both locales', async () => {
    for (const locale of ['ru', 'en']) {
      // The test walks the JSON answer freely; the contract check below is what types it.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped walk over a validated JSON body
      const { status, body } = await getJson<{ data: Record<string, any> }>(server, `/${locale}/init?t=1700000000000`);
      expect(status).toBe(200);
      expectContract(InitResponseSchema, body);
      const data = body.data;
      expect(data.settings.seo.titlePostfix).toBe(data.settings.siteName);
      expect(data.settings.imagePlaceholder.url).toMatch(/^\/media\//);
      expect(Object.keys(data)).toEqual(expect.arrayContaining(['settings', 'colors', 'redirects', 'header', 'footer', 'alerts', 'cookies', 'notify']));
      expect(data.header.altColorScheme.map((entry: { name: string }) => entry.name)).toEqual(['gray', 'black', 'lime', 'sepia']);
      expect(data.redirects).toContainEqual({ from: '/old-news', to: '/news', status: 301 });
      expect(data.alerts.length).toBeGreaterThanOrEqual(2);
      expect(data.alerts[0].text).toMatch(/<a href=/);
      expect(data.footer.socials.length).toBeGreaterThan(0);
    }
  });

  test('every header menu link leads to a seeded page', async () => {
    for (const locale of ['ru', 'en']) {
      const { body } = await getJson<{ data: { header: { navMenu: { href: string; children?: { href: string }[] }[] } } }>(server, `/${locale}/init`);
      const hrefs = body.data.header.navMenu.flatMap((item) => [item.href, ...(item.children ?? []).map((child) => child.href)]);
      for (const href of hrefs) {
        const slug = href === '/' ? 'index' : href.slice(1);
        expect([slug, (await getJson(server, `/${locale}/pages/${slug}`)).status]).toEqual([slug, 200]);
      }
    }
  });

  test('every seeded page answers in both locales with valid section descriptors', async () => {
    for (const locale of ['ru', 'en']) {
      for (const slug of SEEDED_SLUGS) {
        const { status, body } = await getJson<{ data: { slug: string; components: unknown[] } }>(server, `/${locale}/pages/${slug}?page=2&_=1`);
        expect([slug, status]).toEqual([slug, 200]);
        expectContract(PageResponseSchema, body);
        expect(body.data.slug).toBe(slug);
        for (const component of body.data.components) expectContract(SectionDescriptorSchema, component);
      }
    }
  });

  test('seeded pages name every section of the catalogue, and nothing outside it', async () => {
    const catalogue = catalogueSectionNames();
    expect(catalogue.length).toBeGreaterThanOrEqual(20);
    const rows = await server.api.db('pages').select<{ doc: string }[]>('doc');
    const named = new Set(rows.flatMap((row) => (JSON.parse(row.doc) as { components: { name: string }[] }).components.map((component) => component.name)));
    expect(catalogue.filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !catalogue.includes(name))).toEqual([]);
  });

  test('paginated pages carry their validation rule and watch the query', async () => {
    const { body } = await getJson<{ data: { watchQuery: unknown; validate: { query: Record<string, { pattern: string }> } } }>(server, '/ru/pages/news');
    expect(body.data.watchQuery).toBe(true);
    expect(new RegExp(body.data.validate.query.page!.pattern).test('abc')).toBe(false);
    expect(new RegExp(body.data.validate.query.page!.pattern).test('12')).toBe(true);
  });

  test('news and event pages are made from the entity', async () => {
    const news = await getJson<{ data: { title: string; components: { name: string; props: { id: number } }[] } }>(server, '/en/pages/news/10');
    expect(news.status).toBe(200);
    expect(news.body.data.components[0]).toMatchObject({ name: 'NewsArticle', props: { id: 10 } });
    const article = await getJson<{ data: { title: string } }>(server, '/en/news/10');
    expectContract(NewsArticleResponseSchema, article.body);
    expect(news.body.data.title).toBe(article.body.data.title);
    const event = await getJson<{ data: { components: { name: string }[] } }>(server, '/ru/pages/events/5');
    expect(event.body.data.components[0]!.name).toBe('EventDetails');
    expectContract(EventDetailsResponseSchema, (await getJson(server, '/ru/events/5')).body);
  });

  test('unknown locales, slugs, entities and routes are 404 with the spec message', async () => {
    for (const url of [
      '/de/init',
      '/de/pages/index',
      '/ru/pages/no-such-page',
      '/ru/pages/news/999999',
      '/ru/pages/events/999999',
      '/ru/news/999999',
      '/ru/events/424242',
      '/ru/pages/Index',
      '/ru/nothing-here',
      '/ru/pages/search/x/no-such-category',
      '/media/images/missing.jpg',
      '/media/../package.json',
    ]) {
      const { status, body } = await getJson(server, url);
      expect([url, status, body]).toEqual([url, 404, { statusCode: 404, message: 'This page could not be found' }]);
    }
  });

  test('bad input is a 4xx with a clear message, never a 500', async () => {
    const cases: [string, number][] = [
      ['/ru/news?page=0', 400],
      ['/ru/news?page=abc', 400],
      ['/ru/news?pageSize=5000', 400],
      ['/ru/news?type=Gossip', 400],
      ['/ru/news?categories=DROP%20TABLE', 400],
      ['/ru/news?date=yesterday', 400],
      ['/ru/events?day=2026-02-30', 400],
      ['/ru/events?day=tomorrow', 400],
      ['/ru/events?from=2026-05-02&to=2026-05-01', 400],
      ['/ru/courses?level=a,,b', 400],
      ['/ru/people?q=' + 'я'.repeat(300), 400],
      ['/ru/programs?level=kindergarten', 400],
      ['/media/images/campus-main.jpg?w=333', 400],
      ['/ru/pages/%E0%A4%A', 400],
      ['/ru/pages/search/%E0%A4%A', 400],
      ['/ru/pages/search/' + 'a'.repeat(300), 400],
      ['/ru/pages/search/server?page=-1', 400],
      ['/ru/news/abc', 400],
    ];
    for (const [url, expected] of cases) {
      const { status, body } = await getJson<{ statusCode: number; message: string }>(server, url);
      expect([url, status]).toEqual([url, expected]);
      expect(body.statusCode).toBe(expected);
      expect(body.message.length).toBeGreaterThan(5);
    }
  });

  test('GETs carry an ETag and Cache-Control, and a matching If-None-Match is a 304', async () => {
    const first = await getJson(server, '/ru/news?t=1');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const second = await fetch(`${server.baseUrl}/ru/news?t=2`, { headers: { 'if-none-match': etag! } });
    expect(second.status).toBe(304);
  });

  test('seed volumes: news, events, courses, people, vacancies, and a centre without vacancies', async () => {
    const total = async (url: string) => (await getJson<{ data: { total: number } }>(server, url)).body.data.total;
    expect(await total('/ru/news?type=All&pageSize=1')).toBeGreaterThanOrEqual(300);
    expect(await total('/en/news?type=Media&pageSize=1')).toBeGreaterThan(50);
    expect(await total('/ru/events?from=2000-01-01&to=2100-01-01&pageSize=1')).toBeGreaterThanOrEqual(120);
    expect(await total('/ru/courses?pageSize=1')).toBeGreaterThanOrEqual(80);
    expect(await total('/en/people?pageSize=1')).toBeGreaterThanOrEqual(150);
    const vacancies = await getJson<{ data: { items: unknown[]; centres: { id: string; vacancyCount: number }[] } }>(server, '/ru/vacancies');
    expectContract(VacancyListResponseSchema, vacancies.body);
    expect(vacancies.body.data.items.length).toBeGreaterThanOrEqual(30);
    const empty = vacancies.body.data.centres.find((centre) => centre.vacancyCount === 0);
    expect(empty).toBeDefined();
    expect((await getJson<{ data: { items: unknown[] } }>(server, `/ru/vacancies?centreId=${empty!.id}`)).body.data.items).toEqual([]);
    const programs = await getJson(server, '/en/programs');
    expectContract(ProgramListResponseSchema, programs.body);
    expectContract(ResearchListResponseSchema, (await getJson(server, '/ru/research')).body);
    expectContract(HistoryListResponseSchema, (await getJson(server, '/en/history')).body);
    expectContract(HandbooksResponseSchema, (await getJson(server, '/en/handbooks')).body);
  });

  test('events: today and upcoming have entries, and some days have none', async () => {
    const today = await getJson<{ data: { total: number; scope: string } }>(server, '/ru/events?scope=today');
    expectContract(EventListResponseSchema, today.body);
    expect(today.body.data.total).toBeGreaterThanOrEqual(1);
    expect((await getJson<{ data: { total: number } }>(server, '/ru/events?scope=upcoming&pageSize=1')).body.data.total).toBeGreaterThan(20);
    const recommended = await getJson<{ data: { items: { isRecommended: boolean }[] } }>(server, '/ru/events?scope=upcoming&recommended=true');
    expect(recommended.body.data.items.every((event) => event.isRecommended)).toBe(true);
    const from = today.body.data.total ? new Date().toISOString().slice(0, 8) + '01' : '';
    const month = await getJson<{ data: { daysWithEvents: string[] } }>(server, `/ru/events?from=${from}&to=${from.slice(0, 8)}28&pageSize=1`);
    const quiet = Array.from({ length: 28 }, (_, index) => `${from.slice(0, 8)}${String(index + 1).padStart(2, '0')}`).find(
      (day) => !month.body.data.daysWithEvents.includes(day),
    );
    expect(quiet).toBeDefined();
    const day = await getJson<{ data: { items: unknown[]; day: string } }>(server, `/ru/events?day=${quiet}`);
    expect(day.body.data).toMatchObject({ items: [], day: quiet });
  });

  test('news: filters, date selection, exactly two featured, newest first', async () => {
    const filters = await getJson<{ data: { categories: { id: string }[] } }>(server, '/ru/news/filters');
    expectContract(NewsFiltersResponseSchema, filters.body);
    const featured = await getJson<{ data: { items: { featureSort: string }[] } }>(server, '/ru/news?featured=true');
    expect(featured.body.data.items.map((item) => item.featureSort).sort()).toEqual(['First', 'Second']);
    const science = await getJson<{ data: { items: { categories: string[]; date: string }[]; total: number } }>(
      server,
      '/ru/news?categories=science&formats=article,interview&pageSize=50',
    );
    expectContract(NewsListResponseSchema, science.body);
    expect(science.body.data.total).toBeGreaterThan(0);
    expect(science.body.data.items.every((item) => item.categories.includes('science'))).toBe(true);
    const dates = science.body.data.items.map((item) => item.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const lastWeek = await getJson<{ data: { items: { date: string }[]; total: number } }>(server, '/ru/news?date=last-week&pageSize=100');
    const weekAgo = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    expect(lastWeek.body.data.total).toBeGreaterThan(0);
    expect(lastWeek.body.data.total).toBeLessThan(300);
    expect(lastWeek.body.data.items.every((item) => item.date.slice(0, 10) >= weekAgo)).toBe(true);
    const offices = await getJson<{ data: { dictionary: Record<string, { newsIds: number[] }> } }>(server, '/ru/offices');
    expectContract(OfficesResponseSchema, offices.body);
    expect(Object.values(offices.body.data.dictionary).some((entry) => entry.newsIds.length > 0)).toBe(true);
  });

  test('courses: facets are counted under the other facets; people search folds ё', async () => {
    const all = await getJson<{ data: { total: number; facets: Record<string, { id: string; count: number }[]> } }>(server, '/en/courses');
    expectContract(CourseListResponseSchema, all.body);
    expect(Object.keys(all.body.data.facets).sort()).toEqual(['duration', 'format', 'language', 'level', 'topic']);
    expect(all.body.data.facets.level!.reduce((sum, value) => sum + value.count, 0)).toBe(all.body.data.total);
    const beginners = await getJson<{ data: { total: number; facets: Record<string, { id: string; count: number }[]> } }>(server, '/en/courses?level=beginner');
    expect(beginners.body.data.total).toBe(all.body.data.facets.level!.find((value) => value.id === 'beginner')!.count);
    expect(beginners.body.data.facets.level).toEqual(all.body.data.facets.level);
    const people = await getJson<{ data: { items: { name: string }[] } }>(server, `/ru/people?q=${encodeURIComponent('семенов')}`);
    expectContract(PeopleListResponseSchema, people.body);
    expect(people.body.data.items.length).toBeGreaterThan(0);
    expect(people.body.data.items.every((person) => person.name.startsWith('Семёнов'))).toBe(true);
  });

  test('media: shipped images are served and resized to the responsive scale, cached on disk', async () => {
    const original = await fetch(`${server.baseUrl}/media/images/campus-main.jpg`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const originalBytes = Buffer.from(await original.arrayBuffer());
    const resized = await fetch(`${server.baseUrl}/media/images/campus-main.jpg?w=320`);
    const bytes = Buffer.from(await resized.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(bytes.length).toBeLessThan(originalBytes.length);
    expect(fs.existsSync(path.join(server.config.dataDir, 'media-cache', '320', 'images', 'campus-main.jpg'))).toBe(true);
  });
});
