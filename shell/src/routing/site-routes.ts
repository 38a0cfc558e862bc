import type { RouteObject } from 'react-router';
import { ShellRoot } from '../app/App';
import { ContentPage } from '../pages/ContentPage';
import { ErrorRoute } from '../pages/ErrorPage';
import { LazyUiKitPage } from '../pages/LazyUiKitPage';
import { navigationCode, type NavigationCode } from './navigation';
import { createRoutes, resolveRoute, type PageLoad, type PageRoute, type ResolvedRoute, type RouteHandle, type RouteServices } from './routes';

/** A route's page load, whose code comes with the navigation code (see navigation.ts). */
function deferred(pick: (code: NavigationCode) => PageLoad): PageLoad {
  return async (route, search, services, signal) => pick(await navigationCode())(route, search, services, signal);
}

const SHARED_PAGE: RouteHandle = { query: { params: [], fromPage: true }, cache: 'shared', structuredData: true };

/**
 * The site's fixed routes and the catch-all content page: the one declaration of the site's routes, each
 * matching in every locale. A new kind of page is one more entry here and its component.
 */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    id: 'pdf-redirect',
    path: '/pdf-redirect',
    Component: ContentPage,
    // Page delivery answers an allowed target itself; what reaches the loader is "not found".
    handle: { query: { params: ['url'], fromPage: false }, cache: 'none', structuredData: false },
    load: deferred((code) => code.notFoundPage),
  },
  {
    id: 'search',
    path: '/search',
    slug: 'search',
    Component: ContentPage,
    // The search page's own parameters hold even when the backend has no search page (the shell's results page).
    handle: { query: { params: ['query', 'category', 'page'], fromPage: true }, cache: 'shared', structuredData: true },
    load: deferred((code) => code.backendPage({ fallback: 'search-results' })),
  },
  {
    id: 'test',
    path: '/test',
    Component: ContentPage,
    handle: { query: { params: [], fromPage: false }, cache: 'shared', structuredData: false, noindex: true },
    load: deferred((code) => code.registrySectionsPage),
  },
  {
    id: 'ui-kit',
    path: '/ui-kit',
    Component: LazyUiKitPage,
    handle: { query: { params: ['scheme', 'page'], fromPage: false }, cache: 'shared', structuredData: false, noindex: true },
    load: deferred((code) => code.shellPage('uikit.title')),
  },
  {
    id: 'dev-student-life',
    path: '/dev/student-life',
    slug: 'dev/student-life',
    Component: ContentPage,
    handle: SHARED_PAGE,
    load: deferred((code) => code.backendPage()),
  },
  {
    id: 'dev-students-life',
    path: '/dev/students-life',
    slug: 'dev/students-life',
    Component: ContentPage,
    handle: SHARED_PAGE,
    load: deferred((code) => code.backendPage()),
  },
  {
    id: 'error',
    path: '/error',
    Component: ErrorRoute,
    handle: { query: { params: [], fromPage: false }, cache: 'shared', structuredData: false },
    load: deferred((code) => code.ownErrorPage),
  },
  { id: 'slug', path: null, Component: ContentPage, handle: SHARED_PAGE, load: deferred((code) => code.backendPage()) },
];

/** The site's route objects for an environment (the server's request, the browser's stores). */
export function siteRoutes(services: RouteServices, pages: readonly PageRoute[] = PAGE_ROUTES): RouteObject[] {
  return createRoutes(services, pages, ShellRoot);
}

/** The route of a path (its name, locale, slug and policy), without loading anything. */
export function resolveSiteRoute(pathname: string): ResolvedRoute {
  return resolveRoute(PAGE_ROUTES, pathname);
}
