import { redirectDocument } from 'react-router';
import { localizePath, redirectTarget, type Locale } from '@site/contracts';
import { navigationCode } from '../routing/navigation';
import type { PageLoadDependencies } from '../routing/page-loader';
import type { RouteServices } from '../routing/routes';
import { isChunkLoadError } from './chunk-reload';
import type { RootStore } from '../stores/root-store';
import type { Sanitizer } from '../security/sanitize';
import { FETCH_DISPLAY_DELAY_MS, withMinimumDuration } from '../stores/fetch-state';

/**
 * What the route loaders need in the browser: the stores' init data (fetched for another locale), stored redirects
 * checked here (a path on the site is followed; another host only by asking the server for the address again, as it
 * alone holds the allow-list), a minimum display time, and the navigation code (a navigation whose code cannot be
 * had, as after a new deployment, loads its page as a document instead). The HTML sanitizer loads with every navigation: a page
 * shown by the browser may render backend HTML (its sections, the alerts of another language's init data).
 */
export function browserRouteServices(
  store: RootStore,
  deps: PageLoadDependencies,
  sanitizer: () => Promise<Sanitizer>,
  minimumDisplayMs: number = FETCH_DISPLAY_DELAY_MS,
): RouteServices {
  async function initFor(locale: Locale) {
    if (locale === store.locale.locale && store.init.data) return store.init.data;
    try {
      // The init request goes out as soon as the navigation code is in; the sanitizer's chunk loads meanwhile.
      const [[response, { normaliseInit }], sanitize] = await Promise.all([
        navigationCode().then(async (code) => [await code.endpoints.init(deps.api, locale), code] as const),
        sanitizer(),
      ]);
      return normaliseInit(response, sanitize);
    } catch (error) {
      // The page can still show with the layout already on screen.
      console.error('Init data could not be reloaded after the language switch', error);
      if (store.init.data) return store.init.data;
      throw error;
    }
  }
  return {
    ...deps,
    initFor,
    resolveRedirect(to, locale, url) {
      const followed = redirectTarget(to, []);
      if (followed?.kind === 'path') return { location: `${localizePath(followed.path, locale)}${url.search}`, external: false };
      if (/^https?:/i.test(to.trim())) return { location: `${url.pathname}${url.search}${url.hash}`, external: true };
      console.warn(`Stored redirect refused: ${JSON.stringify(to)} leaves the site`);
      return null;
    },
    // Modules stay in the federation's cache, where the section runtime finds them.
    keepModules: () => undefined,
    shownPage: () => (store.page.error ? null : store.page.current),
    loading: (work, url) =>
      withMinimumDuration(async () => {
        // The page's loading waits for the navigation code; the sanitizer's chunk loads beside it.
        const [result] = await Promise.all([
          navigationCode().then(work, (error: unknown) => {
            // A new deployment replaced the navigation code: the server renders the page instead.
            if (isChunkLoadError(error)) throw redirectDocument(url.href);
            throw error;
          }),
          sanitizer(),
        ]);
        return result;
      }, minimumDisplayMs),
  };
}
