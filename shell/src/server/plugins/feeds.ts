import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOCALES, localePrefix, type Locale } from '@site/contracts';
import { feedPaths } from '../../app/feed-links';
import { siteOrigin } from '../site-origin';
import { shellMessages } from '../../i18n/messages';
import { FeedCopies, makeCopy, type FeedCopy } from '../feeds/feed-copies';
import { eventCalendar, FeedNotFound, newsFeed, upcomingCalendar, type FeedContext } from '../feeds/feed-content';

declare module 'fastify' {
  interface FastifyInstance {
    /** The last good copy of each feed and calendar. */
    feedCopies: FeedCopies;
  }
}

/** A copy made from the current content revision is served as it is for this long (upcoming events move on). */
export const FEED_FRESH_MS = 5 * 60 * 1000;
/** What browsers and proxies may keep: five minutes, and the last copy for a day while the site is failing. */
const CACHE_CONTROL = 'public, max-age=300, stale-if-error=86400';

const RSS_TYPE = 'application/rss+xml; charset=utf-8';
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const CATEGORY = /^[a-z0-9-]{1,64}$/;
const EVENT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The news feeds (RSS 2.0, `/news/feed.xml` and `?category=<id>` for one category) and the events' calendars
 * (`/events/calendar.ics` of upcoming events, `/events/<id>.ics` per event) of each locale, made from the content
 * API within its time budget. Each answer carries an ETag and caching headers; the last good copy is kept in memory
 * and served while the content API is down; without one the answer is 503 with Retry-After.
 */
export const feedsPlugin = fp(
  async (app) => {
    const config = app.shellConfig;
    const copies = new FeedCopies();
    app.decorate('feedCopies', copies);
    const making = new Map<string, Promise<FeedCopy>>();

    function send(request: FastifyRequest, reply: FastifyReply, copy: FeedCopy, type: string, state: 'hit' | 'miss' | 'stale') {
      reply.header('etag', copy.etag).header('cache-control', CACHE_CONTROL).header('vary', 'accept-encoding').header('x-feed-cache', state);
      reply.header('last-modified', new Date(copy.madeAt).toUTCString());
      if (etagMatches(request.headers['if-none-match'], copy.etag)) return reply.code(304).send();
      return reply.type(type).send(copy.body);
    }

    function plain(reply: FastifyReply, status: number, text: string) {
      return reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(text);
    }

    async function serve(request: FastifyRequest, reply: FastifyReply, locale: Locale, type: string, make: (context: FeedContext) => Promise<string>) {
      const origin = siteOrigin(request, config);
      const key = `${origin} ${request.url.split('?')[0]}${keyQuery(request)}`;
      const copy = copies.get(key);
      const revision = app.contentRevision.current;
      if (copy && revision !== null && copy.revision === revision && Date.now() - copy.madeAt < FEED_FRESH_MS) return send(request, reply, copy, type, 'hit');
      try {
        // Requests for the same feed at the same time share one making of it.
        let pending = making.get(key);
        if (!pending) {
          pending = (async () => {
            const init = await app.initCache.get(locale, revision);
            const now = new Date();
            const context = {
              api: app.contentApi,
              locale,
              origin,
              siteName: init.settings.siteName,
              mediaBase: config.publicApiBase,
              timeoutMs: config.contentApiTimeoutMs,
              now,
            };
            const made = makeCopy(await make(context), revision, now.getTime(), copy);
            copies.set(key, made);
            return made;
          })().finally(() => making.delete(key));
          making.set(key, pending);
        }
        return send(request, reply, await pending, type, 'miss');
      } catch (error) {
        if (error instanceof FeedNotFound) {
          copies.delete(key);
          return plain(reply, 404, shellMessages[locale]['feeds.notFound']);
        }
        request.log.warn({ err: error, url: request.url }, 'feed could not be made from the content API');
        if (copy) return send(request, reply, copy, type, 'stale');
        return plain(reply.header('retry-after', '30'), 503, shellMessages[locale]['feeds.unavailable']);
      }
    }

    for (const locale of LOCALES) {
      const paths = feedPaths(locale);
      app.get<{ Querystring: { category?: unknown } }>(paths.news, async (request, reply) => {
        const category = request.query.category;
        if (category !== undefined && (typeof category !== 'string' || !CATEGORY.test(category)))
          return plain(reply, 404, shellMessages[locale]['feeds.notFound']);
        const self = (origin: string) => `${origin}${paths.news}${category ? `?category=${category}` : ''}`;
        return serve(request, reply, locale, RSS_TYPE, (context) => newsFeed(context, category ?? null, self(context.origin)));
      });
      app.get(paths.calendar, (request, reply) => serve(request, reply, locale, CALENDAR_TYPE, upcomingCalendar));
      // `/events/12.ics`: the id and the extension in one path segment.
      app.get<{ Params: { id: string } }>(`${localePrefix(locale)}/events/:id.ics`, async (request, reply) => {
        if (!EVENT_ID.test(request.params.id)) return plain(reply, 404, shellMessages[locale]['feeds.notFound']);
        return serve(request, reply, locale, CALENDAR_TYPE, (context) => eventCalendar(context, Number(request.params.id)));
      });
    }
  },
  { name: 'shell-feeds', dependencies: ['shell-services'] },
);

/** Whether an If-None-Match header (one tag, a list, weak tags or `*`) names the copy's ETag. */
function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}

/** Only the category changes a feed: other query parameters (tracking, cache busters) share its copy. */
function keyQuery(request: FastifyRequest): string {
  const category = (request.query as { category?: unknown }).category;
  return typeof category === 'string' ? `?category=${category}` : '';
}
