import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { isLocale, SitemapResponseSchema, type Locale, type Page, type SitemapEntry } from '@site/contracts';
import { parseJson } from '../db/database';
import { readContentRevisionState } from '../content/revision';
import type { RouteContext } from './route-context';

/** Pages that are not destinations of their own: the search page shows results of a query. */
const UNLISTED_SLUGS = new Set(['search']);

function isNoindex(page: Page): boolean {
  return (page.seo?.meta ?? []).some((entry) => entry.name === 'robots' && /noindex/i.test(entry.content ?? ''));
}

/** Every public address once, with the locales it exists in (a page may exist in one locale only). */
async function listSitemapEntries(db: Knex): Promise<SitemapEntry[]> {
  const entries = new Map<string, SitemapEntry>();
  const add = (path: string, kind: SitemapEntry['kind'], locale: string) => {
    if (!isLocale(locale)) return;
    const entry = entries.get(path) ?? { path, kind, locales: [] as Locale[] };
    if (!entry.locales.includes(locale)) entry.locales.push(locale);
    entries.set(path, entry);
  };
  const pages = (await db('pages').select('locale', 'slug', 'doc').orderBy(['slug', 'locale'])) as { locale: string; slug: string; doc: string }[];
  for (const row of pages) {
    if (UNLISTED_SLUGS.has(row.slug)) continue;
    const page = parseJson<Page | null>(row.doc, null);
    if (!page || isNoindex(page)) continue;
    add(row.slug === 'index' ? '/' : `/${row.slug}`, 'page', row.locale);
  }
  const news = (await db('news')
    .select('locale', 'id')
    .orderBy([{ column: 'date', order: 'desc' }, 'id', 'locale'])) as { locale: string; id: number }[];
  for (const row of news) add(`/news/${row.id}`, 'news', row.locale);
  const events = (await db('events')
    .select('locale', 'id')
    .orderBy([{ column: 'starts_at', order: 'desc' }, 'id', 'locale'])) as { locale: string; id: number }[];
  for (const row of events) add(`/events/${row.id}`, 'event', row.locale);
  return [...entries.values()];
}

/** `GET /sitemap`: what the shells' `/sitemap.xml` lists, with the time of the last content change for `lastmod`. */
export function registerSitemapRoutes(app: FastifyInstance, { db, config }: RouteContext): void {
  app.get('/sitemap', { schema: { response: { 200: SitemapResponseSchema } } }, async () => {
    const [state, entries] = await Promise.all([readContentRevisionState(db, config.timeZone), listSitemapEntries(db)]);
    return { data: { changedAt: state.changedAt, entries } };
  });
}
