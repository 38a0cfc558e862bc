import { PassThrough, Transform } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { localizePath, statusOfError, type ApiClient, type SectionModule } from '@site/contracts';
import { App } from '../app/App';
import type { SectionRuntime } from '../app/contexts';
import type { RemoteCatalog } from '../federation/catalog';
import type { RegistryClient } from '../federation/registry-client';
import type { ServerFederation } from '../federation/server-federation';
import type { Sanitizer } from '../security/sanitize';
import { loadPage, NOT_FOUND_MESSAGE } from '../routing/page-loader';
import { resolveRoute } from '../routing/routes';
import { shellFailurePage } from './shell-failure-page';
import { ERROR_PAGE_OWN_MESSAGE } from '../pages/ErrorPage';
import type { PageError, SectionView } from '../stores/page-store';
import { RequestCookiePersistence } from '../stores/persistence';
import { RootStore, type RemoteUse } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import type { ShellConfig } from './config';
import { contentSecurityPolicy } from './csp';
import { documentHead, documentTail } from './document';
import { pdfRedirectTarget } from './pdf-redirect';
import type { InitCache } from './init-cache';
import { breakpointFromDevice, detectLocale, parseCookies } from './request-context';

export interface RenderDependencies {
  config: ShellConfig;
  api: ApiClient;
  initCache: InitCache;
  registry: RegistryClient;
  federation: ServerFederation;
  sanitize: Sanitizer;
  shellAssets: { js: string[]; css: string[] };
}

const RENDER_ABORT_MS = 10_000;

/** Captcha checks run in the browser only; a section that calls one during server rendering has a bug. */
const serverCaptcha = { enabled: false, execute: () => Promise.reject(new Error('captcha runs in the browser only')) };

// The policy depends only on the remote catalog (replaced as a whole when the registry changes) and the config.
const policies = new WeakMap<RemoteCatalog, string>();

function pagePolicy(catalog: RemoteCatalog, config: ShellConfig): string {
  let policy = policies.get(catalog);
  if (policy === undefined) {
    policy = contentSecurityPolicy({
      remoteUrls: [...catalog.remotes.values()].flatMap((record) => [record.manifestUrl, record.browserEntryUrl ?? '']),
      captchaScriptUrl: config.captcha?.scriptUrl,
      analyticsEndpoint: config.analyticsEndpoint,
    });
    policies.set(catalog, policy);
  }
  return policy;
}

function remotesForBrowser(catalog: RemoteCatalog): RemoteUse[] {
  return [...catalog.remotes.values()]
    .filter((record) => record.health === 'up')
    .map((record) => ({ name: record.name, version: record.version, manifestUrl: record.manifestUrl, sections: record.sections, health: record.health }));
}

/** Stylesheets of every rendered section and preloads of the code the browser needs to hydrate at once. */
function sectionAssets(catalog: RemoteCatalog, sections: SectionView[]): { css: string[]; js: string[] } {
  const css = new Set<string>();
  const js = new Set<string>();
  for (const section of sections) {
    if (section.status !== 'ready' || !section.remote) continue;
    const record = catalog.remotes.get(section.remote);
    const assets = record?.assets[section.descriptor.name];
    if (!record || !assets) continue;
    for (const href of assets.css) css.add(href);
    if (section.lazy) continue;
    if (record.browserEntryUrl) js.add(record.browserEntryUrl);
    for (const href of assets.js) js.add(href);
  }
  return { css: [...css], js: [...js] };
}

function requestOrigin(request: FastifyRequest, config: ShellConfig): string {
  if (config.publicOrigin) return config.publicOrigin;
  const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? `${config.host}:${config.port}`;
  const proto = request.headers['x-forwarded-proto'] ?? 'http';
  return `${String(proto).split(',')[0]}://${String(host).split(',')[0]}`;
}

/**
 * Server-renders one page: locale, backend redirects, the page and its sections (each degrading on its own),
 * then a streamed document whose head links every section's stylesheet and whose state pins the remote versions.
 */
export async function renderPage(request: FastifyRequest, reply: FastifyReply, deps: RenderDependencies): Promise<FastifyReply> {
  const url = new URL(request.url, 'http://shell.local');
  const cookies = parseCookies(request.headers.cookie);

  // The root path detects the language: cookie, then the browser's, then Russian (spec point 2).
  if (url.pathname === '/') {
    const detected = detectLocale(cookies, request.headers['accept-language']);
    if (detected !== 'ru') return reply.redirect(`${localizePath('/', detected)}${url.search}`, 302);
  }

  const route = resolveRoute(url.pathname);
  if (route.kind === 'pdf-redirect') {
    const target = pdfRedirectTarget(url.searchParams.get('url'), deps.config.pdfRedirectHosts);
    if (target) return reply.redirect(target, 302);
  }
  const catalog = deps.registry.current;
  const persistence = new RequestCookiePersistence(cookies);
  const device = breakpointFromDevice(request.headers['user-agent'], request.headers['sec-ch-ua-mobile'] as string | undefined);
  const store = new RootStore(
    { api: deps.api, persistence, isServer: true },
    {
      locale: route.locale,
      init: null,
      page: { current: null, error: null, fetchedAt: null },
      ui: UiStore.snapshotFrom(persistence, device),
      remotes: { revision: catalog.revision, list: remotesForBrowser(catalog) },
      status: 200,
    },
  );

  try {
    store.init.set(await deps.initCache.get(route.locale));
  } catch (error) {
    request.log.error({ err: error }, 'init data unavailable');
  }

  const redirect = store.init.redirectFor(route.path);
  if (redirect) {
    const target = /^https?:\/\//.test(redirect.to) ? redirect.to : localizePath(redirect.to, route.locale);
    return reply.redirect(`${target}${url.search}`, redirect.status ?? 301);
  }

  let modules = new Map<string, SectionModule>();
  const fail = (error: PageError) => {
    store.status = error.statusCode;
    store.page.fail(error);
  };
  if (!store.init.data) {
    fail({ statusCode: 500, message: 'Init data is unavailable' });
  } else if (route.kind === 'error') {
    // The error page's own error (spec point 8).
    fail({ statusCode: 404, message: ERROR_PAGE_OWN_MESSAGE });
  } else if (route.kind === 'pdf-redirect') {
    fail({ statusCode: 404, message: NOT_FOUND_MESSAGE });
  } else {
    try {
      const loaded = await loadPage(route, url.search, {
        api: deps.api,
        isServer: true,
        source: { resolve: (name) => deps.federation.resolveSection(catalog, name) },
        knownSections: () => catalog.sectionNames,
        resolveOptions: {
          loaderBudgetMs: deps.config.sectionLoadBudgetMs,
          log: (event) => {
            if (event.outcome !== 'ok') request.log.warn(event, 'section degraded');
          },
        },
      });
      modules = loaded.modules;
      store.page.show(loaded.view);
    } catch (error) {
      const status = statusOfError(error);
      if (status >= 500) request.log.error({ err: error }, 'page failed');
      fail({ statusCode: status, message: (error as PageError).message ?? String(error) });
    }
  }

  const runtime: SectionRuntime = { isServer: true, moduleFor: (view) => modules.get(view.descriptor.id) };
  const sections = store.page.current?.sections ?? [];
  const assets = sectionAssets(catalog, store.page.error ? [] : sections);
  const head = documentHead({
    locale: route.locale,
    path: route.path,
    origin: requestOrigin(request, deps.config),
    siteName: store.init.siteName,
    titlePostfix: store.init.titlePostfix,
    pageTitle: store.page.error ? String(store.page.error.statusCode) : store.page.title,
    siteSeo: store.init.data?.settings.seo,
    pageSeo: store.page.error ? undefined : store.page.current?.seo,
    stylesheets: [...deps.shellAssets.css.map((file) => `/_shell/${file}`), ...assets.css],
    scriptPreloads: assets.js,
    colorScheme: store.ui.colorScheme,
    fontScale: store.ui.fontScale,
    noindex: store.status >= 400,
    mediaBase: deps.config.publicApiBase,
  });
  const tail = documentTail(
    {
      store: store.snapshot(),
      config: {
        publicApiBase: deps.config.publicApiBase,
        ownLegacyHosts: deps.config.ownLegacyHosts,
        analyticsCounterId: deps.config.analyticsCounterId,
        analyticsEndpoint: deps.config.analyticsEndpoint,
        remoteLoadTimeoutMs: deps.config.remoteLoadTimeoutMs * 4,
        sectionLoadBudgetMs: deps.config.sectionLoadBudgetMs * 4,
        captcha: deps.config.captcha,
      },
    },
    deps.shellAssets.js.map((file) => `/_shell/${file}`),
  );

  const policy = pagePolicy(catalog, deps.config);

  const body = new PassThrough();
  const document = new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      this.push(tail);
      callback();
    },
  });
  document.pipe(body);

  await new Promise<void>((resolve) => {
    const stream = renderToPipeableStream(
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
          }}
        />
      </StaticRouter>,
      {
        // The response waits for the whole tree (onAllReady), so every boundary goes out in place: none is
        // outlined for a script to swap in later, which visitors without scripts and crawlers would never see
        // and which would shift the layout when the swap runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          reply
            .code(store.status)
            .header('content-type', 'text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .header('content-security-policy', policy);
          document.write(head);
          stream.pipe(document);
          reply.send(body);
          resolve();
        },
        onShellError(error) {
          request.log.error({ err: error }, 'page shell failed to render');
          reply
            .code(500)
            .header('content-type', 'text/html; charset=utf-8')
            .send(shellFailurePage(route.locale));
          resolve();
        },
        onError(error) {
          request.log.error({ err: error }, 'render error (a section falls back to client rendering)');
        },
      },
    );
    // The timer holds the whole render tree: it must go as soon as the response is done, not after 10 s.
    const abortTimer = setTimeout(() => stream.abort(), RENDER_ABORT_MS);
    body.once('close', () => clearTimeout(abortTimer));
    reply.raw.once('close', () => clearTimeout(abortTimer));
  });
  return reply;
}
