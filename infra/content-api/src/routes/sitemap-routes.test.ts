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
    expect(byPath.get('/')).toEqual({ path: '/', kind: 'page', locales: ['en', 'ru'] });
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
    expect(after.entries.find((entry) => entry.path === '/only-ru')).toEqual({ path: '/only-ru', kind: 'page', locales: ['ru'] });
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
});
