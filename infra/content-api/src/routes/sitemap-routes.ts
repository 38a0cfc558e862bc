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

/** Whether a page declares another page its canonical version (a copy such as `/dev/students-life`). */
function isCopyOfAnotherPage(page: Page, path: string): boolean {
  const canonical = page.seo?.link?.find((entry) => entry.rel.toLowerCase() === 'canonical')?.href;
  return !!canonical && canonical.split(/[?#]/)[0] !== path;
}

/** The `updatedAt` a news or event record keeps in its document, when it has one. */
function updatedAtOf(doc: string): string | null {
  const value = parseJson<{ updatedAt?: unknown } | null>(doc, null)?.updatedAt;
  return typeof value === 'string' && Number.isFinite(Date.parse(value)) ? value : null;
}

/**
 * Every public address once, with the locales it exists in (a page may exist in one locale only) and when each
 * locale's version last changed: a page's row time, an article's or event's own `updatedAt`.
 */
async function listSitemapEntries(db: Knex): Promise<SitemapEntry[]> {
  const entries = new Map<string, SitemapEntry>();
  const add = (path: string, kind: SitemapEntry['kind'], locale: string, updatedAt: string | null) => {
    if (!isLocale(locale)) return;
    const entry = entries.get(path) ?? { path, kind, locales: [] as Locale[] };
    if (!entry.locales.includes(locale)) entry.locales.push(locale);
    if (updatedAt) entry.updatedAt = { ...entry.updatedAt, [locale]: updatedAt };
    entries.set(path, entry);
  };
  const pages = (await db('pages').select('locale', 'slug', 'doc', 'updated_at').orderBy(['slug', 'locale'])) as {
    locale: string;
    slug: string;
    doc: string;
    updated_at: string;
  }[];
  for (const row of pages) {
    if (UNLISTED_SLUGS.has(row.slug)) continue;
    const page = parseJson<Page | null>(row.doc, null);
    const path = row.slug === 'index' ? '/' : `/${row.slug}`;
    if (!page || isNoindex(page) || isCopyOfAnotherPage(page, path)) continue;
    add(path, 'page', row.locale, row.updated_at);
  }
  const news = (await db('news')
    .select('locale', 'id', 'doc')
    .orderBy([{ column: 'date', order: 'desc' }, 'id', 'locale'])) as { locale: string; id: number; doc: string }[];
  for (const row of news) add(`/news/${row.id}`, 'news', row.locale, updatedAtOf(row.doc));
  const events = (await db('events')
    .select('locale', 'id', 'doc')
    .orderBy([{ column: 'starts_at', order: 'desc' }, 'id', 'locale'])) as { locale: string; id: number; doc: string }[];
  for (const row of events) add(`/events/${row.id}`, 'event', row.locale, updatedAtOf(row.doc));
  return [...entries.values()];
}

/** `GET /sitemap`: what the shells' `/sitemap.xml` lists, each address with its own last change, and the site's last change. */
export function registerSitemapRoutes(app: FastifyInstance, { db, config }: RouteContext): void {
  app.get('/sitemap', { schema: { response: { 200: SitemapResponseSchema } } }, async () => {
    const [state, entries] = await Promise.all([readContentRevisionState(db, config.timeZone), listSitemapEntries(db)]);
    return { data: { changedAt: state.changedAt, entries } };
  });
}
