import { LOCALES, localePrefix, routeName, splitLocaleFromPath, type Locale } from '@site/contracts';

type RouteKind = 'content' | 'static-page' | 'test' | 'ui-kit' | 'pdf-redirect' | 'error';

/** What a route shows in the content area. */
export type RouteView = 'content' | 'ui-kit' | 'error';

/**
 * Where a route's page comes from: the backend page of its slug (with the shell's own page as a fallback for a
 * static route the backend has none for), a page listing every section the registry knows, or none at all.
 */
type RouteSource = { from: 'backend'; fallback?: 'search-results' } | { from: 'registry-sections' } | { from: 'none' };

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

/**
 * What a route says about itself beyond matching and rendering: the policy a React Router route object would carry
 * in its `handle`.
 */
interface RouteHandle {
  query: QueryPolicy;
  /** Whether the rendered HTML is the same for every visitor and may be cached (by the shell and proxies). */
  cache: 'shared' | 'none';
}

/** One route kind, all of it in one place: what it matches, what it loads, what it renders, and its policy. */
interface RouteDefinition {
  name: string;
  /** The path without the locale prefix; null for the catch-all content page. */
  path: string | null;
  kind: RouteKind;
  view: RouteView;
  source: RouteSource;
  /** The backend page a static route shows. */
  slug?: string;
  handle: RouteHandle;
  /** The page never shows in search engines (QA and internal pages). */
  noindex?: boolean;
  /** The title of a page the shell makes itself (no backend page): a shell message id. */
  titleMessage?: 'uikit.title';
}

const SHARED_PAGE: RouteHandle = { query: { params: [], fromPage: true }, cache: 'shared' };

/**
 * The static routes of the spec, in every locale, and the catch-all content page after them: the one declaration
 * of the site's routes, for any module that must list them.
 * @public
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  {
    name: 'pdf-redirect',
    path: '/pdf-redirect',
    kind: 'pdf-redirect',
    view: 'content',
    source: { from: 'none' },
    handle: { query: { params: ['url'], fromPage: false }, cache: 'none' },
  },
  {
    name: 'search',
    path: '/search',
    kind: 'static-page',
    view: 'content',
    // The search page's own parameters hold even when the backend has no search page (the shell's results page).
    source: { from: 'backend', fallback: 'search-results' },
    slug: 'search',
    handle: { query: { params: ['query', 'category', 'page'], fromPage: true }, cache: 'shared' },
  },
  {
    name: 'test',
    path: '/test',
    kind: 'test',
    view: 'content',
    source: { from: 'registry-sections' },
    handle: { query: { params: [], fromPage: false }, cache: 'shared' },
    noindex: true,
  },
  {
    name: 'ui-kit',
    path: '/ui-kit',
    kind: 'ui-kit',
    view: 'ui-kit',
    source: { from: 'none' },
    handle: { query: { params: ['scheme', 'page'], fromPage: false }, cache: 'shared' },
    noindex: true,
    titleMessage: 'uikit.title',
  },
  {
    name: 'dev-student-life',
    path: '/dev/student-life',
    kind: 'static-page',
    view: 'content',
    source: { from: 'backend' },
    slug: 'dev/student-life',
    handle: SHARED_PAGE,
  },
  {
    name: 'dev-students-life',
    path: '/dev/students-life',
    kind: 'static-page',
    view: 'content',
    source: { from: 'backend' },
    slug: 'dev/students-life',
    handle: SHARED_PAGE,
  },
  {
    name: 'error',
    path: '/error',
    kind: 'error',
    view: 'error',
    source: { from: 'none' },
    handle: { query: { params: [], fromPage: false }, cache: 'shared' },
  },
  { name: 'slug', path: null, kind: 'content', view: 'content', source: { from: 'backend' }, handle: SHARED_PAGE },
];

const CATCH_ALL = ROUTE_TABLE.find((route) => route.path === null)!;

export interface ResolvedRoute {
  /** `<name>___<locale>`. */
  name: string;
  kind: RouteKind;
  locale: Locale;
  /** The path without the locale prefix, e.g. `/news`. */
  path: string;
  /** The backend page slug: `index` for the root, else the path without its leading slash. */
  slug: string;
  definition: RouteDefinition;
}

/** The page slug for a path: root → `index`, else the path without its leading slash. */
export function slugForPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? 'index' : trimmed;
}

/** Resolves a URL path to a named route; the locale comes from the prefix (none for Russian, `/en` for English). */
export function resolveRoute(pathname: string): ResolvedRoute {
  const { locale, path } = splitLocaleFromPath(normalisePath(pathname));
  const definition = ROUTE_TABLE.find((route) => route.path === path) ?? CATCH_ALL;
  const slug = definition.slug ?? slugForPath(path);
  const name = definition === CATCH_ALL && slug === 'index' ? 'index' : definition.name;
  return { name: routeName(name, locale), kind: definition.kind, locale, path, slug, definition };
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

/** React Router path patterns of every route in every locale, in the table's order, with the view each renders. */
export function routerPatterns(): Array<{ id: string; path: string; view: RouteView }> {
  const patterns: Array<{ id: string; path: string; view: RouteView }> = [];
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    for (const route of ROUTE_TABLE) {
      if (route.path === null) {
        patterns.push({ id: routeName('index', locale), path: prefix || '/', view: route.view });
        patterns.push({ id: routeName(route.name, locale), path: `${prefix}/*`, view: route.view });
      } else {
        patterns.push({ id: routeName(route.name, locale), path: `${prefix}${route.path}`, view: route.view });
      }
    }
  }
  return patterns;
}
