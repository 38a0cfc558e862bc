import { localizePath, redirectTarget, statusOfError } from '@site/contracts';
import { endpoints } from '../api/endpoints';
import type { PageLoadDependencies } from './page-loader';
import { loadPage } from './page-loader';
import { resolveRoute } from './routes';
import type { PageError, PageView } from '../stores/page-store';
import type { RootStore } from '../stores/root-store';
import { normaliseInit } from '../stores/init-store';
import { FETCH_DISPLAY_DELAY_MS, withMinimumDuration } from '../stores/fetch-state';

export interface NavigationTarget {
  pathname: string;
  search: string;
  hash: string;
}

/** Whether a query change should refetch the page: only for a page that watches the query (spec point 4). */
export function queryChangeRefetches(view: PageView, previousSearch: string, nextSearch: string): boolean {
  const watch = view.watchQuery;
  if (!watch) return false;
  if (watch === true) return previousSearch !== nextSearch;
  const before = new URLSearchParams(previousSearch);
  const after = new URLSearchParams(nextSearch);
  return watch.some((key) => before.get(key) !== after.get(key));
}

export interface NavigatorHooks {
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

    if (route.locale !== store.locale.locale) {
      store.locale.setLocale(route.locale);
      try {
        store.init.set(normaliseInit(await endpoints.init(this.deps.api, route.locale)));
      } catch (error) {
        console.error('Init data could not be reloaded after the language switch', error);
      }
    }

    const redirect = store.init.redirectFor(route.path);
    if (redirect) {
      const followed = redirectTarget(redirect.to, []);
      if (followed?.kind === 'path') {
        this.hooks.replace(`${localizePath(followed.path, route.locale)}${target.search}`);
        return;
      }
      if (/^https?:/i.test(redirect.to.trim())) {
        // Another host: only the server knows the allowed ones, so the browser loads this address from it.
        (this.hooks.assign ?? ((url: string) => window.location.assign(url)))(`${target.pathname}${target.search}${target.hash}`);
        return;
      }
      console.warn(`Stored redirect refused: ${JSON.stringify(redirect.to)} leaves the site`);
    }

    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    // The minimum display time starts first, so that its timer fires before the loading bar's equal throttle.
    const loading = withMinimumDuration(() => loadPage(route, target.search, this.deps, controller.signal), this.minimumDisplayMs);
    store.loadingBar.start();
    store.page.startLoading();
    const pathChanged = !current || current.path !== route.path || current.routeName !== route.name;
    try {
      const { view } = await loading;
      if (controller.signal.aborted) return;
      store.status = 200;
      store.page.show(view);
      store.loadingBar.finish();
      this.hooks.afterNavigation?.(target, view, { pathChanged });
    } catch (error) {
      if (controller.signal.aborted) return;
      // A redirect raised by a navigation guard is not an error (spec point 8).
      if ((error as { code?: string })?.code === 'ERR_REDIRECT') {
        store.page.stopLoading();
        store.loadingBar.finish();
        return;
      }
      const pageError: PageError = { statusCode: statusOfError(error), message: (error as PageError)?.message ?? String(error) };
      store.status = pageError.statusCode;
      store.page.fail(pageError);
      store.loadingBar.fail();
      this.hooks.afterNavigation?.(target, null, { pathChanged: true });
    }
  }
}
