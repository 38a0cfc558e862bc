import { LOCALES, localePrefix, routeName, splitLocaleFromPath, type Locale } from '@site/contracts';

export type RouteKind = 'content' | 'static-page' | 'test' | 'ui-kit' | 'pdf-redirect' | 'error';

interface RouteDefinition {
  name: string;
  /** Path without the locale prefix. */
  path: string;
  kind: RouteKind;
  /** The backend page a static route shows. */
  slug?: string;
}

/** The static routes of spec point 2, in every locale; everything else is the catch-all content page. */
const ROUTE_DEFINITIONS: RouteDefinition[] = [
  { name: 'pdf-redirect', path: '/pdf-redirect', kind: 'pdf-redirect' },
  { name: 'search', path: '/search', kind: 'static-page', slug: 'search' },
  { name: 'test', path: '/test', kind: 'test' },
  { name: 'ui-kit', path: '/ui-kit', kind: 'ui-kit' },
  { name: 'dev-student-life', path: '/dev/student-life', kind: 'static-page', slug: 'dev/student-life' },
  { name: 'dev-students-life', path: '/dev/students-life', kind: 'static-page', slug: 'dev/students-life' },
  { name: 'error', path: '/error', kind: 'error' },
];

export interface ResolvedRoute {
  /** `<name>___<locale>` (spec point 2). */
  name: string;
  kind: RouteKind;
  locale: Locale;
  /** The path without the locale prefix, e.g. `/news`. */
  path: string;
  /** The backend page slug: `index` for the root, else the path without its leading slash. */
  slug: string;
}

/** The page slug for a path (spec point 2): root → `index`, else the path without its leading slash. */
export function slugForPath(path: string): string {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? 'index' : trimmed;
}

/** Resolves a URL path to a named route; the locale comes from the prefix (none for Russian, `/en` for English). */
export function resolveRoute(pathname: string): ResolvedRoute {
  const { locale, path } = splitLocaleFromPath(normalisePath(pathname));
  const match = ROUTE_DEFINITIONS.find((route) => route.path === path);
  if (match) {
    return { name: routeName(match.name, locale), kind: match.kind, locale, path, slug: match.slug ?? slugForPath(path) };
  }
  const slug = slugForPath(path);
  return { name: routeName(slug === 'index' ? 'index' : 'slug', locale), kind: 'content', locale, path, slug };
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

/** The error page's path: `/error`, or `/{locale}/error` for the non-default locale (spec point 2). */
export function errorPath(locale: Locale): string {
  return `${localePrefix(locale)}/error`;
}

/** React Router path patterns for every route in every locale. */
export function routerPatterns(): Array<{ id: string; path: string; kind: RouteKind }> {
  const patterns: Array<{ id: string; path: string; kind: RouteKind }> = [];
  for (const locale of LOCALES) {
    const prefix = localePrefix(locale);
    for (const route of ROUTE_DEFINITIONS) {
      patterns.push({ id: routeName(route.name, locale), path: `${prefix}${route.path}`, kind: route.kind });
    }
    patterns.push({ id: routeName('index', locale), path: prefix || '/', kind: 'content' });
    patterns.push({ id: routeName('slug', locale), path: `${prefix}/*`, kind: 'content' });
  }
  return patterns;
}
