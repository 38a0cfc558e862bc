import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { openHydrated } from '../support/site';

/** Issue 15 point 2: news feeds advertised in the head, and calendar files for events, checked by parsing them. */

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' });

/** The instant of a content API time, which is Moscow time when it carries no offset. */
const moscowInstant = (value: string) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}+03:00`).toISOString();

function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
}

test.describe('feeds and calendars', () => {
  for (const [path, prefix] of [
    ['/news', ''],
    ['/en/news', '/en'],
  ] as const) {
    test(`${path} advertises its RSS feed in the head; the feed parses with items that open as articles`, async ({ page, request, baseURL }) => {
      const origin = new URL(baseURL!).origin;
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const feed = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
      await expect(feed).toHaveCount(1);
      expect(await feed.getAttribute('title')).toBeTruthy();
      const href = (await feed.getAttribute('href'))!;
      expect(href).toBe(`${origin}${prefix}/news/feed.xml`);
      const response = await request.get(href);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
      const body = await response.text();
      expect(XMLValidator.validate(body)).toBe(true);
      const channel = xml.parse(body).rss.channel;
      expect(channel.item.length).toBeGreaterThan(0);
      for (const item of channel.item) {
        expect(item.title).toBeTruthy();
        expect(item.link).toMatch(new RegExp(`^${origin}${prefix}/news/\\d+$`));
        expect(Number.isFinite(Date.parse(item.pubDate))).toBe(true);
      }
      const article = await page.goto(channel.item[0].link);
      expect(article?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: channel.item[0].title }).first()).toBeVisible();
    });
  }

  test('an event page offers "Add to calendar": an .ics that parses with the event at its Moscow start time', async ({ page, request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const event = ((await (await request.get('/api/ru/events/5')).json()) as { data: { title: string; startsAt: string; endsAt?: string; place?: string } })
      .data;
    await openHydrated(page, '/events/5');
    const link = page.getByRole('link', { name: 'Добавить в календарь' });
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    expect(href).toBe('/events/5.ics');
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const [parsed, ...others] = parseCalendar(await response.text());
    expect(others).toHaveLength(0);
    expect(parsed!.summary).toBe(event.title);
    expect(parsed!.startDate.zone.tzid).toBe('Europe/Moscow');
    expect(parsed!.startDate.toJSDate().toISOString()).toBe(moscowInstant(event.startsAt));
    if (event.endsAt) expect(parsed!.endDate.toJSDate().toISOString()).toBe(moscowInstant(event.endsAt));
    expect(parsed!.component.getFirstPropertyValue('url')).toBe(`${origin}/events/5`);
    // A click hands the file to the browser (a download), not to the site's router.
    const download = page.waitForEvent('download');
    await link.click();
    expect((await download).suggestedFilename()).toBe('5.ics');
  });

  test('the English calendar of upcoming events is subscribable and in Moscow time', async ({ page, request }) => {
    await page.goto('/en/events');
    const calendar = page.locator('head link[rel="alternate"][type="text/calendar"]');
    await expect(calendar).toHaveCount(1);
    const response = await request.get((await calendar.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    const events = parseCalendar(await response.text());
    expect(events.length).toBeGreaterThan(0);
    const now = Date.now();
    for (const event of events) {
      expect(event.startDate.zone.tzid).toBe('Europe/Moscow');
      // Upcoming: not over yet.
      expect((event.endDate ?? event.startDate).toJSDate().getTime()).toBeGreaterThan(now - 24 * 60 * 60 * 1000);
    }
  });
  test('a client-side visit to the news page puts its feed link in the head, titled in the locale, without an error', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await openHydrated(page, '/en/events');
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveCount(0);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.locator('a[href="/en/news"]:visible').first().click();
    await expect(page).toHaveURL(/\/en\/news$/);
    const feed = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
    await expect(feed).toHaveCount(1);
    expect(await feed.getAttribute('href')).toBe(`${new URL(baseURL!).origin}/en/news/feed.xml`);
    expect(await feed.getAttribute('title')).toMatch(/^News — /);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });
});
