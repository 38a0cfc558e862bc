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
 * One route kind, all of it in one place: what it matches, what it loads, what it renders, which query parameters
 * change what it shows, and whether its HTML may be kept and shared.
 */
export interface RouteDefinition {
  name: string;
  /** The path without the locale prefix; null for the catch-all content page. */
  path: string | null;
  kind: RouteKind;
  view: RouteView;
  source: RouteSource;
  /** The backend page a static route shows. */
  slug?: string;
  /**
   * The query parameters that change the HTML. 'all' when the page's sections may read any parameter (content
   * pages: sections are owned by other teams), so the render cache keys on the whole (normalised) query.
   */
  query: 'all' | readonly string[];
  /** Whether the rendered HTML is the same for every visitor and may be cached (by the shell and proxies). */
  cache: 'shared' | 'none';
  /** The page never shows in search engines (QA and internal pages). */
  noindex?: boolean;
  /** The title of a page the shell makes itself (no backend page): a shell message id. */
  titleMessage?: 'uikit.title';
}

/**
 * The static routes of the spec, in every locale, and the catch-all content page after them: the one declaration
 * of the site's routes, for any module that must list them.
 * @public
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  { name: 'pdf-redirect', path: '/pdf-redirect', kind: 'pdf-redirect', view: 'content', source: { from: 'none' }, query: ['url'], cache: 'none' },
  {
    name: 'search',
    path: '/search',
    kind: 'static-page',
    view: 'content',
    source: { from: 'backend', fallback: 'search-results' },
    slug: 'search',
    query: 'all',
    cache: 'shared',
  },
  { name: 'test', path: '/test', kind: 'test', view: 'content', source: { from: 'registry-sections' }, query: [], cache: 'shared', noindex: true },
  {
    name: 'ui-kit',
    path: '/ui-kit',
    kind: 'ui-kit',
    view: 'ui-kit',
    source: { from: 'none' },
    query: 'all',
    cache: 'shared',
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
    query: 'all',
    cache: 'shared',
  },
  {
    name: 'dev-students-life',
    path: '/dev/students-life',
    kind: 'static-page',
    view: 'content',
    source: { from: 'backend' },
    slug: 'dev/students-life',
    query: 'all',
    cache: 'shared',
  },
  { name: 'error', path: '/error', kind: 'error', view: 'error', source: { from: 'none' }, query: [], cache: 'shared' },
  { name: 'slug', path: null, kind: 'content', view: 'content', source: { from: 'backend' }, query: 'all', cache: 'shared' },
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
 * The query string that decides a route's HTML: only the parameters the route declares (sorted), or the whole
 * query without tracking parameters when its sections may read any.
 */
export function relevantQuery(definition: RouteDefinition, search: string): string {
  const params = [...new URLSearchParams(search)].filter(([name]) =>
    definition.query === 'all' ? !TRACKING_PARAMETER.test(name) : definition.query.includes(name),
  );
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const text = new URLSearchParams(params).toString();
  return text ? `?${text}` : '';
}

/** Query parameters that only feed analytics: they never change the HTML. */
const TRACKING_PARAMETER = /^(utm_[a-z_]+|gclid|yclid|fbclid|_openstat)$/i;

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
