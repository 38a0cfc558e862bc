import { startTransition, useEffect, useMemo, useRef } from 'react';
import { reaction } from 'mobx';
import { hydrateRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import type { SectionModule } from '@site/contracts';
import { globalStyles, installTouchHighlight, scrollToHash } from '@site/ui';
import { createBrowserApiClient } from '../api/browser-client';
import { App } from '../app/App';
import { DocumentEffects } from '../app/DocumentEffects';
import { useStore, type SectionRuntime } from '../app/contexts';
import { BrowserFederation, whenVisible } from '../federation/browser-federation';
import { analyticsConfig, PageHitCounter } from '../analytics/page-hits';
import { Navigator } from '../routing/navigator';
import { resolveRoute } from '../routing/routes';
import { LinkPrefetcher, PrefetchedPages, browserIdleCallback } from '../routing/prefetch';
import { resolveSections } from '../sections/resolve-sections';
import { reportSectionError } from '../sections/report-section-error';
import { BrowserSanitizer } from '../security/browser-sanitizer';
import type { Sanitizer } from '../security/sanitize';
import { PAYLOAD_ELEMENT_ID, type BrowserPayload } from '../app/browser-payload';
import { BrowserPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { reloadOnChunkError } from './chunk-reload';
import { createBrowserCaptcha } from '../forms/captcha';
import { LeaveGuardHistory, useGuardedRouterPush } from './leave-guard';
import { useStaticSectionLinks } from './static-links';

// The design system's global styles: importing them is what puts them in the shell's stylesheet.
void globalStyles;

/** How long hydration waits for the code of the page's eager sections. */
const HYDRATION_WAIT_MS = 3000;

function readPayload(): BrowserPayload {
  const element = document.getElementById(PAYLOAD_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no server state');
  return JSON.parse(element.textContent) as BrowserPayload;
}

/** Runs after React has painted the new page, so anchors and links of the new page exist. */
function afterPaint(callback: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(callback));
}

function NavigationSync({ navigator }: { navigator: Navigator }) {
  const location = useLocation();
  const previous = useRef<{ pathname: string; search: string } | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    if (!before) return;
    if (before.pathname === location.pathname && before.search === location.search) {
      // Only the hash changed: scroll smoothly to the anchor (spec point 2).
      if (location.hash) afterPaint(() => scrollToHash(location.hash));
      return;
    }
    void navigator.navigate(location);
  }, [location, navigator]);
  return null;
}

function NavigatorHost({ federation, payload, sanitizer }: { federation: BrowserFederation; payload: BrowserPayload; sanitizer: () => Promise<Sanitizer> }) {
  const store = useStore();
  const navigate = useNavigate();
  useStaticSectionLinks(navigate, window);
  const services = useMemo(() => {
    const prefetched = new PrefetchedPages();
    const prefetcher = new LinkPrefetcher(store.env.api, prefetched, {
      document,
      location: window.location,
      navigator: window.navigator,
      requestIdle: browserIdleCallback(),
    });
    const counter = new PageHitCounter(analyticsConfig(payload.config.analyticsCounterId, payload.config.analyticsEndpoint));
    const countHit = () =>
      counter.hit({
        url: `${window.location.origin}${window.location.pathname}${window.location.search}`,
        title: document.title,
        locale: store.locale.locale,
        referrer: document.referrer,
      });
    return { prefetched, prefetcher, countHit };
  }, [store, payload]);
  const navigator = useMemo(
    () =>
      new Navigator(
        store,
        {
          api: store.env.api,
          isServer: false,
          source: federation,
          knownSections: () => store.remotes.list.flatMap((remote) => remote.sections),
          resolveOptions: { loaderBudgetMs: payload.config.sectionLoadBudgetMs },
          prefetched: services.prefetched,
        },
        {
          sanitizer,
          replace: (path) => navigate(path, { replace: true }),
          afterNavigation: (target, _view, { pathChanged }) => {
            afterPaint(() => {
              if (target.hash) scrollToHash(target.hash);
              services.countHit();
              services.prefetcher.scan();
            });
            if (!target.hash && pathChanged) window.scrollTo({ top: 0, behavior: 'instant' });
          },
        },
      ),
    [store, federation, navigate, payload, services, sanitizer],
  );
  useEffect(() => {
    // The first page: counted, its links prefetched, and an address with a hash scrolled to smoothly.
    services.countHit();
    services.prefetcher.scan();
    if (window.location.hash) afterPaint(() => scrollToHash(window.location.hash));
    const removeTouchHighlight = installTouchHighlight(document);
    return () => {
      services.prefetcher.stop();
      removeTouchHighlight();
    };
  }, [services]);
  return <NavigationSync navigator={navigator} />;
}

/** Holds client navigations away from a page with unsaved form input until the visitor answers. */
function LeaveGuardHost({ history }: { history: LeaveGuardHistory }) {
  useGuardedRouterPush(history, window);
  return null;
}

/**
 * Web Vitals are measured from buffered performance entries, so their code (~15 KB) loads once the page has loaded
 * and the main thread is idle instead of competing with hydration; what happened before is still reported.
 */
function measureWebVitalsWhenIdle(): void {
  const idle = browserIdleCallback();
  const load = () =>
    idle(
      () => {
        import(/* webpackChunkName: "web-vitals" */ './web-vitals').then(
          ({ reportWebVitals }) => reportWebVitals(),
          () => undefined,
        );
      },
      { timeout: 4000 },
    );
  if (document.readyState === 'complete') load();
  else window.addEventListener('load', load, { once: true });
}

async function start(): Promise<void> {
  const payload = readPayload();
  measureWebVitalsWhenIdle();
  const api = createBrowserApiClient({ baseURL: payload.config.publicApiBase });
  const store = new RootStore({ api, persistence: new BrowserPersistence(), isServer: false }, payload.store);
  const federation = new BrowserFederation(payload.store.remotes.list, payload.config.remoteLoadTimeoutMs, reloadOnChunkError, reportSectionError);
  const sanitizer = new BrowserSanitizer(window, payload.config.mediaHosts ?? []);
  const loadSanitizer = () =>
    sanitizer.load().catch((error: unknown) => {
      reloadOnChunkError(error);
      throw error;
    });

  // Static sections of the server-rendered page keep their server HTML and never load their code, until another
  // page (or an error) replaces them: a later view of the same page is rendered by the browser, with its code.
  const serverHtmlKept = new Set((store.page.current?.sections ?? []).filter((view) => view.status === 'ready' && view.staticHtml));
  const stopKeeping = reaction(
    () => [store.page.current, store.page.error] as const,
    ([current, error]) => {
      if (error || !current?.sections.some((view) => serverHtmlKept.has(view))) {
        serverHtmlKept.clear();
        stopKeeping();
      }
    },
  );

  // The sections that hydrate (ready, not keeping their server HTML). Hydrate with the same code the server rendered:
  // load every eager one's module first. A remote host that does not answer holds up only its own sections: they keep
  // their server HTML and hydrate when the code arrives.
  const current = store.page.current;
  const hydrating = (current?.sections ?? []).filter((view) => view.status === 'ready' && !serverHtmlKept.has(view));
  const eager = hydrating.filter((view) => !view.lazy && view.remote && view.version);
  // Whatever hydrates may render backend HTML through the sanitizer (sections' SafeHtml, the UI-kit page), so its code
  // loads beside the sections' code; only a content page none of whose sections hydrates does without it.
  const allServerHtml = !store.page.error && !!current && resolveRoute(window.location.pathname).definition.view === 'content' && hydrating.length === 0;
  await Promise.race([
    Promise.allSettled([
      ...eager.map((view) => federation.load(view.remote!, view.version!, view.descriptor.name)),
      ...(allServerHtml ? [] : [loadSanitizer()]),
    ]),
    new Promise((resolve) => setTimeout(resolve, HYDRATION_WAIT_MS)),
  ]);

  const runtime: SectionRuntime = {
    isServer: false,
    moduleFor: (view) => federation.cached(view.remote, view.version, view.descriptor.name),
    keepsServerHtml: (view) => serverHtmlKept.has(view),
    async loadInBrowser(view, { withData, whenVisible: waitForVisibility }): Promise<{ module: SectionModule; data?: unknown }> {
      if (!view.remote || !view.version) throw new Error(`section ${view.descriptor.name} has no remote`);
      if (waitForVisibility) await whenVisible(`[data-section-id="${CSS.escape(view.descriptor.id)}"]`);
      const [module] = await Promise.all([federation.load(view.remote, view.version, view.descriptor.name), loadSanitizer()]);
      if (!withData) return { module };
      const current = store.page.current;
      const { views } = await resolveSections(
        [view.descriptor],
        { resolve: async () => ({ ok: true, module, remote: view.remote!, version: view.version! }) },
        {
          locale: store.locale.locale,
          api,
          path: current?.path ?? '/',
          query: Object.fromEntries(new URLSearchParams(current?.search ?? '')),
          isServer: false,
        },
        { loaderBudgetMs: payload.config.sectionLoadBudgetMs, pageQueryParams: current?.queryParams ?? [] },
      );
      const resolved = views[0];
      if (!resolved || resolved.status !== 'ready') throw new Error(resolved?.reason ?? 'section failed');
      return { module, data: resolved.data };
    },
  };

  const context = {
    api,
    publicApiBase: payload.config.publicApiBase,
    sanitize: sanitizer.sanitize,
    ownLegacyHosts: payload.config.ownLegacyHosts,
    captcha: createBrowserCaptcha(payload.config.captcha),
    siteOrigin: payload.config.siteOrigin,
  };
  // Installed before the router so that its Back/Forward listener runs first.
  const leaveGuardHistory = new LeaveGuardHistory(window, store.leaveGuards);
  // Hydration as a transition: React renders it in slices of a few milliseconds and lets the browser handle input
  // and paint in between, instead of one long task over the whole page (Total Blocking Time on a phone). A click on
  // a part not hydrated yet makes React hydrate that part first and replays the event.
  startTransition(() => {
    hydrateRoot(
      document.getElementById('app')!,
      <BrowserRouter>
        <App
          store={store}
          runtime={runtime}
          context={context}
          effects={
            <>
              <DocumentEffects />
              <NavigatorHost federation={federation} payload={payload} sanitizer={loadSanitizer} />
              <LeaveGuardHost history={leaveGuardHistory} />
            </>
          }
        />
      </BrowserRouter>,
    );
  });
}

start().catch((error) => {
  console.error('The site failed to start in the browser', error);
});
