import { localizePath, type ApiClient, type Locale, type Paginated } from '@site/contracts';
import { type Event, type EventDetails } from '@site/contracts/events';
import { type NewsFilters, type NewsItem } from '@site/contracts/news';
import { feedText } from '../../app/feed-links';
import { writeCalendar, type CalendarEvent } from './icalendar';
import { moscowWallTime } from './moscow-time';
import { writeRss } from './rss';

/** What the feeds need besides the content API: where links point and how long a call may take. */
export interface FeedContext {
  api: Pick<ApiClient, 'get'>;
  locale: Locale;
  origin: string;
  siteName: string;
  /** Where browsers reach backend media (`/media/x.jpg` → `{mediaBase}media/x.jpg`). */
  mediaBase: string;
  timeoutMs: number;
  now: Date;
}

/** News items per feed: the newest ones. */
const NEWS_FEED_SIZE = 30;
/** Upcoming events per calendar, read in pages of the content API's largest page size. */
const CALENDAR_MAX_EVENTS = 300;
const EVENT_PAGE_SIZE = 100;
/** How often a subscribed calendar app should reload the calendar. */
const CALENDAR_REFRESH_MINUTES = 60;

/** A content API answer that says the thing asked for does not exist (the feed answers 404). */
export class FeedNotFound extends Error {}

function absolute(context: FeedContext, link: string): string {
  if (/^https?:\/\//i.test(link)) return link;
  if (link.startsWith('/media/')) return new URL(`${context.mediaBase.replace(/\/?$/, '/')}${link.slice(1)}`, context.origin).toString();
  return new URL(localizePath(link, context.locale), context.origin).toString();
}

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

function imageOf(context: FeedContext, item: NewsItem): { url: string; type: string } | null {
  const url = item.image?.url;
  const type = url && IMAGE_TYPES[/\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1]?.toLowerCase() ?? ''];
  return url && type ? { url: absolute(context, url), type } : null;
}

/** Plain text of stored HTML, for calendar and feed descriptions: paragraphs and breaks become line breaks. */
function textOfHtml(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function notFoundOr(error: unknown): never {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 404) throw new FeedNotFound('not found');
  throw error;
}

/**
 * The news feed of a locale, or of one category of it: the newest items with absolute links, their lead, categories
 * (by label) and picture. An unknown category is a FeedNotFound.
 */
export async function newsFeed(context: FeedContext, category: string | null, self: string): Promise<string> {
  const { api, locale, timeoutMs } = context;
  const params: Record<string, string | number> = { pageSize: NEWS_FEED_SIZE };
  if (category) params.categories = category;
  const [filters, list] = await Promise.all([
    api.get<{ data: NewsFilters }>(`${locale}/news/filters`, { timeoutMs }),
    api.get<{ data: Paginated<NewsItem> }>(`${locale}/news`, { params, timeoutMs }),
  ]);
  const labels = new Map(filters.data.categories.map((entry) => [entry.id, entry.label]));
  const chosen = category ? labels.get(category) : undefined;
  if (category && chosen === undefined) throw new FeedNotFound(`no news category ${category}`);
  const site = context.siteName;
  return writeRss({
    title: chosen ? feedText(locale, 'feeds.news.categoryTitle', { label: chosen, siteName: site }) : feedText(locale, 'feeds.news.title', { siteName: site }),
    link: absolute(context, '/news'),
    self,
    description: feedText(locale, 'feeds.news.description', { siteName: site }),
    language: locale,
    built: context.now,
    items: list.data.items.map((item) => ({
      title: item.title,
      link: absolute(context, item.link),
      published: moscowWallTime(item.date),
      // Feed readers render a description's HTML: a lead's markup (links, images, handlers) must not reach them.
      description: item.lead ? textOfHtml(item.lead) : item.lead,
      categories: (item.categories ?? []).map((id) => labels.get(id) ?? id),
      image: imageOf(context, item),
    })),
  });
}

function calendarEvent(context: FeedContext, event: Event | EventDetails): CalendarEvent | null {
  const start = moscowWallTime(event.startsAt);
  if (!start) return null;
  const body = 'body' in event ? textOfHtml(event.body) : '';
  const url = absolute(context, event.link || `/events/${event.id}`);
  const description = [event.lead && !body.includes(event.lead) ? event.lead : '', body, url].filter(Boolean).join('\n\n');
  return {
    uid: `event-${event.id}-${context.locale}@${new URL(context.origin).hostname}`,
    summary: event.title,
    start,
    end: event.endsAt ? moscowWallTime(event.endsAt) : null,
    location: event.place,
    description,
    url,
  };
}

/** One event's calendar file ("Add to calendar"); a missing event is a FeedNotFound. */
export async function eventCalendar(context: FeedContext, id: number): Promise<string> {
  const { api, locale, timeoutMs } = context;
  const answer = await api.get<{ data: EventDetails }>(`${locale}/events/${id}`, { timeoutMs }).catch(notFoundOr);
  const event = calendarEvent(context, answer.data);
  if (!event) throw new Error(`event ${id} has no readable start`);
  return writeCalendar({ name: answer.data.title, stamp: context.now, events: [event] });
}

/** The subscribable calendar of upcoming events of a locale. */
export async function upcomingCalendar(context: FeedContext): Promise<string> {
  const { api, locale, timeoutMs } = context;
  const read = (page: number) =>
    api.get<{ data: Paginated<Event> }>(`${locale}/events`, { params: { scope: 'upcoming', page, pageSize: EVENT_PAGE_SIZE }, timeoutMs });
  const first = await read(1);
  const pages = Math.min(Math.ceil(first.data.total / EVENT_PAGE_SIZE), CALENDAR_MAX_EVENTS / EVENT_PAGE_SIZE);
  const rest = await Promise.all(Array.from({ length: Math.max(0, pages - 1) }, (_, index) => read(index + 2)));
  const events = [first, ...rest].flatMap((answer) => answer.data.items);
  const site = context.siteName;
  return writeCalendar({
    name: feedText(locale, 'feeds.events.title', { siteName: site }),
    description: feedText(locale, 'feeds.events.description', { siteName: site }),
    stamp: context.now,
    refreshMinutes: CALENDAR_REFRESH_MINUTES,
    events: events.map((event) => calendarEvent(context, event)).filter((event): event is CalendarEvent => event !== null),
  });
}
