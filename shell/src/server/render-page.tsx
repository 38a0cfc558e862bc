import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import type { FastifyBaseLogger } from 'fastify';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { localizePath, type ApiClient, type BreakpointType, type Locale, type SectionModule } from '@site/contracts';
import { App } from '../app/App';
import type { SectionRuntime } from '../stores/contexts';
import type { RemoteCatalog } from '../federation/catalog';
import type { RegistryClient } from '../federation/registry-client';
import type { ServerFederation } from '../federation/server-federation';
import type { Sanitizer } from '../security/sanitize';
import { CONTENT_API_UNAVAILABLE } from '../api/content-errors';
import { canonicalQuery, type PageData, type RouteHandle, type RouteServices } from '../routing/routes';
import { siteRoutes } from '../routing/site-routes';
import { shellFailurePage } from './shell-failure-page';
import { RequestCookiePersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import type { ShellConfig } from './config';
import { documentTail } from './document';
import { redirectLocation } from '../security/redirect-location';
import type { InitCache } from './init-cache';
import type { RenderedPage } from './render-cache';
import { SECTION_OF_ERROR } from '../sections/SectionFrame';
import { firstScreenSections, pageAssets, remotesForBrowser, type ShellAssets } from './page-assets';
import { pageHead } from './page-head';
import { pagePolicy } from './page-csp';
import { previewBanner } from './preview-banner';
import { RenderTelemetry, renderedVersions, type FailedSection } from './render-telemetry';

export type { ShellAssets } from './page-assets';

export interface RenderDependencies {
  config: ShellConfig;
  api: ApiClient;
  initCache: InitCache;
  registry: RegistryClient;
  federation: ServerFederation;
  sanitize: Sanitizer;
  shellAssets: ShellAssets;
}

const RENDER_ABORT_MS = 10_000;

/** Captcha checks run in the browser only; a section that calls one during server rendering has a bug. */
const serverCaptcha = { enabled: false, execute: () => Promise.reject(new Error('captcha runs in the browser only')) };

/** What a page's HTML depends on, and nothing else: two requests with the same values get the same bytes. */
export interface PageRequest {
  /** The path as requested (locale prefix included). */
  pathname: string;
  /** The normalised query string (`?a=1&b=2` or empty). */
  search: string;
  /** The breakpoint type the server renders for before the browser measures. */
  device: BreakpointType;
  /** The origin of absolute links, from configuration or the allow-list (see site-origin.ts). */
  origin: string;
  /** The content revision the render starts at (init data follows it). */
  contentRevision: string | null;
  /** Which remotes render their canary version (see canary-variant.ts); absent: every remote's stable version. */
  canaryVariant?: string;
  /**
   * A preview this visitor opened (see preview-access.ts): the page renders with its catalog (the preview's version
   * of one remote) and shows the banner naming it, with the way out. Such a page is never cached.
   */
  preview?: { catalog: RemoteCatalog; remote: string; version: string; exitHref: string };
}

const DEGRADED_STATUSES = new Set(['failed', 'unavailable', 'deferred']);

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8' };

function redirectTo(status: number, location: string): RenderedPage {
  // The target carries the request's query as it came: the answer depends on all of it.
  return { status, location, html: Buffer.alloc(0), headers: {}, degraded: false, queryParams: null };
}

/**
 * The path every "not found" page is rendered at, whatever was asked for: the page holds nothing of the request
 * (no echo of an attacker's path), so one rendered copy per locale serves every unknown address.
 */
const NOT_FOUND_PATH = '/404';

export interface RenderOptions {
  /** True when a shared "not found" page of this locale is at hand: then a 404 is not rendered again. */
  hasNotFoundPage?: (locale: Locale) => boolean;
}

/** What the route loaders need on the server: this request's revision and canary variant, and nothing else of it. */
function serverServices(
  page: PageRequest,
  deps: RenderDependencies,
  catalog: RemoteCatalog,
  modules: Map<string, SectionModule>,
  log: FastifyBaseLogger,
): RouteServices {
  return {
    api: deps.api,
    isServer: true,
    initFor: (locale) => deps.initCache.get(locale, page.contentRevision),
    resolveRedirect: (to, locale) => {
      const target = redirectLocation(to, locale, deps.config.redirectHosts);
      if (!target) log.warn({ path: page.pathname, to }, 'stored redirect refused: its target leaves the site');
      return target ? { location: `${target}${page.search}`, external: /^https?:/i.test(target) } : null;
    },
    source: { resolve: (name) => deps.federation.resolveSection(catalog, name) },
    knownSections: () => catalog.sectionNames,
    resolveOptions: {
      loaderBudgetMs: deps.config.sectionLoadBudgetMs,
      log: (event) => {
        if (event.outcome !== 'ok') log.warn(event, 'section degraded');
      },
    },
    keepModules: (loaded) => loaded.forEach((module, id) => modules.set(id, module)),
    shownPage: () => null,
  };
}

/** The router's answer for a page as rendered: at its canonical query, or at the shared "not found" address. */
function renderedAt(context: StaticHandlerContext, pathname: string, search: string): StaticHandlerContext {
  const url = new URL(`${pathname}${search}`, 'http://shell.local');
  return { ...context, location: { ...context.location, pathname: url.pathname, search: url.search, hash: '' } };
}

/**
 * Server-renders one page to a complete document: the router's query (locale, backend redirects, the page and its
 * sections, each degrading on its own), the render, and the document around it. Nothing here reads the visitor's
 * request, so the result can be cached and shared; a content API that does not answer makes the page 503 (the
 * caller may still have a stale copy to serve).
 */
export async function renderPage(page: PageRequest, deps: RenderDependencies, log: FastifyBaseLogger, options: RenderOptions = {}): Promise<RenderedPage> {
  const catalog = page.preview?.catalog ?? deps.registry.current.forVariant(page.canaryVariant ?? '');
  const modules = new Map<string, SectionModule>();
  const handler = createStaticHandler(siteRoutes(serverServices(page, deps, catalog, modules, log)));
  const context = await handler.query(new Request(new URL(`${page.pathname}${page.search}`, 'http://shell.local')));
  if (context instanceof Response) return redirectTo(context.status, context.headers.get('location') ?? '/');
  const leaf = context.matches.at(-1);
  const data = leaf ? (context.loaderData[leaf.route.id] as PageData | undefined) : undefined;
  if (!leaf || !data) {
    log.error({ err: context.errors }, 'page route failed to load');
    return { status: 500, html: Buffer.from(shellFailurePage('ru')), headers: { ...HTML_HEADERS }, degraded: true, queryParams: [] };
  }
  const handle = leaf.route.handle as RouteHandle;
  const { locale, error } = data;
  // The error route shows its own "not found" at its own address; every other 404 is the locale's shared one.
  const notFound = error?.statusCode === 404 && leaf.route.id !== 'error' ? locale : undefined;
  // A page whose query failed its validation is "not found" for this query only: the address itself exists.
  const queryDependent = error?.dependsOnQuery === true ? { queryDependent: true } : {};
  if (notFound && options.hasNotFoundPage?.(notFound))
    return { status: 404, html: Buffer.alloc(0), headers: {}, degraded: false, notFound, queryParams: [], ...queryDependent };
  // Only the declared parameters reach the render: the page is the same for every address that differs in others.
  const queryParams = data.page && !error ? (data.page.queryParams ?? []) : [];
  const search = canonicalQuery(page.search, queryParams);

  // Preferences (colour scheme, font size) are applied by the preference script, never by the server: the HTML
  // must be the same for every visitor.
  const persistence = new RequestCookiePersistence({});
  const store = new RootStore(
    { api: deps.api, persistence, isServer: true },
    {
      locale,
      init: data.init,
      page: { current: null, error: null, fetchedAt: null },
      ui: UiStore.snapshotFrom(persistence, page.device),
      remotes: { revision: catalog.revision, list: remotesForBrowser(catalog) },
      status: 200,
    },
  );
  if (error || !data.page) {
    // A content API that did not answer (or is behind an open circuit) did not fail the page: say so with a status
    // that invites a retry (and lets a cached copy stand in). An answered error keeps its status.
    const failure = error ?? { statusCode: 500, message: 'no page' };
    const unreachable = [502, 503, 504].includes(failure.statusCode);
    const shown = unreachable ? { statusCode: 503, message: CONTENT_API_UNAVAILABLE, cause: failure.message } : failure;
    if (shown.statusCode >= 500) log.error({ cause: shown.cause }, 'page failed: content API unavailable');
    store.status = shown.statusCode;
    store.page.fail(notFound ? { statusCode: 404, message: shown.message } : shown);
  } else {
    store.page.show({ ...data.page, search });
  }

  const sections = store.page.current?.sections ?? [];
  const assets = await pageAssets(catalog, store.page.error ? [] : sections, deps.shellAssets, deps.federation, deps.config.remoteLoadTimeoutMs);
  const telemetry = new RenderTelemetry();
  const routed = renderedAt(context, notFound ? localizePath(NOT_FOUND_PATH, notFound) : page.pathname, search);
  // The state the browser continues from: the store as the render starts.
  const snapshot = store.snapshot();
  // The sections whose render sanitised backend HTML: the browser loads the sanitizer before hydrating any of them.
  const sanitizing = new Set<string>();
  const runtime: SectionRuntime = {
    isServer: true,
    moduleFor: (view) => modules.get(view.descriptor.id),
    noteSanitizerUse: (view) => sanitizing.add(view.descriptor.id),
  };
  const html = await renderToBuffer(
    <App
      store={store}
      runtime={runtime}
      context={{
        api: deps.api,
        publicApiBase: deps.config.publicApiBase,
        sanitize: deps.sanitize,
        ownLegacyHosts: deps.config.ownLegacyHosts,
        captcha: serverCaptcha,
        siteOrigin: page.origin,
      }}
    >
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, routed)} context={routed} hydrate={false} />
    </App>,
    log,
    telemetry.sectionFailed,
  );
  telemetry.record(deps.federation.stats, sections);
  // Sections that hydrate and whose render sanitised backend HTML; in the first screen, the page's hydration waits
  // for the sanitizer's code with theirs.
  const sanitizedHydrating = sections.filter((section) => !section.staticHtml && sanitizing.has(section.descriptor.id));
  const sanitizerNeeded = firstScreenSections(sections).some((section) => sanitizedHydrating.includes(section));
  const head = pageHead({
    store,
    locale,
    path: notFound ? NOT_FOUND_PATH : data.path,
    routePath: data.path,
    origin: page.origin,
    handle,
    // The sanitizer's code is preloaded only for such a section in the first screen (the browser decides from
    // the payload, for the sections it finds in its first screen).
    assets: sanitizerNeeded ? { ...assets, scriptPreloads: [...assets.scriptPreloads, ...assets.sanitizerPreloads] } : assets,
    catalog,
    config: deps.config,
    log,
    ...(page.preview ? { bodyStart: previewBanner(locale, page.preview) } : {}),
  });
  const tail = documentTail({
    store: snapshot,
    sanitizedSections: sanitizedHydrating.map((section) => section.descriptor.id),
    config: {
      publicApiBase: deps.config.publicApiBase,
      ownLegacyHosts: deps.config.ownLegacyHosts,
      mediaHosts: deps.config.mediaHosts,
      analyticsCounterId: deps.config.analyticsCounterId,
      analyticsEndpoint: deps.config.analyticsEndpoint,
      remoteLoadTimeoutMs: deps.config.remoteLoadTimeoutMs * 4,
      sectionLoadBudgetMs: deps.config.sectionLoadBudgetMs * 4,
      captcha: deps.config.captcha,
      siteOrigin: page.origin,
    },
  });
  if (!html) return { status: 500, html: Buffer.from(shellFailurePage(locale)), headers: { ...HTML_HEADERS }, degraded: true, queryParams };
  return {
    queryParams,
    ...(notFound ? { notFound } : {}),
    ...queryDependent,
    status: store.status,
    html: Buffer.concat([Buffer.from(head), html, Buffer.from(tail)]),
    headers: { ...HTML_HEADERS, 'content-security-policy': pagePolicy(catalog, deps.config) },
    // A section without its stylesheet (its host did not answer in time) is as degraded as a section that fell back.
    degraded: sections.some((section) => DEGRADED_STATUSES.has(section.status)) || assets.missingStyles || telemetry.anyThrown,
    versions: renderedVersions(sections),
  };
}

/**
 * Renders the whole tree before anything is sent (onAllReady), so every boundary goes out in place: none is
 * outlined for a script to swap in later, which visitors without scripts and crawlers would never see and which
 * would shift the layout when the swap runs. Null when the shell itself fails to render.
 */
function renderToBuffer(element: ReactElement, log: FastifyBaseLogger, onSectionError?: (section: FailedSection) => void): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError(error) {
        log.error({ err: error }, 'page shell failed to render');
        resolve(null);
      },
      onError(error) {
        const section = (error as { [SECTION_OF_ERROR]?: { remote?: string; version?: string; section: string } } | null)?.[SECTION_OF_ERROR];
        if (section) onSectionError?.(section);
        log.error({ err: error, ...section }, 'render error (a section falls back to client rendering)');
      },
    });
    // The timer holds the whole render tree: it must go as soon as the render is done, not after 10 s.
    const abortTimer = setTimeout(() => stream.abort(), RENDER_ABORT_MS);
    abortTimer.unref();
    sink.once('finish', () => clearTimeout(abortTimer));
    sink.once('close', () => clearTimeout(abortTimer));
  });
}
