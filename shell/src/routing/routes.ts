import type { ComponentType } from 'react';
import { matchRoutes, redirect, redirectDocument, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router';
import { routeName, splitLocaleFromPath, statusOfError, type Locale, type SectionModule } from '@site/contracts';
import { CONTENT_API_UNAVAILABLE } from '../api/content-errors';
import type { InitSnapshot } from '../stores/init-store';
import type { PageError, PageView } from '../stores/page-store';
import type { LoadedPage, PageLoadDependencies } from './page-loader';

/**
 * Which query parameters may change a route's HTML. Only these enter the render cache key and reach the page's
 * sections; every other parameter is dropped before rendering, so that no visitor can multiply cache entries by
 * inventing parameters. `params` are the route's own (read by the shell for this route); with `fromPage`, the backend
 * page adds its `watchQuery` list and `validate.query` keys, and each section the `meta.query` it declares (known
 * once the page is loaded).
 */
interface QueryPolicy {
  params: readonly string[];
  fromPage: boolean;
}

/** What a route says about itself beyond matching and rendering: its route object's `handle`. */
export interface RouteHandle {
  query: QueryPolicy;
  /** Whether the rendered HTML is the same for every visitor and may be cached (by the shell and proxies). */
  cache: 'shared' | 'none';
  /**
   * The page is a backend page of the site: its HTML carries the site's structured data, and links to it are
   * prefetched.
   */
  structuredData: boolean;
  /** The page never shows in search engines (QA and internal pages). */
  noindex?: boolean;
}

/** What every page route's loader returns: what the stores show (a page, or the error page). */
export interface PageData {
  locale: Locale;
  /** The path without the locale prefix. */
  path: string;
  /** The locale's init data, when it could be had. */
  init: InitSnapshot | null;
  page: PageView | null;
  error: PageError | null;
}

/** The route a location resolved to, as its loader sees it. */
export interface ResolvedRoute {
  /** The route object's id. */
  id: string;
  /** `<name>___<locale>`. */
  name: string;
  locale: Locale;
  /** The path without the locale prefix, e.g. `/news`. */
  path: string;
  /** The backend page slug: `index` for the root, else the path without its leading slash. */
  slug: string;
  handle: RouteHandle;
}

/** What the loaders need from where they run: the server's request, or the browser's stores. */
export interface RouteServices extends PageLoadDependencies {
  /** The locale's init data (layout, settings, redirects): the server's shared cache or the browser's store. */
  initFor(locale: Locale): Promise<InitSnapshot>;
  /**
   * Where a stored redirect's target sends the visitor (query included), or null when it would leave the site:
   * then the page is shown as if there were no redirect. `external`: the document itself must be loaded there.
   */
  resolveRedirect(to: string, locale: Locale, url: URL): { location: string; external: boolean } | null;
  /** Receives the section modules a page loaded: they stay out of the loader data (a runtime context has them). */
  keepModules(modules: Map<string, SectionModule>): void;
  /** The page on screen (browser): its `watchQuery` decides whether a query change reloads it. */
  shownPage(): PageView | null;
  /** Wraps a navigation's loading (the browser's minimum display time, its code) of the page at `url`. */
  loading?<T>(work: () => Promise<T>, url: URL): Promise<T>;
}

/** Loads what a route shows once its init data is there and no stored redirect applies; throws a PageError. */
export type PageLoad = (route: ResolvedRoute, search: string, services: RouteServices, signal: AbortSignal) => Promise<LoadedPage>;

/** One kind of page: the route object without its environment (the loader's services). */
export interface PageRoute {
  /** The route id and the first half of the route name (`<id>___<locale>`). */
  id: string;
  /** The path without the locale prefix; null for the catch-all content page. */
  path: string | null;
  /** The backend page a static route shows; else the path is the slug. */
  slug?: string;
  Component: ComponentType;
  handle: RouteHandle;
  load: PageLoad;
}

/** The first value of each query parameter, bounded in length so that hostile input stays cheap. */
export function queryRecord(search: string): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!(key in record)) record[key] = value.slice(0, 500);
  }
  return record;
}

/** The page slug for a path: root → `index`, else the path without its leading slash. */
export function slugForPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? 'index' : trimmed;
}

/**
 * The query string made of the named parameters only, sorted by name (values kept in their order): two addresses
 * that differ only in other parameters or in order get the same string, the page's canonical query.
 */
export function canonicalQuery(search: string, params: Iterable<string>): string {
  const allowed = new Set(params);
  const kept = [...new URLSearchParams(search)].filter(([name]) => allowed.has(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = new URLSearchParams(kept).toString();
  return text ? `?${text}` : '';
}

function normalisePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // A malformed escape stays as it came; the catch-all will answer 404 for it.
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/');
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/** Route paths match in every locale: none for Russian, an optional `/en` prefix for English. */
function routePaths(page: PageRoute): string[] {
  return page.path === null ? ['/en?', '/en?/*'] : [`/en?${page.path}`];
}

/** The id of a route object: the catch-all's root address is the `index` route. */
function routeId(page: PageRoute, path: string): string {
  return path === '/en?' ? 'index' : page.id;
}

function resolvedFor(page: PageRoute, id: string, pathname: string): ResolvedRoute {
  const { locale, path } = splitLocaleFromPath(normalisePath(pathname));
  return { id, name: routeName(id, locale), locale, path, slug: page.slug ?? slugForPath(path), handle: page.handle };
}

function redirectFor(init: InitSnapshot, path: string): { to: string; status?: number } | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return init.redirects.find((stored) => stored.from === normalised) ?? null;
}

function pageErrorOf(error: unknown): PageError {
  return {
    statusCode: statusOfError(error),
    message: (error as PageError)?.message ?? String(error),
    ...((error as PageError)?.dependsOnQuery ? { dependsOnQuery: true } : {}),
  };
}

/**
 * A page route's loader, the same on the server and in the browser: init data → stored redirects → the page and
 * its sections. Without init data there is no page at all: 503, the service behind it is away.
 */
function pageLoader(page: PageRoute, id: string, services: RouteServices) {
  return ({ request }: LoaderFunctionArgs): Promise<PageData> => {
    const url = new URL(request.url);
    const route = resolvedFor(page, id, url.pathname);
    const load = async (): Promise<PageData> => {
      let init: InitSnapshot;
      try {
        init = await services.initFor(route.locale);
      } catch {
        return { locale: route.locale, path: route.path, init: null, page: null, error: { statusCode: 503, message: CONTENT_API_UNAVAILABLE } };
      }
      const stored = redirectFor(init, route.path);
      const followed = stored ? services.resolveRedirect(stored.to, route.locale, url) : null;
      if (stored && followed) throw (followed.external ? redirectDocument : redirect)(followed.location, stored.status ?? 301);
      try {
        const { view, modules } = await page.load(route, url.search, services, request.signal);
        services.keepModules(modules);
        return { locale: route.locale, path: route.path, init, page: view, error: null };
      } catch (error) {
        return { locale: route.locale, path: route.path, init, page: null, error: pageErrorOf(error) };
      }
    };
    return services.loading ? services.loading(load, url) : load();
  };
}

/** Whether a query change should reload the page: only for a page that watches the query. */
function queryChangeReloads(view: PageView | null, previousSearch: string, nextSearch: string): boolean {
  const watch = view?.watchQuery;
  if (!watch) return false;
  if (watch === true) return previousSearch !== nextSearch;
  const before = new URLSearchParams(previousSearch);
  const after = new URLSearchParams(nextSearch);
  return watch.some((key) => before.get(key) !== after.get(key));
}

function shouldRevalidate(services: RouteServices) {
  return ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean => {
    if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    // The error page is always loaded again; a page on screen only when it watches the changed query.
    const shown = services.shownPage();
    return shown === null || queryChangeReloads(shown, currentUrl.search, nextUrl.search);
  };
}

/**
 * The route objects of the site: one per kind of page, each with its loader, component, revalidation rule and
 * policy (`handle`), below the root route that renders the layout around them.
 */
export function createRoutes(services: RouteServices, pages: readonly PageRoute[], Root: ComponentType): RouteObject[] {
  const children = pages.flatMap((page) =>
    routePaths(page).map((path): RouteObject => {
      const id = routeId(page, path);
      return { id, path, Component: page.Component, handle: page.handle, loader: pageLoader(page, id, services), shouldRevalidate: shouldRevalidate(services) };
    }),
  );
  return [{ id: 'root', Component: Root, children }];
}

/** The route a path resolves to without loading anything: its name, locale, slug and policy. */
export function resolveRoute(pages: readonly PageRoute[], pathname: string): ResolvedRoute {
  const patterns = pages.flatMap((page) => routePaths(page).map((path) => ({ path, id: routeId(page, path), page })));
  const normalised = normalisePath(pathname);
  const match = matchRoutes(patterns, normalised)?.at(-1)?.route ?? patterns.find((pattern) => pattern.path === '/en?/*')!;
  return resolvedFor(match.page, match.id, normalised);
}
