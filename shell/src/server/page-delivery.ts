import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizePath } from '@site/contracts';
import type { PageCacheConfig, ShellConfig } from './config';
import type { ContentRevision } from './content-revision';
import { relevantQuery, resolveRoute } from '../routing/routes';
import { pdfRedirectTarget } from './pdf-redirect';
import { renderPage, type PageRequest, type RenderDependencies } from './render-page';
import { type RenderCache, type CachedPage, type ContentCoding, type RenderedPage } from './render-cache';
import { breakpointFromDevice, detectLocale } from './request-context';
import { visitorVariant, type VisitorVariant } from './canary-variant';
import { siteOrigin } from './site-origin';
import { PAGE_TOKEN_TIMING } from '../security/page-tokens';

export interface DeliveryDependencies extends RenderDependencies {
  config: ShellConfig;
  cache: RenderCache;
  revision: ContentRevision;
  /** Page views: each gets its own token for its browser reports, and counts as a view of its versions. */
  pageViews?: { issue(versions: string[]): string; served(versions: string[]): void };
}

/** How the answer was made, in the `x-page-cache` header (for operators, tests and benchmarks). */
type CacheOutcome = 'hit' | 'stale' | 'miss' | 'stale-if-error' | 'bypass';

/** Statuses whose pages are the same for everyone until the content changes; anything else is rendered each time. */
const CACHEABLE_STATUSES = new Set([200, 301, 302, 307, 308, 404]);

/** A degraded page (a section fell back) is replaced this soon, so a passing fault does not stick for a minute. */
const DEGRADED_FRESH_MS = 5_000;

/** Longer query strings are rendered but not cached: hostile input must not flush the cache. */
const MAX_CACHED_QUERY_LENGTH = 512;

/** The coding to answer with: brotli, then gzip, by the client's Accept-Encoding (q=0 refuses). */
function negotiateCoding(header: string | undefined): ContentCoding {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const wildcard = accepted.get('*') ?? 0;
  const quality = (coding: string) => accepted.get(coding) ?? wildcard;
  if (quality('br') > 0) return 'br';
  if (quality('gzip') > 0) return 'gzip';
  return 'identity';
}

function etagFor(page: CachedPage, coding: ContentCoding): string {
  return coding === 'identity' ? `"${page.etag}"` : `"${page.etag}-${coding === 'br' ? 'br' : 'gz'}"`;
}

/** True when If-None-Match names this page in any coding (weak comparison, as RFC 9110 says for If-None-Match). */
function notModified(request: FastifyRequest, page: CachedPage): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    return tag === page.etag || tag === `${page.etag}-br` || tag === `${page.etag}-gz`;
  });
}

function sharedCacheControl(policy: PageCacheConfig): string {
  const staleIfError = Math.round(policy.staleIfErrorMs / 1000);
  return `public, max-age=0, s-maxage=${policy.sharedMaxAgeSeconds}, stale-while-revalidate=${policy.sharedStaleWhileRevalidateSeconds}, stale-if-error=${staleIfError}`;
}

/**
 * Every page request: the root path's language detection and `/pdf-redirect` (the only answers that depend on the
 * visitor's request), then the render cache in front of the renderer, conditional requests and compression.
 */
export async function deliverPage(request: FastifyRequest, reply: FastifyReply, deps: DeliveryDependencies): Promise<FastifyReply> {
  const url = new URL(request.url, 'http://shell.local');
  const isRoot = url.pathname === '/';
  if (isRoot) {
    // The root path detects the language: cookie, then the browser's, then Russian.
    const detected = detectLocale(request.cookies, request.headers['accept-language']);
    if (detected !== 'ru') {
      return reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'Cookie, Accept-Language')
        .redirect(`${localizePath('/', detected)}${url.search}`, 302);
    }
  }
  const route = resolveRoute(url.pathname);
  if (route.kind === 'pdf-redirect') {
    const target = pdfRedirectTarget(url.searchParams.get('url'), deps.config.pdfRedirectHosts);
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  const pageRequest: PageRequest = {
    pathname: url.pathname,
    search: relevantQuery(route.definition, url.search),
    device: breakpointFromDevice(request.headers['user-agent'], request.headers['sec-ch-ua-mobile'] as string | undefined),
    origin: siteOrigin(request, deps.config),
    contentRevision: deps.revision.current,
  };
  // While a canary is live, the visitor's bucket picks the remotes' versions: the page is rendered and cached per
  // variant (its id is in the key), and the cookies that pin the visitor go on the answer, never in the page.
  const visitor = visitorVariant(deps.registry.current, request.cookies ?? {});
  if (visitor.variant) pageRequest.canaryVariant = visitor.variant;
  const policy = deps.config.pageCache;
  const key = `${pageRequest.origin}|${pageRequest.device}|${pageRequest.pathname}${pageRequest.search}${visitor.variant ? `|canary:${visitor.variant}` : ''}`;
  const cacheable = policy.enabled && route.definition.cache === 'shared' && pageRequest.search.length <= MAX_CACHED_QUERY_LENGTH;
  const vary = isRoot ? 'Accept-Encoding, Cookie, Accept-Language' : visitor.varies ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
  const send = (page: CachedPage, outcome: CacheOutcome, varyBy: string) => sendPage(request, reply, deps, page, outcome, varyBy, visitor);

  if (!cacheable) {
    const rendered = await renderPage(pageRequest, deps, request.log);
    return send(deps.cache.detached(key, rendered, revisionsOf(deps, pageRequest)), 'bypass', vary);
  }

  const revisions = revisionsOf(deps, pageRequest);
  const render = () => renderAndKeep(deps, key, pageRequest, request);
  const entry = deps.cache.get(key);
  if (entry) {
    const age = Date.now() - entry.renderedAt;
    const current = entry.contentRevision === revisions.content && entry.catalogRevision === revisions.catalog;
    if (current && age < (entry.degraded ? DEGRADED_FRESH_MS : policy.freshMs)) return send(entry, 'hit', vary);
    if (current && age < policy.staleIfErrorMs) {
      // Stale but of the same content: answer now, one render in the background brings it up to date.
      if (!deps.cache.isRendering(key)) render().catch((error: unknown) => request.log.warn({ err: error }, 'background page render failed'));
      return send(entry, 'stale', vary);
    }
    // The content or the remotes moved: the visitor waits for the new page, unless it cannot be made.
    const fresh = await render();
    if (fresh.status < 500) return send(fresh, 'miss', vary);
    if (age < policy.staleIfErrorMs) return send(entry, 'stale-if-error', vary);
    return send(fresh, 'miss', vary);
  }
  return send(await render(), 'miss', vary);
}

function revisionsOf(deps: DeliveryDependencies, page: PageRequest): { content: string | null; catalog: number } {
  return { content: page.contentRevision, catalog: deps.registry.current.revision };
}

/**
 * One render per key at a time; its result replaces the cached page when it is worth keeping. A degraded render
 * never replaces a complete page of the same revisions: the complete one is kept and retried soon.
 */
function renderAndKeep(deps: DeliveryDependencies, key: string, page: PageRequest, request: FastifyRequest): Promise<CachedPage> {
  const revisions = revisionsOf(deps, page);
  return deps.cache.renderOnce(key, async () => {
    const rendered: RenderedPage = await renderPage(page, deps, request.log);
    const previous = deps.cache.peek(key);
    const sameRevisions = previous && previous.contentRevision === revisions.content && previous.catalogRevision === revisions.catalog;
    if (!CACHEABLE_STATUSES.has(rendered.status)) return deps.cache.detached(key, rendered, revisions);
    if (rendered.degraded && previous && !previous.degraded && sameRevisions) {
      previous.renderedAt = Date.now() - deps.config.pageCache.freshMs + DEGRADED_FRESH_MS;
      return previous;
    }
    return deps.cache.set(key, rendered, revisions);
  });
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DeliveryDependencies,
  page: CachedPage,
  outcome: CacheOutcome,
  vary: string,
  visitor?: VisitorVariant,
): Promise<FastifyReply> {
  const policy = deps.config.pageCache;
  reply.code(page.status).header('x-page-cache', outcome);
  for (const [name, value] of Object.entries(page.headers)) reply.header(name, value);
  if (visitor && visitor.setCookies.length > 0) reply.header('set-cookie', visitor.setCookies);
  if (page.status >= 500) {
    // Nothing to serve: say when to come back, and keep every cache from holding on to the failure.
    reply.header('cache-control', 'no-store');
    if (page.status === 503) reply.header('retry-after', String(policy.retryAfterSeconds));
  } else if (visitor && !visitor.shareable) {
    // The request's variant cookie does not name what this page holds: no shared cache may file it under it.
    reply.header('cache-control', 'private, no-store');
  } else {
    reply.header('cache-control', sharedCacheControl(policy));
  }
  if (page.location) return reply.redirect(page.location, page.status);

  if (page.status === 200 && page.versions?.length && deps.pageViews) {
    // Per view, outside the cached body: the page's scripts read it from the navigation's Server-Timing entry.
    reply.header('server-timing', `${PAGE_TOKEN_TIMING};desc="${deps.pageViews.issue(page.versions)}"`);
    deps.pageViews.served(page.versions);
  }
  const coding = negotiateCoding(request.headers['accept-encoding']);
  reply.header('vary', vary);
  if (page.status < 500) reply.header('etag', etagFor(page, coding));
  if (page.status === 200 && notModified(request, page)) return reply.code(304).send();
  const encoded = await deps.cache.body(page, coding);
  if (encoded.coding !== 'identity') reply.header('content-encoding', encoded.coding);
  return reply.send(encoded.body);
}
