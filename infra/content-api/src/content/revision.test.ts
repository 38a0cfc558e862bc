import { exportContent, importContent } from '../transfer/content-transfer';
import { ENGINES, adminHeaders, getJson, sendJson, startTestApi, type TestApi } from '../test-support/test-api';

const revisionOf = async (server: TestApi) => (await getJson<{ revision: string }>(server, '/revision')).body.revision;

describe.each(ENGINES)('content revision on %s', (engine) => {
  let server: TestApi;
  beforeAll(async () => {
    server = await startTestApi(engine);
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('is never cached and stays put while nothing changes', async () => {
    const first = await getJson<{ revision: string }>(server, '/revision');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.revision).toMatch(/^[0-9a-f]{12}\.\d+\.\d{4}-\d{2}-\d{2}$/);
    expect(Number.isFinite(Date.parse((first.body as { changedAt?: string }).changedAt ?? ''))).toBe(true);
    await getJson(server, '/ru/pages/index');
    await getJson(server, '/ru/news');
    expect(await revisionOf(server)).toBe(first.body.revision);
  });

  test('moves on every successful admin write and not on a refused one', async () => {
    const before = await revisionOf(server);
    const page = { title: 'Приём', components: [{ id: 'hero', name: 'PageHero', props: { title: 'Приём' } }] };
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/intake-2027', page, adminHeaders)).status).toBe(200);
    // The bump runs right after the answer; poll briefly like a cache would.
    let after = before;
    for (let attempt = 0; attempt < 50 && after === before; attempt += 1) after = await revisionOf(server);
    expect(after).not.toBe(before);
    expect((await sendJson(server, 'PUT', '/admin/ru/pages/Bad_Slug', page, adminHeaders)).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await revisionOf(server)).toBe(after);
  });

  test('a content import starts a new epoch', async () => {
    const before = await revisionOf(server);
    const exported = await exportContent(server.api.db);
    await importContent(server.api.db, exported);
    const after = await revisionOf(server);
    expect(after.split('.')[0]).not.toBe(before.split('.')[0]);
  });
});
