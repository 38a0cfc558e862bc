import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ContentApi } from '@site/content-api';
import type { Event } from '@site/contracts/events';
import type { NewsFilters, NewsItem } from '@site/contracts/news';
import type { Paginated } from '@site/contracts';
import type { ShellServer } from '../app';
import { FEED_FRESH_MS } from './feeds';
import type { BackendGate } from '../../testing/backend-gate';
import { startShellWithBackend, type ShellWithBackend } from '../../testing/shell-with-backend';

const ORIGIN = 'https://university.example';
const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'category' });

interface RssItem {
  title: string;
  link: string;
  pubDate: string;
  category?: string[];
}

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)) };
}

/** The instant of a content API time, which is Moscow time when it carries no offset. */
const moscowInstant = (value: string) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}+03:00`).toISOString();

describe('news feeds and event calendars from the shell', () => {
  let platform: ShellWithBackend;
  let contentApi: ContentApi;
  let backend: BackendGate;
  let shell: ShellServer;

  beforeAll(async () => {
    platform = await startShellWithBackend({
      name: 'feeds',
      env: { PORT: '3998', PUBLIC_ORIGIN: ORIGIN, CONTENT_API_TIMEOUT_MS: '2000' },
    });
    ({ contentApi, gate: backend, shell } = platform);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  afterEach(() => ICAL.TimezoneService.reset());

  const get = (url: string, headers: Record<string, string> = {}) => shell.app.inject({ method: 'GET', url, headers });
  const api = async <T>(url: string): Promise<T> => (await contentApi.app.inject({ method: 'GET', url })).json<{ data: T }>().data;
  const itemsOf = (body: string): RssItem[] => {
    expect(XMLValidator.validate(body)).toBe(true);
    return xml.parse(body).rss.channel.item ?? [];
  };

  test('each locale has a news feed, newest first, linking to its own articles on the site origin', async () => {
    for (const [url, prefix, locale] of [
      ['/news/feed.xml', '', 'ru'],
      ['/en/news/feed.xml', '/en', 'en'],
    ] as const) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const channel = xml.parse(response.body).rss.channel;
      expect(channel.language).toBe(locale);
      expect(channel['atom:link']['@href']).toBe(`${ORIGIN}${url}`);
      const items = itemsOf(response.body);
      const newest = await api<Paginated<NewsItem>>(`/${locale}/news?pageSize=30`);
      expect(items.length).toBe(newest.items.length);
      expect(items.length).toBeGreaterThan(0);
      expect(items.map((item) => item.title)).toEqual(newest.items.map((item) => item.title));
      expect(items.map((item) => item.link)).toEqual(newest.items.map((item) => `${ORIGIN}${prefix}${item.link}`));
      const dates = items.map((item) => Date.parse(item.pubDate));
      expect(dates.every(Number.isFinite)).toBe(true);
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    }
    expect(xml.parse((await get('/news/feed.xml')).body).rss.channel.title).toMatch(/^Новости — /);
    expect(xml.parse((await get('/en/news/feed.xml')).body).rss.channel.title).toMatch(/^News — /);
  });

  test('a category feed holds only the news of that category; an unknown category is 404', async () => {
    const filters = await api<NewsFilters>('/en/news/filters');
    const category = filters.categories[0]!;
    const response = await get(`/en/news/feed.xml?category=${category.id}`);
    expect(response.statusCode).toBe(200);
    expect(xml.parse(response.body).rss.channel.title).toContain(category.label);
    const items = itemsOf(response.body);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(item.category).toContain(category.label);
    const inCategory = await api<Paginated<NewsItem>>(`/en/news?categories=${category.id}&pageSize=30`);
    expect(items.map((item) => item.link)).toEqual(inCategory.items.map((item) => `${ORIGIN}/en${item.link}`));
    const all = itemsOf((await get('/en/news/feed.xml')).body);
    expect(all.some((item) => !(item.category ?? []).includes(category.label))).toBe(true);
    expect((await get('/en/news/feed.xml?category=no-such-category')).statusCode).toBe(404);
    const malformed = await get('/news/feed.xml?category=%3Cscript%3E');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toBe('Такой ленты нет.');
  });

  test('answers carry an ETag and caching headers, answer 304 to a matching If-None-Match, and come from memory', async () => {
    await get('/news/feed.xml');
    const cached = await get('/news/feed.xml', { 'accept-encoding': 'gzip' });
    expect(cached.headers['x-feed-cache']).toBe('hit');
    expect(cached.headers['cache-control']).toBe('public, max-age=300, stale-if-error=86400');
    expect(cached.headers['content-encoding']).toBe('gzip');
    const etag = String(cached.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await get('/news/feed.xml', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get('/news/feed.xml', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/news/feed.xml', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Made again from unchanged content (only the time of writing differs): the same body and ETag.
    shell.app.feedCopies.peek(`${ORIGIN} /news/feed.xml`)!.madeAt -= FEED_FRESH_MS;
    const remade = await get('/news/feed.xml', { 'if-none-match': etag });
    expect(remade.headers['x-feed-cache']).toBe('miss');
    expect(remade.statusCode).toBe(304);
  });

  test('the calendar of upcoming events has every upcoming event at its Moscow time, with a stable UID', async () => {
    const response = await get('/events/calendar.ics');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parseCalendar(response.body);
    expect(calendar.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('Europe/Moscow');
    const upcoming = await api<Paginated<Event>>('/ru/events?scope=upcoming&pageSize=100');
    expect(events.length).toBe(Math.min(upcoming.total, 300));
    expect(events.length).toBeGreaterThan(0);
    const byUrl = new Map(events.map((event) => [String(event.component.getFirstPropertyValue('url')), event]));
    for (const expected of upcoming.items) {
      const event = byUrl.get(`${ORIGIN}${expected.link}`)!;
      expect(event.summary).toBe(expected.title);
      expect(event.startDate.zone.tzid).toBe('Europe/Moscow');
      expect(event.startDate.toJSDate().toISOString()).toBe(moscowInstant(expected.startsAt));
      expect(event.uid).toBe(`event-${expected.id}-ru@university.example`);
    }
    const english = parseCalendar((await get('/en/events/calendar.ics')).body);
    expect(english.calendar.getFirstPropertyValue('x-wr-calname')).toMatch(/^Events — /);
    expect(String(english.events[0]!.component.getFirstPropertyValue('url'))).toMatch(new RegExp(`^${ORIGIN}/en/events/\\d+$`));
  });

  test("one event's .ics has its start in Moscow time, its place and page; a missing event is 404", async () => {
    const expected = await api<Event>('/en/events/5');
    const response = await get('/en/events/5.ics');
    expect(response.statusCode).toBe(200);
    const { events } = parseCalendar(response.body);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.summary).toBe(expected.title);
    expect(event!.location).toBe(expected.place);
    expect(event!.startDate.toJSDate().toISOString()).toBe(moscowInstant(expected.startsAt));
    expect(event!.endDate.toJSDate().toISOString()).toBe(moscowInstant(expected.endsAt!));
    expect(event!.description).toContain(`${ORIGIN}/en/events/5`);
    expect((await get('/events/999999.ics')).statusCode).toBe(404);
    expect((await get('/events/abc.ics')).statusCode).toBe(404);
    // The event's page is still a page.
    const page = await get('/en/events/5');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  test('the news page and the home page advertise the feed in their head; events pages the calendar', async () => {
    const alternates = (html: string) =>
      [...html.matchAll(/<link rel="alternate" type="([^"]+)" title="([^"]+)" href="([^"]+)">/g)].map(([, type, title, href]) => ({ type, title, href }));
    expect(alternates((await get('/news')).body)).toEqual([
      { type: 'application/rss+xml', title: expect.stringMatching(/^Новости — /), href: `${ORIGIN}/news/feed.xml` },
    ]);
    expect(alternates((await get('/en')).body)).toEqual([
      { type: 'application/rss+xml', title: expect.stringMatching(/^News — /), href: `${ORIGIN}/en/news/feed.xml` },
    ]);
    expect(alternates((await get('/en/events')).body)).toEqual([
      { type: 'text/calendar', title: expect.stringMatching(/^Events — /), href: `${ORIGIN}/en/events/calendar.ics` },
    ]);
    expect(alternates((await get('/about')).body)).toEqual([]);
  });

  test('with the content API frozen the last good copy is served within the time budget; an unseen feed is 503', async () => {
    await get('/en/news/feed.xml');
    const copy = shell.app.feedCopies.peek(`${ORIGIN} /en/news/feed.xml`)!;
    copy.madeAt -= FEED_FRESH_MS; // too old to be served without asking the content API
    backend.frozen = true;
    try {
      const started = Date.now();
      const stale = await get('/en/news/feed.xml');
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['x-feed-cache']).toBe('stale');
      expect(stale.body).toBe(copy.body);
      const unseen = await get('/en/events/7.ics');
      expect(unseen.statusCode).toBe(503);
      expect(unseen.headers['retry-after']).toBe('30');
      expect(unseen.body).toBe('The feed is temporarily unavailable. Please try again a little later.');
      // Two calls, each within the content API's time budget (or refused at once by the open circuit).
      expect(Date.now() - started).toBeLessThan(2 * 2000 + 2500);
    } finally {
      backend.thaw();
    }
  }, 20_000);
});
