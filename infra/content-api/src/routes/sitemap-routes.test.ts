import type { SitemapResponse } from '@site/contracts';
import { ENGINES, adminHeaders, getJson, sendJson, startTestApi, type TestApi } from '../test-support/test-api';

const sitemapOf = async (server: TestApi) => (await getJson<SitemapResponse>(server, '/sitemap')).body.data;

describe.each(ENGINES)('GET /sitemap on %s', (engine) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('lists the seeded pages, news articles and events in both locales, with the time of the last change', async () => {
    const response = await getJson<SitemapResponse>(server, '/sitemap');
    expect(response.status).toBe(200);
    const { changedAt, entries } = response.body.data;
    expect(Number.isFinite(Date.parse(changedAt ?? ''))).toBe(true);
    const byPath = new Map(entries.map((entry) => [entry.path, entry]));
    expect(byPath.get('/')).toMatchObject({ path: '/', kind: 'page', locales: ['en', 'ru'] });
    expect(byPath.get('/about')?.locales.sort()).toEqual(['en', 'ru']);
    expect(byPath.has('/search')).toBe(false);
    const news = entries.filter((entry) => entry.kind === 'news');
    const events = entries.filter((entry) => entry.kind === 'event');
    expect(news.length).toBeGreaterThan(10);
    expect(events.length).toBeGreaterThan(5);
    const articleId = news[0]!.path.split('/')[2];
    expect((await getJson(server, `/ru/news/${articleId}`)).status).toBe(200);
    const eventId = events[0]!.path.split('/')[2];
    expect((await getJson(server, `/${events[0]!.locales[0]}/events/${eventId}`)).status).toBe(200);
    expect(new Set(entries.map((entry) => entry.path)).size).toBe(entries.length);
  });

  test('a page written in one locale is listed in that locale only, and the change moves the time', async () => {
    const before = await sitemapOf(server);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const page = { title: 'Только по-русски', components: [{ id: 'text', name: 'RichText', props: { html: '<p>ru</p>' } }] };
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/only-ru', page, adminHeaders)).status).toBe(200);
    let after = await sitemapOf(server);
    for (let attempt = 0; attempt < 50 && after.changedAt === before.changedAt; attempt += 1) after = await sitemapOf(server);
    const added = after.entries.find((entry) => entry.path === '/only-ru');
    expect(added).toMatchObject({ path: '/only-ru', kind: 'page', locales: ['ru'] });
    expect(Object.keys(added?.updatedAt ?? {})).toEqual(['ru']);
    expect(Date.parse(added!.updatedAt!.ru!)).toBeGreaterThan(Date.parse(before.changedAt!));
    expect(Date.parse(after.changedAt!)).toBeGreaterThan(Date.parse(before.changedAt!));
  });

  test('a page that asks not to be indexed is not listed', async () => {
    const page = {
      title: 'Черновик',
      seo: { meta: [{ name: 'robots', content: 'noindex, nofollow' }] },
      components: [{ id: 'text', name: 'RichText', props: { html: '<p>draft</p>' } }],
    };
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/draft-page', page, adminHeaders)).status).toBe(200);
    expect((await sitemapOf(server)).entries.some((entry) => entry.path === '/draft-page')).toBe(false);
  });

  test('every page, article and event carries its own last change, per locale, and they differ', async () => {
    const { entries } = await sitemapOf(server);
    for (const entry of entries) {
      for (const locale of entry.locales) expect(Number.isFinite(Date.parse(entry.updatedAt?.[locale] ?? ''))).toBe(true);
    }
    for (const kind of ['page', 'news', 'event'] as const) {
      const times = entries.filter((entry) => entry.kind === kind).map((entry) => entry.updatedAt!.ru ?? entry.updatedAt!.en);
      expect(new Set(times).size).toBeGreaterThan(times.length / 4);
    }
  });

  test('an article saved through the write API gets its own new time; the others keep theirs', async () => {
    const before = await sitemapOf(server);
    const record = (await getJson<{ data: Record<string, unknown> }>(server, '/admin/en/news/5', adminHeaders)).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const savedAt = Date.now();
    expect((await sendJson(server, 'PUT', '/admin/en/news/5', { ...record, title: `${String(record.title)} (updated)` }, adminHeaders)).status).toBe(200);
    const after = new Map((await sitemapOf(server)).entries.map((entry) => [entry.path, entry]));
    expect(Date.parse(after.get('/news/5')!.updatedAt!.en!)).toBeGreaterThanOrEqual(savedAt - 1000);
    expect(after.get('/news/5')!.updatedAt!.ru).toBe(before.entries.find((entry) => entry.path === '/news/5')!.updatedAt!.ru);
    expect(after.get('/news/6')!.updatedAt).toEqual(before.entries.find((entry) => entry.path === '/news/6')!.updatedAt);
    expect((await getJson<{ data: { updatedAt?: string } }>(server, '/en/news/5')).body.data.updatedAt).toBe(after.get('/news/5')!.updatedAt!.en);
  });

  test('of the two student-life pages only the canonical one is listed; the copy names it as canonical', async () => {
    const { entries } = await sitemapOf(server);
    expect(entries.some((entry) => entry.path === '/dev/student-life')).toBe(true);
    expect(entries.some((entry) => entry.path === '/dev/students-life')).toBe(false);
    const copy = (await getJson<{ data: { seo?: { link?: { rel: string; href: string }[] } } }>(server, '/en/pages/dev/students-life')).body.data;
    expect(copy.seo?.link).toContainEqual({ rel: 'canonical', href: '/dev/student-life' });
  });
});
