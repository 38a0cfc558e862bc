import { localizePath, redirectTarget } from '@site/contracts';
import { endpoints } from '../api/endpoints';
import type { PageLoadDependencies } from './page-loader';
import { runPagePipeline } from './page-pipeline';
import { resolveRoute } from './routes';
import type { PageView } from '../stores/page-store';
import type { RootStore } from '../stores/root-store';
import { normaliseInit } from '../stores/init-store';
import type { Sanitizer } from '../security/sanitize';
import { FETCH_DISPLAY_DELAY_MS, withMinimumDuration } from '../stores/fetch-state';

export interface NavigationTarget {
  pathname: string;
  search: string;
  hash: string;
}

/** Whether a query change should refetch the page: only for a page that watches the query (spec point 4). */
function queryChangeRefetches(view: PageView, previousSearch: string, nextSearch: string): boolean {
  const watch = view.watchQuery;
  if (!watch) return false;
  if (watch === true) return previousSearch !== nextSearch;
  const before = new URLSearchParams(previousSearch);
  const after = new URLSearchParams(nextSearch);
  return watch.some((key) => before.get(key) !== after.get(key));
}

export interface NavigatorHooks {
  /**
   * The HTML sanitizer, loaded on demand: a page shown by a client navigation may render backend HTML (its sections,
   * the alerts of another language's init data), so none is shown before the sanitizer has loaded.
   */
  sanitizer(): Promise<Sanitizer>;
  /** Replaces the URL without a new history entry (backend redirects). */
  replace(path: string): void;
  /** Leaves the site for an absolute URL (a backend redirect to another host). */
  assign?(url: string): void;
  /**
   * Called once the new location is on screen (its page, or the error page): to scroll, count a page hit and
   * prefetch the new links. `pathChanged` is false for a query change on the same page.
   */
  afterNavigation?(target: NavigationTarget, view: PageView | null, change: { pathChanged: boolean }): void;
}

/**
 * Client-side navigation: decides whether a location change loads data, follows backend redirects, switches
 * the locale, and drives the loading bar. The page on screen stays until the next one is ready.
 */
export class Navigator {
  private controller: AbortController | null = null;

  /** The init data of the locale being entered: the store's for the current locale, fetched for another. */
  private async initFor(locale: RootStore['locale']['locale']) {
    const { store } = this;
    if (locale === store.locale.locale && store.init.data) return store.init.data;
    try {
      const [response, sanitize] = await Promise.all([endpoints.init(this.deps.api, locale), this.hooks.sanitizer()]);
      return normaliseInit(response, sanitize);
    } catch (error) {
      // The page can still show with the layout already on screen.
      console.error('Init data could not be reloaded after the language switch', error);
      if (store.init.data) return store.init.data;
      throw error;
    }
  }

  /**
   * Where a stored redirect sends the visitor from the browser: a path on the site directly; another host only by
   * asking the server for this address again (it alone holds the allow-list); anything else is refused.
   */
  private redirectLocation(to: string, locale: RootStore['locale']['locale'], target: NavigationTarget) {
    const followed = redirectTarget(to, []);
    if (followed?.kind === 'path') return { location: `${localizePath(followed.path, locale)}${target.search}`, external: false };
    if (/^https?:/i.test(to.trim())) return { location: `${target.pathname}${target.search}${target.hash}`, external: true };
    console.warn(`Stored redirect refused: ${JSON.stringify(to)} leaves the site`);
    return null;
  }

  constructor(
    private readonly store: RootStore,
    private readonly deps: PageLoadDependencies,
    private readonly hooks: NavigatorHooks,
    private readonly minimumDisplayMs: number = FETCH_DISPLAY_DELAY_MS,
  ) {}

  async navigate(target: NavigationTarget): Promise<void> {
    const { store } = this;
    const route = resolveRoute(target.pathname);
    const current = store.page.current;
    const sameRoute = !!current && !store.page.error && current.routeName === route.name && current.path === route.path;
    // A hash change alone is not a navigation: the link scrolls to its anchor.
    if (sameRoute && current.search === target.search) return;
    // A query change reloads the data only for a page that watches the query (spec point 4).
    if (sameRoute && !queryChangeRefetches(current, current.search, target.search)) {
      store.loadingBar.start();
      store.loadingBar.finish();
      this.hooks.afterNavigation?.(target, current, { pathChanged: false });
      return;
    }

    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const pipeline = runPagePipeline(
      target,
      { ...this.deps, initFor: (locale) => this.initFor(locale), resolveRedirect: (to, locale) => this.redirectLocation(to, locale, target) },
      controller.signal,
    );
    // The minimum display time starts first, so that its timer fires before the loading bar's equal throttle.
    const loading = withMinimumDuration(() => Promise.all([pipeline, this.hooks.sanitizer()]).then(([result]) => result), this.minimumDisplayMs);
    store.loadingBar.start();
    store.page.startLoading();
    const pathChanged = !current || current.path !== route.path || current.routeName !== route.name;
    try {
      const { init, outcome } = await loading;
      if (controller.signal.aborted) return;
      if (route.locale !== store.locale.locale) {
        store.locale.setLocale(route.locale);
        if (init) store.init.set(init);
      }
      if (outcome.kind === 'redirect') {
        store.page.stopLoading();
        store.loadingBar.finish();
        if (outcome.external) (this.hooks.assign ?? ((url: string) => window.location.assign(url)))(outcome.location);
        else this.hooks.replace(outcome.location);
        return;
      }
      if (outcome.kind === 'error') {
        store.status = outcome.error.statusCode;
        store.page.fail(outcome.error);
        store.loadingBar.fail();
        this.hooks.afterNavigation?.(target, null, { pathChanged: true });
        return;
      }
      store.status = 200;
      store.page.show(outcome.view);
      store.loadingBar.finish();
      this.hooks.afterNavigation?.(target, outcome.view, { pathChanged });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A redirect raised by a navigation guard is not an error.
      if ((error as { code?: string })?.code === 'ERR_REDIRECT') {
        store.page.stopLoading();
        store.loadingBar.finish();
        return;
      }
      throw error;
    }
  }
}
