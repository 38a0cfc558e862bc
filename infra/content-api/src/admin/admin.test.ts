import { exportContent, importContent } from '../transfer/content-transfer';
import { ENGINES, adminHeaders, getJson, sendJson, startTestApi, type TestApi } from '../test-support/test-api';

const page = {
  title: 'Приёмная кампания',
  watchQuery: false,
  components: [
    { id: 'hero', name: 'PageHero', props: { title: 'Приёмная кампания', lead: 'Сроки и документы' } },
    { id: 'text', name: 'RichText', props: { html: '<p>Документы принимаются до 20 июля.</p>' } },
  ],
};

describe.each(ENGINES)('write API and export/import on %s', (engine) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('writes need the admin token', async () => {
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/admission', page)).status).toBe(401);
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/admission', page, { authorization: 'Bearer wrong' })).body).toEqual({
      statusCode: 401,
      message: 'Not Authorized',
    });
    expect((await getJson(server, '/ru/pages/admission')).status).toBe(404);
  });

  test('redirects are saved when they stay on the site; the five off-site targets are refused', async () => {
    for (const to of ['//evil.example', '/\\evil.example', '/\t//evil.example', '//evil.example\\@site', '/\\\\evil.example', 'https://evil.example/']) {
      const refused = await sendJson<{ message: string }>(server, 'PUT', '/admin/redirects', { from: '/old-path', to, status: 301 }, adminHeaders);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/must be a path on the site/);
    }
    const saved = await sendJson(server, 'PUT', '/admin/redirects', { from: '/old-path', to: '/news', status: 308 }, adminHeaders);
    expect(saved).toEqual({ status: 200, body: { data: { from: '/old-path', to: '/news', status: 308 } } });
    const init = await getJson<{ data: { redirects: { from: string; to: string }[] } }>(server, '/en/init?fresh=1');
    expect(init.body.data.redirects).toContainEqual({ from: '/old-path', to: '/news', status: 308 });
    expect((await sendJson(server, 'DELETE', '/admin/redirects?from=%2Fold-path', undefined, adminHeaders)).status).toBe(204);
  });

  test('pages are created, served, re-indexed and deleted', async () => {
    const created = await sendJson(server, 'PUT', '/admin/ru/pages/admission/2027', page, adminHeaders);
    expect(created.status).toBe(200);
    const served = await getJson<{ data: { slug: string; title: string } }>(server, '/ru/pages/admission/2027');
    expect(served.body.data).toMatchObject({ slug: 'admission/2027', title: 'Приёмная кампания' });
    const found = await getJson<{ components: { props: { results: { id: string }[] } }[] }>(
      server,
      `/ru/pages/search/${encodeURIComponent('документы приёмная')}`,
    );
    expect(found.body.components[0]!.props.results.map((result) => result.id)).toContain('page:admission/2027');
    expect((await sendJson(server, 'DELETE', '/admin/ru/pages/admission/2027', undefined, adminHeaders)).status).toBe(204);
    expect((await getJson(server, '/ru/pages/admission/2027')).status).toBe(404);
    expect((await sendJson(server, 'DELETE', '/admin/ru/pages/admission/2027', undefined, adminHeaders)).status).toBe(404);
  });

  test('invalid pages and entities are refused with the contract issue', async () => {
    const noName = await sendJson<{ message: string }>(
      server,
      'PUT',
      '/admin/ru/pages/broken',
      { title: 'x', components: [{ id: 'a', props: {} }] },
      adminHeaders,
    );
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/Section 0/);
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/Bad_Slug', page, adminHeaders)).status).toBe(400);
    const badNews = await sendJson<{ message: string }>(server, 'PUT', '/admin/ru/news/5000', { title: 'x', type: 'Rumour' }, adminHeaders);
    expect(badNews.status).toBe(400);
    expect((await sendJson(server, 'PUT', '/admin/ru/gossip/1', {}, adminHeaders)).status).toBe(404);
    expect((await sendJson(server, 'PUT', '/admin/ru/layout/settings', {}, adminHeaders)).status).toBe(400);
  });

  test('entities: create with a new id, update, read back through the public API, delete', async () => {
    const vacancy = { title: 'Инженер-конструктор', centre: 'Инжиниринговый центр', centreId: 'engineering-centre', publishedAt: '2026-11-01' };
    const created = await sendJson<{ data: { id: number } }>(server, 'POST', '/admin/ru/vacancies', vacancy, adminHeaders);
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(id).toBeGreaterThan(30);
    const list = await getJson<{ data: { items: { id: number; title: string }[] } }>(server, '/ru/vacancies?centreId=engineering-centre');
    expect(list.body.data.items.find((item) => item.id === id)?.title).toBe('Инженер-конструктор');
    expect((await sendJson(server, 'PUT', `/admin/ru/vacancies/${id}`, { ...vacancy, title: 'Главный конструктор' }, adminHeaders)).status).toBe(200);
    expect((await getJson<{ data: { title: string } }>(server, `/admin/ru/vacancies/${id}`, adminHeaders)).body.data.title).toBe('Главный конструктор');
    expect((await sendJson(server, 'POST', '/admin/ru/vacancies', { ...vacancy, id }, adminHeaders)).status).toBe(409);
    expect((await sendJson(server, 'DELETE', `/admin/ru/vacancies/${id}`, undefined, adminHeaders)).status).toBe(204);
    expect((await getJson(server, `/admin/ru/vacancies/${id}`, adminHeaders)).status).toBe(404);
  });

  test('settings and layout components are replaced through the write API', async () => {
    const { body } = await getJson<{ data: { settings: object; notify: object } }>(server, '/en/init');
    const settings = { ...body.data.settings, siteName: 'USTech' };
    expect((await sendJson(server, 'PUT', '/admin/en/settings', settings, adminHeaders)).status).toBe(200);
    expect((await sendJson(server, 'PUT', '/admin/en/layout/notify', { text: 'Exams start on Monday' }, adminHeaders)).status).toBe(200);
    expect((await sendJson(server, 'PUT', '/admin/en/layout/notify', { link: 'no text' }, adminHeaders)).status).toBe(400);
    const after = await getJson<{ data: { settings: { siteName: string }; notify: { text: string } } }>(server, '/en/init');
    expect(after.body.data.settings.siteName).toBe('USTech');
    expect(after.body.data.notify.text).toBe('Exams start on Monday');
  });

  test('export then import restores the whole content, search included', async () => {
    const exported = await exportContent(server.api.db);
    expect(exported.tables.news!.length).toBeGreaterThanOrEqual(600);
    await sendJson(server, 'DELETE', '/admin/ru/news/7', undefined, adminHeaders);
    expect((await getJson(server, '/ru/news/7')).status).toBe(404);
    const counts = await importContent(server.api.db, JSON.parse(JSON.stringify(exported)));
    expect(counts.news).toBe(exported.tables.news!.length);
    expect((await getJson(server, '/ru/news/7')).status).toBe(200);
    const again = await exportContent(server.api.db);
    expect(again.tables).toEqual(exported.tables);
    const search = await getJson<{ components: { props: { total: number } }[] }>(server, '/ru/pages/search/лаборатория');
    expect(search.body.components[0]!.props.total).toBeGreaterThan(10);
    await expect(importContent(server.api.db, { format: 'something-else' })).rejects.toThrow(/not a content export/);
  });
});

test('the write API does not exist without a token', async () => {
  const server = await startTestApi('sqlite', { adminToken: undefined });
  try {
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/x', page, adminHeaders)).status).toBe(404);
  } finally {
    await server.stop();
  }
});
