import { startTransition, useEffect, useLayoutEffect, useRef } from 'react';
import { reaction } from 'mobx';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import type { SectionModule } from '@site/contracts';
import { globalStyles, installTouchHighlight, scrollToHash } from '@site/ui';
import { createBrowserApiClient } from '../api/browser-client';
import { App } from '../app/App';
import { DocumentEffects } from '../app/DocumentEffects';
import { useStore, type SectionRuntime } from '../stores/contexts';
import type { SectionView } from '../stores/page-store';
import { BrowserFederation, whenVisible } from '../federation/browser-federation';
import { analyticsConfig, PageHitCounter } from '../analytics/page-hits';
import type { PageData } from '../routing/routes';
import { resolveSiteRoute, siteRoutes } from '../routing/site-routes';
import { ContentPage } from '../pages/ContentPage';
import { browserRouteServices } from './route-services';
import { PREFETCH_IDLE_TIMEOUT_MS, PrefetchedPages, browserIdleCallback } from '../routing/prefetch';
import { navigationCode } from '../routing/navigation';
import type { LinkPrefetcher } from '../routing/link-prefetcher';
import { reportSectionError } from '../sections/report-section-error';
import { BrowserSanitizer } from '../security/browser-sanitizer';
import { PAYLOAD_ELEMENT_ID, type BrowserPayload } from '../app/browser-payload';
import { BrowserPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { reloadOnChunkError, reloadingOnChunkError } from './chunk-reload';
import { createBrowserCaptcha } from '../forms/captcha';
import { useLeaveGuard } from './leave-guard';
import { useStaticSectionLinks } from './static-links';
import { holdSubmissionsUntilHydrated } from './early-submit';
import { yieldToBrowser } from '../lib/yield';

// The design system's global styles: importing them is what puts them in the shell's stylesheet.
void globalStyles;

/** How long hydration waits for the code of the page's eager sections. */
const HYDRATION_WAIT_MS = 3000;

/** The page the server rendered, as its route's loader data. */
function serverPageData(store: RootStore): PageData {
  return {
    locale: store.locale.locale,
    path: resolveSiteRoute(window.location.pathname).path,
    init: store.init.data,
    page: store.page.error ? null : store.page.current,
    error: store.page.error,
  };
}

function readPayload(): BrowserPayload {
  const element = document.getElementById(PAYLOAD_ELEMENT_ID);
  if (!element?.textContent) throw new Error('The page has no server state');
  return JSON.parse(element.textContent) as BrowserPayload;
}

/** Runs after React has painted the new page, so anchors and links of the new page exist. */
function afterPaint(callback: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(callback));
}

/**
 * The loading bar follows the router's navigation state: it starts when a navigation loads data, and finishes (red
 * when the new page is an error page) once the page is on screen.
 */
function useLoadingBar(): void {
  const store = useStore();
  const { state } = useNavigation();
  const loading = useRef(false);
  useEffect(() => {
    if (state === 'loading') {
      loading.current = true;
      store.loadingBar.start();
      store.page.startLoading();
    } else if (state === 'idle' && loading.current) {
      loading.current = false;
      store.page.stopLoading();
      if (store.page.error) store.loadingBar.fail();
      else store.loadingBar.finish();
    }
  }, [state, store]);
}

/**
 * What the browser does once the router shows a new location: scroll (to the anchor, or to the top of a new page),
 * and after the new page has painted (its title and links in place) count a page hit and prefetch its links.
 */
function useAfterNavigation(services: BrowserServices): void {
  const location = useLocation();
  const shown = useRef(location);
  useLayoutEffect(() => {
    const before = shown.current;
    if (before === location) return;
    shown.current = location;
    const { pathname, search, hash } = location;
    if (before.pathname === pathname && before.search === search) {
      // Only the hash changed: scroll smoothly to the anchor.
      if (hash) afterPaint(() => scrollToHash(hash));
      return;
    }
    afterPaint(() => {
      if (hash) scrollToHash(hash);
      services.countHit();
      services.prefetchLinks();
    });
    if (!hash && before.pathname !== pathname) window.scrollTo({ top: 0, behavior: 'instant' });
  }, [location, services]);
}

interface BrowserServices {
  prefetched: PrefetchedPages;
  /** Prefetches the data behind the links on the page now (again after each navigation). */
  prefetchLinks(): void;
  stopPrefetching(): void;
  countHit(): void;
}

function browserServices(store: RootStore, payload: BrowserPayload): BrowserServices {
  const prefetched = new PrefetchedPages();
  const requestIdle = browserIdleCallback();
  // The prefetcher comes with the navigation code, which the first page asks for once it is idle after hydrating.
  let prefetcher: Promise<LinkPrefetcher> | null = null;
  let stopped = false;
  const loadPrefetcher = () =>
    new Promise<void>((resolve) => requestIdle(() => resolve(), { timeout: PREFETCH_IDLE_TIMEOUT_MS }))
      .then(navigationCode)
      .then(
        ({ LinkPrefetcher }) =>
          new LinkPrefetcher(store.env.api, prefetched, { document, location: window.location, navigator: window.navigator, requestIdle }),
      );
  const prefetchLinks = () => {
    stopped = false;
    prefetcher ??= loadPrefetcher();
    prefetcher.then(
      (links) => {
        if (!stopped) links.scan();
      },
      // Without its code nothing is prefetched; a navigation loads the code again (or its page as a document).
      () => (prefetcher = null),
    );
  };
  const stopPrefetching = () => {
    stopped = true;
    void prefetcher?.then(
      (links) => links.stop(),
      () => undefined,
    );
  };
  const counter = new PageHitCounter(analyticsConfig(payload.config.analyticsCounterId, payload.config.analyticsEndpoint));
  const countHit = () =>
    counter.hit({
      url: `${window.location.origin}${window.location.pathname}${window.location.search}`,
      title: document.title,
      locale: store.locale.locale,
      referrer: document.referrer,
    });
  return { prefetched, prefetchLinks, stopPrefetching, countHit };
}

/** Browser-only behaviour inside the router: the loading bar, the leave guard, static sections' links, the first page's effects. */
function BrowserEffects({ services }: { services: BrowserServices }) {
  const store = useStore();
  const navigate = useNavigate();
  useStaticSectionLinks(navigate, window);
  useLeaveGuard(store.leaveGuards, window);
  useLoadingBar();
  useAfterNavigation(services);
  useEffect(() => {
    // The first page: counted, its links prefetched, and an address with a hash scrolled to smoothly.
    services.countHit();
    services.prefetchLinks();
    if (window.location.hash) afterPaint(() => scrollToHash(window.location.hash));
    const removeTouchHighlight = installTouchHighlight(document);
    return () => {
      services.stopPrefetching();
      removeTouchHighlight();
    };
  }, [services]);
  return <DocumentEffects />;
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

/**
 * Evaluating the shell's code is one task, setting up its stores the next, its router (and starting the hydration) a
 * third, instead of one task as long as all (see yieldToBrowser).
 */
async function start(): Promise<void> {
  const payload = readPayload();
  // From now on a form sent before its section has hydrated waits for it instead of leaving the page.
  holdSubmissionsUntilHydrated(window);
  measureWebVitalsWhenIdle();
  await yieldToBrowser();
  const api = createBrowserApiClient({ baseURL: payload.config.publicApiBase });
  const store = new RootStore({ api, persistence: new BrowserPersistence(), isServer: false }, payload.store);
  const federation = new BrowserFederation(payload.store.remotes.list, payload.config.remoteLoadTimeoutMs, reloadOnChunkError, reportSectionError);
  const sanitizer = new BrowserSanitizer(window, payload.config.mediaHosts ?? []);
  const loadSanitizer = reloadingOnChunkError(() => sanitizer.load());

  // Static sections of the server-rendered page keep their server HTML and never load their code while the page
  // shows the location the server rendered, until another page (or an error) replaces them or the location changes
  // (a tab of the section): from then on, the browser renders them with their code, also back at that location.
  const servedLocation = window.location.pathname + window.location.search;
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

  const services = browserServices(store, payload);
  // The stores in one task, the routes, the router and the hydration's start in the next.
  await yieldToBrowser();
  const routes = siteRoutes(
    browserRouteServices(
      store,
      {
        api,
        isServer: false,
        source: federation,
        knownSections: () => store.remotes.list.flatMap((remote) => remote.sections),
        resolveOptions: { loaderBudgetMs: payload.config.sectionLoadBudgetMs },
        prefetched: services.prefetched,
      },
      loadSanitizer,
    ),
  );
  const leaf = matchRoutes(routes, window.location)?.at(-1);
  const leafId = leaf?.route.id;
  if (!leafId) throw new Error('No route matches the page');

  // The sections that hydrate (ready, not keeping their server HTML). Hydrate with the same code the server rendered:
  // the page waits for the code of the eager sections in its first screen. The others (a form further down) do not
  // hold up the page around them: they keep their server HTML while the page hydrates, which asks for their code
  // (an eager section's at once, a lazy one's when it nears the viewport), and hydrate once it has arrived. A remote
  // host that does not answer holds up only its own sections in the same way.
  const current = store.page.current;
  const hydrating = (current?.sections ?? []).filter((view) => view.status === 'ready' && !serverHtmlKept.has(view));
  const inFirstScreen = hydrating.filter((view) => sectionInFirstScreen(view.descriptor.id));
  const firstCode = inFirstScreen.filter((view) => !view.lazy && view.remote && view.version);
  // The sanitizer's code loads beside the sections' code when what hydrates in the first screen renders backend
  // HTML: a section whose server render sanitised some (the server names them), or a page other than a content page
  // (the UI-kit page). A render that needs it later without it suspends until it has loaded (see BrowserSanitizer).
  const sanitized = new Set(payload.sanitizedSections ?? []);
  const contentPage = !store.page.error && !!current && leaf?.route.Component === ContentPage;
  const needsSanitizer = !contentPage || inFirstScreen.some((view) => sanitized.has(view.descriptor.id));
  await Promise.race([
    Promise.allSettled([
      ...firstCode.map((view) => federation.load(view.remote!, view.version!, view.descriptor.name)),
      ...(needsSanitizer ? [loadSanitizer()] : []),
    ]),
    new Promise((resolve) => setTimeout(resolve, HYDRATION_WAIT_MS)),
  ]);

  const runtime: SectionRuntime = {
    isServer: false,
    moduleFor: (view) => federation.cached(view.remote, view.version, view.descriptor.name),
    keepsServerHtml: (view, location) => location === servedLocation && serverHtmlKept.has(view),
    async loadInBrowser(view, { withData, whenVisible: waitForVisibility }): Promise<{ module: SectionModule; data?: unknown }> {
      if (!view.remote || !view.version) throw new Error(`section ${view.descriptor.name} has no remote`);
      if (waitForVisibility) await whenVisible(`[data-section-id="${CSS.escape(view.descriptor.id)}"]`);
      // The sanitizer's code comes along for a section rendered here with its data (whether it shows backend HTML is
      // not known before), and for a server-rendered one whose render sanitised some; any other that turns out to
      // need it suspends until it has loaded.
      const sanitizerToo = withData || sanitized.has(view.descriptor.id);
      const [module] = await Promise.all([federation.load(view.remote, view.version, view.descriptor.name), sanitizerToo ? loadSanitizer() : undefined]);
      if (!withData) return { module };
      const { resolveSections } = await reloadingOnChunkError(navigationCode)();
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
  // The page the server rendered is the router's first loader data: nothing loads again on hydration.
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: { [leafId]: serverPageData(store) } } });
  const stopKeepingOnMove = router.subscribe(({ location }) => {
    if (location.pathname + location.search === servedLocation) return;
    serverHtmlKept.clear();
    stopKeepingOnMove();
  });
  // Hydration as a transition: React renders it in slices of a few milliseconds and lets the browser handle input
  // and paint in between, instead of one long task over the whole page (Total Blocking Time on a phone). A click on
  // a part not hydrated yet makes React hydrate that part first and replays the event.
  let root: HydrationRoot | undefined;
  startTransition(() => {
    root = hydrateRoot(
      document.getElementById('app')!,
      <App store={store} runtime={runtime} context={context} effects={<BrowserEffects services={services} />}>
        <RouterProvider router={router} />
      </App>,
    );
  });
  hydrateVisibleSectionsFirst(root!, inFirstScreen);
}

type HydrationRoot = ReturnType<typeof hydrateRoot> & { unstable_scheduleHydration?(target: Node): void };

/**
 * React hydrates the sections (each in its Suspense boundary) after the rest of the page, all together at its lowest
 * priority, so a section in view would wait for those further down. Each one in the first screen is hydrated on its
 * own as soon as the page around it has; the others follow as before (and any the visitor touches first, at once).
 */
function hydrateVisibleSectionsFirst(root: HydrationRoot, sections: SectionView[]): void {
  // React's own way to ask for a boundary's hydration ahead of the rest (not in its type definitions).
  const schedule = root.unstable_scheduleHydration?.bind(root);
  if (!schedule) return;
  for (const view of sections) {
    const frame = sectionFrame(view.descriptor.id);
    const content = frame && boundaryContent(frame);
    if (content) schedule(content);
  }
}

function sectionFrame(id: string): Element | null {
  return document.querySelector(`[data-section-id="${CSS.escape(id)}"]`);
}

/** Whether a section's server HTML starts in the first screen (its frame's top above the viewport's bottom). */
function sectionInFirstScreen(id: string): boolean {
  const top = sectionFrame(id)?.getBoundingClientRect().top;
  return top !== undefined && top < window.innerHeight;
}

/** The first node inside the first Suspense boundary of a section's server HTML (after its `<!--$-->` marker). */
function boundaryContent(frame: Element): Node | null {
  const walker = document.createTreeWalker(frame, NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if ((node as Comment).data === '$') return node.nextSibling;
  return null;
}

start().catch((error) => {
  console.error('The site failed to start in the browser', error);
});
