import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Negotiator } from '@fastify/accept-negotiator';
import { localizePath, type Locale } from '@site/contracts';
import type { PageCacheConfig } from './config';
import { canonicalQuery } from '../routing/routes';
import type { ResolvedRoute } from '../routing/routes';
import { pdfRedirectTarget } from './pdf-redirect';
import { renderPage, type PageRequest, type RenderDependencies } from './render-page';
import { isCacheableStatus, type CacheOutcome, type CachedPage, type ContentCoding, type QueryDeclaration, type RenderedPage } from './render-cache';
import type { MissBudget } from './miss-budget';
import { tooManyRequestsPage } from './shell-failure-page';
import { breakpointFromDevice, detectLocale } from './request-context';
import { visitorVariant, type VisitorVariant } from './canary-variant';
import { CLEAR_PREVIEW_COOKIE, lookUpPreview, PREVIEW_COOKIE, PREVIEW_EXIT_PATH } from './preview-access';
import type { PreviewRecord } from '../federation/catalog';
import { siteOrigin } from './site-origin';
import { PAGE_TOKEN_TIMING } from '../security/page-tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-client budget of answers the cache did not hold (the pages plugin's). */
    missBudget: MissBudget;
    /** The route of a path, remembered for the paths asked for most (the pages plugin's). */
    routeOf: (pathname: string) => ResolvedRoute;
  }
}

/** What the renderer reads, from the server's decorations (render-page keeps its own narrow interface). */
function renderDependencies(app: FastifyInstance): RenderDependencies {
  return {
    config: app.shellConfig,
    api: app.contentApi,
    initCache: app.initCache,
    registry: app.registry,
    federation: app.federation,
    sanitize: app.sanitize,
    shellAssets: app.shellAssets,
  };
}

/** Longer query strings are rendered but not cached: hostile input must not flush the cache. */
const MAX_CACHED_QUERY_LENGTH = 512;

/** The codings pages are kept in, in the server's order of preference (q-values of Accept-Encoding come first). */
const codings = new Negotiator<ContentCoding>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The coding to answer with: the client's best-rated one, brotli first among equals; as it is when none fits. */
function negotiateCoding(header: string | undefined): ContentCoding {
  return (header && codings.negotiate(header)) || 'identity';
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
export async function deliverPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
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
  const route = app.routeOf(url.pathname);
  if (route.id === 'pdf-redirect') {
    const target = pdfRedirectTarget(url.searchParams.get('url'), app.shellConfig.pdfRedirectHosts);
    if (target) return reply.header('cache-control', 'no-store').redirect(target, 302);
  }

  // A visitor who opened a preview link gets that preview's version, rendered for them alone; a preview cookie that
  // opens nothing (revoked, expired, made up) is cleared and the visitor gets the live page.
  const previewSecret = request.cookies?.[PREVIEW_COOKIE];
  const preview = previewSecret ? await lookUpPreview(app.registry, previewSecret) : null;
  if (preview) return deliverPreview(app, request, reply, url, route, preview);

  // While a canary is live, the visitor's bucket picks the remotes' versions: the page is rendered and cached per
  // variant (its id is in the key), and the cookies that pin the visitor go on the answer, never in the page.
  const visitor = visitorVariant(app.registry.current, request.cookies ?? {});
  if (previewSecret !== undefined) {
    visitor.setCookies.push(CLEAR_PREVIEW_COOKIE);
    visitor.shareable = false;
  }
  const pageRequest: PageRequest = {
    pathname: url.pathname,
    search: wholeQuery(url.search),
    device: breakpointFromDevice(request.headers['user-agent'], request.headers['sec-ch-ua-mobile'] as string | undefined),
    origin: siteOrigin(request, app.shellConfig),
    contentRevision: app.contentRevision.current,
  };
  if (visitor.variant) pageRequest.canaryVariant = visitor.variant;
  const policy = app.shellConfig.pageCache;
  const revisions = revisionsOf(app, pageRequest);
  // A development shell serving development builds of remotes caches its pages per build (a save renders anew).
  const development = app.registry.current.developmentKey;
  const base = `${pageRequest.origin}|${pageRequest.device}|${visitor.variant ? `canary:${visitor.variant}|` : ''}${development ? `dev:${development}|` : ''}`;
  const address = `${visitor.variant ?? ''}|${development ? `dev:${development}|` : ''}${pageRequest.pathname}`;
  const query = route.handle.query;
  const declaration: Pick<QueryDeclaration, 'params' | 'notFound'> | undefined = query.fromPage
    ? app.renderCache.declarationOf(address, revisions)
    : { params: query.params };
  if (declaration?.params) pageRequest.search = canonicalQuery(url.search, declaration.params);
  const vary = isRoot ? 'Accept-Encoding, Cookie, Accept-Language' : visitor.varies ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
  const send = (page: CachedPage, outcome: CacheOutcome, varyBy: string) => sendPage(request, reply, app, page, outcome, varyBy, visitor);
  const refuse = () => refuseOverBudget(reply, app, route.locale);
  // With the page cache off every page is rendered by configuration (a benchmark of the renderer): nothing to budget.
  const spend = () => !policy.enabled || app.missBudget.take(request.ip);
  const cacheable = policy.enabled && route.handle.cache === 'shared' && pageRequest.search.length <= MAX_CACHED_QUERY_LENGTH;

  if (!cacheable) {
    if (!spend()) return refuse();
    const rendered = await renderPage(pageRequest, renderDependencies(app), request.log);
    return send(app.renderCache.detached(`${base}${pageRequest.pathname}${pageRequest.search}`, rendered, revisions), 'bypass', vary);
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
  const render = () =>
    renderForCache(app, { base, address, key }, pageRequest, request).catch((error: unknown) => {
      request.log.warn({ err: error }, 'page render failed');
      throw error;
    });
  const held = app.renderCache.peek(key);
  if (held) {
    // A page of the same content is answered at once while young enough to stand in for a failed render; else the
    // content or the remotes moved (or it is too old): the visitor waits for the new page, unless the client is over
    // its budget (then the page it has is better than none). A degraded page due for replacement is never answered
    // while a render replaces it behind the visitor's back: the next visitor would get other bytes (the fallen-back
    // section's markup, styles and script preloads) for the same address. That visitor waits for the new render,
    // and the degraded page stands in only when the render fails.
    const current = held.contentRevision === revisions.content && held.catalogRevision === revisions.catalog;
    const young = Date.now() - held.renderedAt < policy.staleIfErrorMs;
    if (!(current && young && !held.degraded) && !spend()) return send(held, 'stale', vary);
    const { page, outcome } = await app.renderCache.fetch(key, render, { allowStale: current && young && !held.degraded, staleIfError: young });
    return send(page, outcome, vary);
  }
  if (!spend()) return refuse();
  const { page: fresh, outcome } = await app.renderCache.fetch(key, render, { allowStale: false, staleIfError: false });
  // The first render of this address told what its query may hold: other parameters go to the canonical address.
  const learned = fresh.status < 500 && !declaration ? app.renderCache.declarationOf(address, revisions) : undefined;
  if (learned?.params && !learned.notFound && hasUndeclared(url.search, learned.params)) return redirectToCanonical(reply, canonicalTarget(learned.params));
  return send(fresh, outcome, vary);
}

/**
 * A page of a preview: rendered for this visitor with the preview's version of its remote, never read from or written
 * to the render cache, and private to the browser (`private, no-store`, so no shared cache keeps it either).
 */
async function deliverPreview(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  url: URL,
  route: ResolvedRoute,
  preview: PreviewRecord,
): Promise<FastifyReply> {
  if (app.shellConfig.pageCache.enabled && !app.missBudget.take(request.ip)) return refuseOverBudget(reply, app, route.locale);
  const search = wholeQuery(url.search);
  const pageRequest: PageRequest = {
    pathname: url.pathname,
    search,
    device: breakpointFromDevice(request.headers['user-agent'], request.headers['sec-ch-ua-mobile'] as string | undefined),
    origin: siteOrigin(request, app.shellConfig),
    contentRevision: app.contentRevision.current,
    preview: {
      catalog: app.registry.current.forPreview(preview),
      remote: preview.record.name,
      version: preview.record.version,
      exitHref: `${PREVIEW_EXIT_PATH}?to=${encodeURIComponent(`${url.pathname}${search}`)}`,
    },
  };
  const rendered = await renderPage(pageRequest, renderDependencies(app), request.log);
  const page = app.renderCache.detached(
    `preview:${preview.id}|${pageRequest.origin}|${pageRequest.device}|${url.pathname}${search}`,
    rendered,
    revisionsOf(app, pageRequest),
  );
  return sendPage(request, reply, app, page, 'bypass', 'Accept-Encoding, Cookie', { variant: '', setCookies: [], shareable: false, varies: true });
}

function notFoundKey(base: string, locale: Locale): string {
  return `${base}not-found|${locale}`;
}

function redirectToCanonical(reply: FastifyReply, target: string): FastifyReply {
  // Not kept by caches in front: each such address is a new one, and the redirect is cheap to make again.
  return reply.header('x-page-cache', 'canonical').header('cache-control', 'no-store').redirect(target, 301);
}

async function refuseOverBudget(reply: FastifyReply, app: FastifyInstance, locale: Locale): Promise<FastifyReply> {
  await app.missBudget.holdRefusal(REFUSAL_DELAY_MS, MAX_HELD_REFUSALS);
  return reply
    .code(429)
    .header('x-page-cache', 'over-budget')
    .header('cache-control', 'no-store')
    .header('retry-after', String(app.missBudget.retryAfterSeconds))
    .header('content-type', 'text/html; charset=utf-8')
    .send(tooManyRequestsPage(locale));
}

function revisionsOf(app: FastifyInstance, page: PageRequest): { content: string | null; catalog: number } {
  return { content: page.contentRevision, catalog: app.registry.current.revision };
}

/**
 * The render behind a cache miss or a stale page (the cache runs one per key at a time). A page is kept under the key
 * its render names: the declared query parameters, or the locale's one "not found" page; what the render found about
 * the address is remembered for the next request.
 */
async function renderForCache(
  app: FastifyInstance,
  keys: { base: string; address: string; key: string },
  page: PageRequest,
  request: FastifyRequest,
): Promise<CachedPage> {
  const revisions = revisionsOf(app, page);
  const sharedNotFound = (locale: Locale) => {
    const entry = app.renderCache.peek(notFoundKey(keys.base, locale));
    return entry && entry.contentRevision === revisions.content && entry.catalogRevision === revisions.catalog ? entry : undefined;
  };
  let rendered: RenderedPage = await renderPage(page, renderDependencies(app), request.log, { hasNotFoundPage: (locale) => !!sharedNotFound(locale) });
  if (rendered.notFound && rendered.html.length === 0) {
    const shared = sharedNotFound(rendered.notFound);
    if (shared) {
      if (!rendered.queryDependent)
        app.renderCache.declare(keys.address, {
          params: [],
          notFound: rendered.notFound,
          contentRevision: revisions.content,
          catalogRevision: revisions.catalog,
        });
      return shared;
    }
    // Evicted meanwhile: this time the page is rendered.
    rendered = await renderPage(page, renderDependencies(app), request.log);
  }
  const key = rendered.notFound
    ? notFoundKey(keys.base, rendered.notFound)
    : rendered.queryParams === null || rendered.queryParams === undefined
      ? keys.key
      : `${keys.base}${page.pathname}${canonicalQuery(page.search, rendered.queryParams)}`;
  const entry = app.renderCache.detached(key, rendered, revisions);
  if (rendered.status >= 500 || !isCacheableStatus(rendered.status)) return entry;
  if (!rendered.queryDependent)
    app.renderCache.declare(keys.address, {
      params: rendered.queryParams ?? null,
      ...(rendered.notFound ? { notFound: rendered.notFound } : {}),
      contentRevision: revisions.content,
      catalogRevision: revisions.catalog,
    });
  // Kept under the key the render named; the cache keeps it under the key asked for itself.
  return key === keys.key ? entry : app.renderCache.keep(entry);
}

async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  app: FastifyInstance,
  page: CachedPage,
  outcome: CacheOutcome,
  vary: string,
  visitor?: VisitorVariant,
): Promise<FastifyReply> {
  const policy = app.shellConfig.pageCache;
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

  if (page.status === 200 && page.versions?.length) {
    // Per view, outside the cached body: the page's scripts read it from the navigation's Server-Timing entry; it
    // counts as a view of its versions.
    reply.header('server-timing', `${PAGE_TOKEN_TIMING};desc="${app.pageTokens.issue(page.versions)}"`);
    app.remoteStats.recordPageView(page.versions);
  }
  const coding = negotiateCoding(request.headers['accept-encoding']);
  // Pages are rendered for the device the request names (breakpointFromDevice): caches must key on what it reads.
  reply.header('vary', `${vary}, ${DEVICE_VARY}`);
  if (page.status < 500) reply.header('etag', etagFor(page, coding));
  if (page.status === 200 && notModified(request, page)) return reply.code(304).send();
  const encoded = await app.renderCache.body(page, coding);
  if (encoded.coding !== 'identity') reply.header('content-encoding', encoded.coding);
  return reply.send(encoded.body);
}
