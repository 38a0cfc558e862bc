import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { HandbooksResponseSchema, SEARCH_QUERY_REQUIRED_MESSAGE, type SearchResultsProps } from '@site/contracts/search';
import { InitResponseSchema, type Locale } from '@site/contracts';
import { isPageSlug, readPage } from '../content/pages';
import { readInitData, readSearchCategories } from '../content/site';
import { badRequest, notFound } from '../http/errors';
import { LocaleParamsSchema, localeOf } from '../http/params';
import { searchContent } from '../search/search-query';
import type { RouteContext } from './route-context';
import { synthesizePage } from './page-synthesis';

const MAX_QUERY_LENGTH = 200;
const SEARCH_PAGE_SIZE = 20;

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw badRequest('The path is not valid URL encoding');
  }
}

/** The part of the raw path after `/{locale}/pages/`, still URL-encoded (so an encoded `/` stays inside its segment). */
function rawPageTail(request: FastifyRequest, locale: Locale): string {
  const path = request.url.split('?')[0] ?? '';
  const prefix = `/${locale}/pages/`;
  return path.startsWith(prefix) ? path.slice(prefix.length) : '';
}

function searchPageNumber(request: FastifyRequest): number {
  const value = (request.query as Record<string, unknown>).page;
  if (value === undefined || value === '') return 1;
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,3}$/.test(value)) throw badRequest('querystring/page must be an integer from 1 to 9999');
  return Number(value);
}

export function registerSiteRoutes(app: FastifyInstance, { db }: RouteContext): void {
  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    await db.raw('select 1');
    return { status: 'ok' };
  });

  app.get('/:locale/init', { schema: { params: LocaleParamsSchema, response: { 200: InitResponseSchema } } }, async (request) => {
    const data = await readInitData(db, localeOf(request.params));
    if (!data) throw notFound();
    return { data };
  });

  app.get('/:locale/handbooks', { schema: { params: LocaleParamsSchema, response: { 200: HandbooksResponseSchema } } }, async (request) => ({
    data: { searchCategories: await readSearchCategories(db, localeOf(request.params)) },
  }));

  async function search(request: FastifyRequest, locale: Locale, segments: string[]) {
    if (segments.length > 2) throw notFound();
    const query = decodeSegment(segments[0] ?? '').trim();
    const category = segments[1] ? decodeSegment(segments[1]) : undefined;
    if (query.length > MAX_QUERY_LENGTH) throw badRequest(`The search query must not exceed ${MAX_QUERY_LENGTH} characters`);
    const categories = await readSearchCategories(db, locale);
    if (category !== undefined && !categories.some((entry) => entry.id === category)) throw notFound();
    const page = searchPageNumber(request);
    if (!query) request.log.warn(SEARCH_QUERY_REQUIRED_MESSAGE);
    const outcome = query
      ? await searchContent(db, { locale, query, category, page, pageSize: SEARCH_PAGE_SIZE })
      : { total: 0, results: [], categoryCounts: {} };
    const props: SearchResultsProps = {
      query,
      ...(category ? { category } : {}),
      total: outcome.total,
      results: outcome.results,
      categoryCounts: outcome.categoryCounts,
      page,
      pageSize: SEARCH_PAGE_SIZE,
    };
    return { components: [{ id: 'search-results', name: 'SearchResults', props }] };
  }

  // One route for pages and search: a slug may contain slashes, and `search/{query}/{category}` sits under it.
  app.get('/:locale/pages/*', { schema: { params: Type.Object({ locale: Type.String(), '*': Type.String() }) } }, async (request) => {
    const locale = localeOf(request.params);
    const tail = rawPageTail(request, locale);
    if (tail.startsWith('search/')) return search(request, locale, tail.slice('search/'.length).split('/'));
    const slug = decodeSegment(tail).replace(/\/+$/, '');
    if (!isPageSlug(slug) || slug.length > 255) throw notFound();
    const page = (await readPage(db, locale, slug)) ?? (await synthesizePage(db, locale, slug));
    if (!page) throw notFound();
    return { data: page };
  });
}
