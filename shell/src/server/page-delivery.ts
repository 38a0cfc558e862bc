import type { FastifyReply, FastifyRequest } from 'fastify';
import { localizePath, type Locale } from '@site/contracts';
import type { PageCacheConfig, ShellConfig } from './config';
import type { ContentRevision } from './content-revision';
import { canonicalQuery } from '../routing/routes';
import { resolveSiteRoute } from '../routing/site-routes';
import { pdfRedirectTarget } from './pdf-redirect';
import { renderPage, type PageRequest, type RenderDependencies } from './render-page';
import { type RenderCache, type CachedPage, type ContentCoding, type QueryDeclaration, type RenderedPage } from './render-cache';
import type { MissBudget } from './miss-budget';
import { tooManyRequestsPage } from './shell-failure-page';
import { breakpointFromDevice, detectLocale } from './request-context';
import { visitorVariant, type VisitorVariant } from './canary-variant';
import { siteOrigin } from './site-origin';
import { PAGE_TOKEN_TIMING } from '../security/page-tokens';

export interface DeliveryDependencies extends RenderDependencies {
  config: ShellConfig;
  cache: RenderCache;
  revision: ContentRevision;
  /** Per-client budget of answers the cache did not hold. */
  missBudget: MissBudget;
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

/** The request headers the device variant of a page is chosen by. */
const DEVICE_VARY = 'User-Agent, Sec-CH-UA-Mobile';

function sharedCacheControl(policy: PageCacheConfig): string {
  const staleIfError = Math.round(policy.staleIfErrorMs / 1000);
  return `public, max-age=0, s-maxage=${policy.sharedMaxAgeSeconds}, stale-while-revalidate=${policy.sharedStaleWhileRevalidateSeconds}, stale-if-error=${staleIfError}`;
}

/** The path without trailing slashes; repeated slashes collapse first, so the answer never names another host (`//x`). */
function withoutTrailingSlash(pathname: string): string {
  if (pathname.length <= 1 || !pathname.endsWith('/')) return pathname;
  return pathname.replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
}

/** Query parameters that only feed analytics: they never change the HTML, and a redirect keeps them for the browser. */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|gclid|yclid|fbclid|_openstat)$/i;

/** The query without tracking parameters, sorted: what a page that depends on its whole query is keyed on. */
function wholeQuery(search: string): string {
  return canonicalQuery(
    search,
    [...new URLSearchParams(search).keys()].filter((name) => !TRACKING_PARAMETER.test(name)),
  );
}

/** The tracking parameters as they came, `&`-joined (empty when none). */
function trackingQuery(search: string): string {
  return new URLSearchParams([...new URLSearchParams(search)].filter(([name]) => TRACKING_PARAMETER.test(name))).toString();
}

/** Whether the query holds a parameter outside `params` that is not a tracking one. */
function hasUndeclared(search: string, params: readonly string[]): boolean {
  return [...new URLSearchParams(search).keys()].some((name) => !params.includes(name) && !TRACKING_PARAMETER.test(name));
}

/** How long an answer to a client over its miss budget waits, and how many may wait at once (MissBudget.holdRefusal). */
const REFUSAL_DELAY_MS = 1000;
const MAX_HELD_REFUSALS = 512;

/**
 * Every page request: the root path's language detection and `/pdf-redirect` (the only answers that depend on the
 * visitor's request), then the render cache in front of the renderer, conditional requests and compression.
 *
 * The cache key holds only what changes the HTML: origin, device, canary variant, path and the query parameters the
 * route, the page and its sections declare (learned at the page's first render of the current revisions). An
 * address with other parameters is redirected (301) to the canonical one, tracking parameters kept: the browser's
 * address then matches the rendered page (a page rendered without a parameter would otherwise disagree with its own
 * address when it hydrates and builds links), shared caches in front see one address per page, and a visitor who
 * followed such a link loses nothing. Every unknown address of a locale shares one "not found" page. Renders and
 * redirects spend the client's miss budget; cached pages never do.
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
  // One address per page: `/test/` or `/en/news/` redirects to the path without the trailing slash, so no page (the
  // QA pages least of all) has a second address that crawlers' rules and the canonical link do not name.
  const canonicalPath = withoutTrailingSlash(url.pathname);
  if (canonicalPath !== url.pathname) return reply.header('cache-control', 'public, max-age=3600').redirect(`${canonicalPath}${url.search}`, 301);
  const route = resolveSiteRoute(url.pathname);
  if (route.id === 'pdf-redirect') {
    const target = pdfRedirectTarget(url.searchParams.get('url'), deps.config.pdfRedirectHosts);
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  // While a canary is live, the visitor's bucket picks the remotes' versions: the page is rendered and cached per
  // variant (its id is in the key), and the cookies that pin the visitor go on the answer, never in the page.
  const visitor = visitorVariant(deps.registry.current, request.cookies ?? {});
  const pageRequest: PageRequest = {
    pathname: url.pathname,
    search: wholeQuery(url.search),
    device: breakpointFromDevice(request.headers['user-agent'], request.headers['sec-ch-ua-mobile'] as string | undefined),
    origin: siteOrigin(request, deps.config),
    contentRevision: deps.revision.current,
  };
  if (visitor.variant) pageRequest.canaryVariant = visitor.variant;
  const policy = deps.config.pageCache;
  const revisions = revisionsOf(deps, pageRequest);
  const base = `${pageRequest.origin}|${pageRequest.device}|${visitor.variant ? `canary:${visitor.variant}|` : ''}`;
  const address = `${visitor.variant ?? ''}|${pageRequest.pathname}`;
  const query = route.handle.query;
  const declaration: Pick<QueryDeclaration, 'params' | 'notFound'> | undefined = query.fromPage
    ? deps.cache.declarationOf(address, revisions)
    : { params: query.params };
  if (declaration?.params) pageRequest.search = canonicalQuery(url.search, declaration.params);
  const vary = isRoot ? 'Accept-Encoding, Cookie, Accept-Language' : visitor.varies ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
  const send = (page: CachedPage, outcome: CacheOutcome, varyBy: string) => sendPage(request, reply, deps, page, outcome, varyBy, visitor);
  const refuse = () => refuseOverBudget(reply, deps, route.locale);
  // With the page cache off every page is rendered by configuration (a benchmark of the renderer): nothing to budget.
  const spend = () => !policy.enabled || deps.missBudget.take(request.ip);
  const cacheable = policy.enabled && route.handle.cache === 'shared' && pageRequest.search.length <= MAX_CACHED_QUERY_LENGTH;

  if (!cacheable) {
    if (!spend()) return refuse();
    const rendered = await renderPage(pageRequest, deps, request.log);
    return send(deps.cache.detached(`${base}${pageRequest.pathname}${pageRequest.search}`, rendered, revisions), 'bypass', vary);
  }
  const canonicalTarget = (params: readonly string[]) => {
    const tracking = trackingQuery(url.search);
    const search = canonicalQuery(url.search, params);
    return `${url.pathname}${search}${tracking ? `${search ? '&' : '?'}${tracking}` : ''}`;
  };
  if (declaration?.params && !declaration.notFound && hasUndeclared(url.search, declaration.params)) {
    if (!spend()) return refuse();
    return redirectToCanonical(reply, canonicalTarget(declaration.params));
  }

  const key = declaration?.notFound ? notFoundKey(base, declaration.notFound) : `${base}${pageRequest.pathname}${pageRequest.search}`;
  const render = () => renderAndKeep(deps, { base, address, key }, pageRequest, request);
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
    // The content or the remotes moved: the visitor waits for the new page, unless it cannot be made or the
    // client is over its budget (then the page it has is better than none).
    if (!spend()) return send(entry, 'stale', vary);
    const fresh = await render();
    if (fresh.status < 500) return send(fresh, 'miss', vary);
    if (age < policy.staleIfErrorMs) return send(entry, 'stale-if-error', vary);
    return send(fresh, 'miss', vary);
  }
  if (!spend()) return refuse();
  const fresh = await render();
  // The first render of this address told what its query may hold: other parameters go to the canonical address.
  const learned = fresh.status < 500 && !declaration ? deps.cache.declarationOf(address, revisions) : undefined;
  if (learned?.params && !learned.notFound && hasUndeclared(url.search, learned.params)) return redirectToCanonical(reply, canonicalTarget(learned.params));
  return send(fresh, 'miss', vary);
}

function notFoundKey(base: string, locale: Locale): string {
  return `${base}not-found|${locale}`;
}

function redirectToCanonical(reply: FastifyReply, target: string): FastifyReply {
  // Not kept by caches in front: each such address is a new one, and the redirect is cheap to make again.
  return reply.header('x-page-cache', 'canonical').header('cache-control', 'no-store').redirect(target, 301);
}

async function refuseOverBudget(reply: FastifyReply, deps: DeliveryDependencies, locale: Locale): Promise<FastifyReply> {
  await deps.missBudget.holdRefusal(REFUSAL_DELAY_MS, MAX_HELD_REFUSALS);
  return reply
    .code(429)
    .header('x-page-cache', 'over-budget')
    .header('cache-control', 'no-store')
    .header('retry-after', String(deps.missBudget.retryAfterSeconds))
    .header('content-type', 'text/html; charset=utf-8')
    .send(tooManyRequestsPage(locale));
}

function revisionsOf(deps: DeliveryDependencies, page: PageRequest): { content: string | null; catalog: number } {
  return { content: page.contentRevision, catalog: deps.registry.current.revision };
}

/**
 * One render per key at a time; its result replaces the cached page when it is worth keeping. A degraded render
 * never replaces a complete page of the same revisions: the complete one is kept and retried soon. The key it is
 * kept under comes from the render: the declared query parameters, or the locale's one "not found" page; what the
 * render found about the address is remembered for the next request.
 */
function renderAndKeep(
  deps: DeliveryDependencies,
  keys: { base: string; address: string; key: string },
  page: PageRequest,
  request: FastifyRequest,
): Promise<CachedPage> {
  const revisions = revisionsOf(deps, page);
  const sharedNotFound = (locale: Locale) => {
    const entry = deps.cache.peek(notFoundKey(keys.base, locale));
    return entry && entry.contentRevision === revisions.content && entry.catalogRevision === revisions.catalog ? entry : undefined;
  };
  return deps.cache.renderOnce(keys.key, async () => {
    let rendered: RenderedPage = await renderPage(page, deps, request.log, { hasNotFoundPage: (locale) => !!sharedNotFound(locale) });
    if (rendered.notFound && rendered.html.length === 0) {
      const shared = sharedNotFound(rendered.notFound);
      if (shared) {
        if (!rendered.queryDependent)
          deps.cache.declare(keys.address, { params: [], notFound: rendered.notFound, contentRevision: revisions.content, catalogRevision: revisions.catalog });
        return shared;
      }
      // Evicted meanwhile: this time the page is rendered.
      rendered = await renderPage(page, deps, request.log);
    }
    const key = rendered.notFound
      ? notFoundKey(keys.base, rendered.notFound)
      : rendered.queryParams === null || rendered.queryParams === undefined
        ? keys.key
        : `${keys.base}${page.pathname}${canonicalQuery(page.search, rendered.queryParams)}`;
    if (!CACHEABLE_STATUSES.has(rendered.status)) return deps.cache.detached(key, rendered, revisions);
    if (!rendered.queryDependent)
      deps.cache.declare(keys.address, {
        params: rendered.queryParams ?? null,
        ...(rendered.notFound ? { notFound: rendered.notFound } : {}),
        contentRevision: revisions.content,
        catalogRevision: revisions.catalog,
      });
    const previous = deps.cache.peek(key);
    const sameRevisions = previous && previous.contentRevision === revisions.content && previous.catalogRevision === revisions.catalog;
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
  // Pages are rendered for the device the request names (breakpointFromDevice): caches must key on what it reads.
  reply.header('vary', `${vary}, ${DEVICE_VARY}`);
  if (page.status < 500) reply.header('etag', etagFor(page, coding));
  if (page.status === 200 && notModified(request, page)) return reply.code(304).send();
  const encoded = await deps.cache.body(page, coding);
  if (encoded.coding !== 'identity') reply.header('content-encoding', encoded.coding);
  return reply.send(encoded.body);
}
