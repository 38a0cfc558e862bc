import { Writable } from 'node:stream';
import type { ReactElement } from 'react';
import type { FastifyBaseLogger } from 'fastify';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { localizePath, type ApiClient, type BreakpointType, type HeadMarkupRefusal, type Locale, type SectionModule } from '@site/contracts';
import { App } from '../app/App';
import type { SectionRuntime } from '../app/contexts';
import type { RemoteCatalog } from '../federation/catalog';
import type { RegistryClient } from '../federation/registry-client';
import type { ServerFederation } from '../federation/server-federation';
import type { Sanitizer } from '../security/sanitize';
import { CONTENT_API_UNAVAILABLE } from '../api/content-errors';
import { runPagePipeline } from '../routing/page-pipeline';
import { canonicalQuery } from '../routing/routes';
import type { SectionView } from '../stores/page-store';
import { shellFailurePage } from './shell-failure-page';
import { siteStructuredData, withHeroImage } from './structured-data';
import { RequestCookiePersistence } from '../stores/persistence';
import { RootStore, type RemoteUse } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import type { ShellConfig } from './config';
import { contentSecurityPolicy } from './csp';
import { documentHead, documentTail } from './document';
import { redirectLocation } from '../security/redirect-location';
import type { InitCache } from './init-cache';
import type { RenderedPage } from './render-cache';
import { SECTION_OF_ERROR } from '../sections/SectionFrame';

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

// Refused head markup is logged once per distinct entry, not on every render of every page that carries it; the
// set is bounded, and holds only what editors stored, never anything of a request.
const reportedMarkup = new Set<string>();
const REPORTED_MARKUP_MAX = 512;

function reportRefusedMarkup(refused: HeadMarkupRefusal[], log: FastifyBaseLogger): void {
  for (const { reason, entry } of refused) {
    const key = `${reason}|${JSON.stringify(entry)}`;
    if (reportedMarkup.has(key)) continue;
    if (reportedMarkup.size >= REPORTED_MARKUP_MAX) reportedMarkup.clear();
    reportedMarkup.add(key);
    log.warn({ reason, entry }, 'head markup refused: not on the allow-list, left out of the page');
  }
}

// The policy depends only on the remote catalog (replaced as a whole when the registry changes) and the config.
const policies = new WeakMap<RemoteCatalog, string>();

function pagePolicy(catalog: RemoteCatalog, config: ShellConfig): string {
  let policy = policies.get(catalog);
  if (policy === undefined) {
    policy = contentSecurityPolicy({
      remoteUrls: [...catalog.remotes.values()].flatMap((record) => [record.manifestUrl, record.browserEntryUrl ?? '']),
      captchaScriptUrl: config.captcha?.scriptUrl,
      analyticsEndpoint: config.analyticsEndpoint,
      mediaHosts: config.mediaHosts,
    });
    policies.set(catalog, policy);
  }
  return policy;
}

function remotesForBrowser(catalog: RemoteCatalog): RemoteUse[] {
  return (
    [...catalog.remotes.values()]
      // A remote whose host the server cannot reach still rendered from memory; the browser may well reach it.
      .filter((record) => record.health === 'up' || (record.health === 'unreachable' && record.manifest !== null))
      .map((record) => ({
        name: record.name,
        version: record.version,
        manifestUrl: record.manifestUrl,
        sections: record.sections,
        health: record.health,
        ...(record.integrity ? { integrity: record.integrity } : {}),
      }))
  );
}

/** The shell's browser files (shell-assets.json of its browser build), by name in `/_shell/`. */
export interface ShellAssets {
  /** The entry's scripts, in load order. */
  js: string[];
  css: string[];
  /** The federation runtime's chunk, loaded with the first remote section a page needs. */
  federation: string[];
}

/** How long a page waits for a remote stylesheet the shell does not hold yet (normally all are held: see warm). */
const STYLESHEET_WAIT_MS = 500;

/**
 * Stylesheets of every rendered section (inlined by the caller, so no remote host can hold up first paint) and
 * preloads of the code the browser needs to hydrate at once (preloads never block rendering).
 */
function sectionAssets(catalog: RemoteCatalog, sections: SectionView[]): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const section of sections) {
    if (section.status !== 'ready' || !section.remote) continue;
    const record = catalog.remotes.get(section.remote);
    const assets = record?.assets[section.descriptor.name];
    if (!record || !assets) continue;
    for (const href of assets.css) css.add(href);
    // Lazy sections load their code later; static ones never do on this page.
    if (section.lazy || section.staticHtml) continue;
    if (record.browserEntryUrl) js.add(record.browserEntryUrl);
    for (const href of assets.js) js.add(href);
  }
  return { css: [...css], js: [...js] };
}

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

/**
 * Server-renders one page to a complete document: locale, backend redirects, the page and its sections (each
 * degrading on its own). Nothing here reads the visitor's request, so the result can be cached and shared; a
 * content API that does not answer makes the page 503 (the caller may still have a stale copy to serve).
 */
export async function renderPage(page: PageRequest, deps: RenderDependencies, log: FastifyBaseLogger, options: RenderOptions = {}): Promise<RenderedPage> {
  const catalog = deps.registry.current.forVariant(page.canaryVariant ?? '');
  const { route, init, outcome } = await runPagePipeline(
    { pathname: page.pathname, search: page.search },
    {
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
    },
  );
  if (outcome.kind === 'redirect') return redirectTo(outcome.status, outcome.location);
  const notFound = outcome.kind === 'error' && outcome.error.statusCode === 404 && route.kind !== 'error' ? route.locale : undefined;
  // A page whose query failed its validation is "not found" for this query only: the address itself exists.
  const queryDependent = outcome.kind === 'error' && outcome.error.dependsOnQuery === true ? { queryDependent: true } : {};
  if (notFound && options.hasNotFoundPage?.(notFound))
    return { status: 404, html: Buffer.alloc(0), headers: {}, degraded: false, notFound, queryParams: [], ...queryDependent };
  // Only the declared parameters reach the render: the page is the same for every address that differs in others.
  const queryParams = outcome.kind === 'page' ? (outcome.view.queryParams ?? []) : [];
  const search = canonicalQuery(page.search, queryParams);
  const path = notFound ? NOT_FOUND_PATH : route.path;

  // Preferences (colour scheme, font size) are applied by the preference script, never by the server: the HTML
  // must be the same for every visitor.
  const persistence = new RequestCookiePersistence({});
  const store = new RootStore(
    { api: deps.api, persistence, isServer: true },
    {
      locale: route.locale,
      init,
      page: { current: null, error: null, fetchedAt: null },
      ui: UiStore.snapshotFrom(persistence, page.device),
      remotes: { revision: catalog.revision, list: remotesForBrowser(catalog) },
      status: 200,
    },
  );
  let modules = new Map<string, SectionModule>();
  if (outcome.kind === 'error') {
    // A content API that did not answer (or is behind an open circuit) did not fail the page: say so with a status
    // that invites a retry (and lets a cached copy stand in). An answered error keeps its status.
    const unreachable = [502, 503, 504].includes(outcome.error.statusCode);
    const error = unreachable ? { statusCode: 503, message: CONTENT_API_UNAVAILABLE, cause: outcome.error.message } : outcome.error;
    if (error.statusCode >= 500) log.error({ cause: error.cause }, 'page failed: content API unavailable');
    store.status = error.statusCode;
    store.page.fail(notFound ? { statusCode: 404, message: error.message } : error);
  } else {
    modules = outcome.modules;
    store.page.show({ ...outcome.view, search });
  }

  const url = new URL(`${notFound ? localizePath(NOT_FOUND_PATH, notFound) : page.pathname}${search}`, 'http://shell.local');
  const runtime: SectionRuntime = { isServer: true, moduleFor: (view) => modules.get(view.descriptor.id) };
  const sections = store.page.current?.sections ?? [];
  const assets = sectionAssets(catalog, store.page.error ? [] : sections);
  const inlineStyles = await deps.federation.styles.collect(assets.css, Math.min(STYLESHEET_WAIT_MS, deps.config.remoteLoadTimeoutMs));
  const head = documentHead({
    locale: route.locale,
    path,
    origin: page.origin,
    siteName: store.init.siteName,
    titlePostfix: store.init.titlePostfix,
    pageTitle: store.page.error ? String(store.page.error.statusCode) : store.page.title,
    siteSeo: store.init.data?.settings.seo,
    pageSeo: store.page.error ? undefined : withHeroImage(store.page.current?.seo, store.page.current),
    stylesheets: deps.shellAssets.css.map((file) => `/_shell/${file}`),
    inlineStyles,
    // A page that hydrates remote code at once needs the federation runtime first: preloaded with that code.
    scriptPreloads: assets.js.length > 0 ? [...deps.shellAssets.federation.map((file) => `/_shell/${file}`), ...assets.js] : [],
    preloadIntegrity: catalog.integrityByUrl,
    // Error pages, and the QA pages the route table keeps out of search engines (`/test`, `/ui-kit`).
    noindex: store.status >= 400 || route.definition.noindex === true,
    mediaBase: deps.config.publicApiBase,
    structuredData:
      store.page.current && !store.page.error && store.init.data && (route.kind === 'content' || route.kind === 'static-page')
        ? siteStructuredData({
            locale: route.locale,
            path: route.path,
            origin: page.origin,
            init: store.init.data,
            page: store.page.current,
            mediaBase: deps.config.publicApiBase,
          })
        : [],
    onRefusedMarkup: (refused) => reportRefusedMarkup(refused, log),
  });
  const tail = documentTail(
    {
      store: store.snapshot(),
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
    },
    deps.shellAssets.js.map((file) => `/_shell/${file}`),
  );

  const policy = pagePolicy(catalog, deps.config);
  const thrown = new Set<string>();

  const html = await renderToBuffer(
    <StaticRouter location={`${url.pathname}${url.search}`}>
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
      />
    </StaticRouter>,
    log,
    (failed) => {
      if (failed.remote && failed.version) thrown.add(`${failed.remote}@${failed.version}/${failed.section}`);
    },
  );
  // Every section rendered with remote code counts once, failed or not: the error rates per version compare these.
  for (const view of sections) {
    if (view.status !== 'ready' || !view.remote || !view.version) continue;
    deps.federation.stats.recordRender(view.remote, view.descriptor.name, view.version, thrown.has(`${view.remote}@${view.version}/${view.descriptor.name}`));
  }
  if (!html) return { status: 500, html: Buffer.from(shellFailurePage(route.locale)), headers: { ...HTML_HEADERS }, degraded: true, queryParams };
  return {
    queryParams,
    ...(notFound ? { notFound } : {}),
    ...queryDependent,
    status: store.status,
    html: Buffer.concat([Buffer.from(head), html, Buffer.from(tail)]),
    headers: { ...HTML_HEADERS, 'content-security-policy': policy },
    // A section without its stylesheet (its host did not answer in time) is as degraded as a section that fell back.
    degraded: sections.some((section) => DEGRADED_STATUSES.has(section.status)) || inlineStyles.length < assets.css.length || thrown.size > 0,
    versions: [...new Set(sections.filter((view) => view.remote && view.version).map((view) => `${view.remote}@${view.version}`))].sort(),
  };
}

/**
 * Renders the whole tree before anything is sent (onAllReady), so every boundary goes out in place: none is
 * outlined for a script to swap in later, which visitors without scripts and crawlers would never see and which
 * would shift the layout when the swap runs. Null when the shell itself fails to render.
 */
function renderToBuffer(
  element: ReactElement,
  log: FastifyBaseLogger,
  onSectionError?: (section: { remote?: string; version?: string; section: string }) => void,
): Promise<Buffer | null> {
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
