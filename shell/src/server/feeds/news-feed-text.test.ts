import { XMLParser } from 'fast-xml-parser';
import type { ShellServer } from '../app';
import { startShellWithBackend, type ShellWithBackend } from '../../testing/shell-with-backend';

const ADMIN_TOKEN = 'news-feed-text-admin-token';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' });

describe("the news feed's descriptions", () => {
  let platform: ShellWithBackend;
  let shell: ShellServer;

  beforeAll(async () => {
    platform = await startShellWithBackend({ name: 'news-feed-text', adminToken: ADMIN_TOKEN, env: { PORT: '3997' } });
    ({ shell } = platform);
  }, 60_000);
  afterAll(async () => {
    await platform?.close();
  });

  test("carry a lead's text, never its markup", async () => {
    const admin = (method: 'GET' | 'PUT', url: string, payload?: object) =>
      platform.contentApi.app.inject({ method, url, headers: { authorization: `Bearer ${ADMIN_TOKEN}` }, ...(payload ? { payload } : {}) });
    const newest = (await platform.contentApi.app.inject({ method: 'GET', url: '/ru/news?pageSize=1' })).json<{ data: { items: Array<{ id: number }> } }>().data
      .items[0]!;
    const record = (await admin('GET', `/admin/ru/news/${newest.id}`)).json<{ data: Record<string, unknown> }>().data;
    const lead =
      'Приём <b>открыт</b> &amp; идёт<img src="https://evil.example/t.gif" onerror="steal()"><a href="https://evil.example">подробнее</a><br>до июля';
    expect((await admin('PUT', `/admin/ru/news/${newest.id}`, { ...record, lead })).statusCode).toBe(200);

    const feed = await shell.app.inject({ method: 'GET', url: '/news/feed.xml' });
    expect(feed.statusCode).toBe(200);
    const item = (xml.parse(feed.body) as { rss: { channel: { item: Array<{ description?: string }> } } }).rss.channel.item[0]!;
    // What a feed reader gets after XML decoding: text only, entities decoded once.
    expect(item.description).toBe('Приём открыт & идётподробнее\nдо июля');
    expect(feed.body).not.toContain('evil.example');
    expect(feed.body).not.toMatch(/&lt;(b|img|a)\b/);
  });
});
