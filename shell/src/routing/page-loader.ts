import { isApiError, statusOfError, type ApiClient, type Locale, type Page, type QueryParams } from '@site/contracts';
import { shellMessages } from '../i18n/messages';
import { intlFor } from '../i18n/intl-cache';
import { endpoints } from '../api/endpoints';
import { resolveSections, type ResolveOptions, type SectionModuleSource } from '../sections/resolve-sections';
import { ERROR_PAGE_OWN_MESSAGE, type PageError, type PageView } from '../stores/page-store';
import type { SectionModule } from '@site/contracts';
import type { PrefetchedPages } from './prefetch';
import { queryRecord, type PageLoad, type ResolvedRoute } from './routes';

const NOT_FOUND_MESSAGE = 'This page could not be found';

function notFound(cause?: string): PageError {
  return { statusCode: 404, message: NOT_FOUND_MESSAGE, ...(cause ? { cause } : {}) };
}

/** A title from the shell's messages, formatted (browsers hold them precompiled, not as strings). */
function pageTitle(locale: Locale, id: 'page.searchTitle' | 'test.title' | 'uikit.title'): string {
  return intlFor(locale, shellMessages[locale]).formatMessage({ id });
}

/** The search page the shell shows when the backend has none: the search remote's results section. */
function searchResultsPage(slug: string, locale: Locale): Page {
  return { slug, title: pageTitle(locale, 'page.searchTitle'), watchQuery: true, components: [{ id: 'search-results', name: 'SearchResults', props: {} }] };
}

export interface PageLoadDependencies {
  api: ApiClient;
  source: SectionModuleSource;
  /** Every section name the registry knows (for the /test page). */
  knownSections: () => string[];
  resolveOptions: ResolveOptions;
  isServer: boolean;
  /** Page data fetched ahead by the link prefetcher (browser only). */
  prefetched?: PrefetchedPages;
}

export interface LoadedPage {
  view: PageView;
  modules: Map<string, SectionModule>;
}

/** The query parameters a page declares before its sections add theirs: the route's, `watchQuery` and validated ones. */
function pageDeclaredParams(route: ResolvedRoute, page: Page | null): string[] {
  const policy = route.handle.query;
  const params = new Set(policy.params);
  if (policy.fromPage && page) {
    if (Array.isArray(page.watchQuery)) for (const name of page.watchQuery) params.add(name);
    for (const name of Object.keys(page.validate?.query ?? {})) params.add(name);
  }
  return [...params].sort();
}

/** A page-level validation step: every rule the page declares must hold for the request's query, or the page is a 404. */
function pageValidationFails(page: Page, query: Record<string, string>): string | null {
  for (const [key, rule] of Object.entries(page.validate?.query ?? {})) {
    const value = query[key];
    if (value === undefined) {
      if (rule.required) return `query parameter ${key} is required`;
      continue;
    }
    let pattern: RegExp;
    try {
      pattern = new RegExp(rule.pattern);
    } catch {
      return `page rule for ${key} is not a valid pattern`;
    }
    if (!pattern.test(value)) return `query parameter ${key} does not match ${rule.pattern}`;
  }
  return null;
}

async function fetchPage(
  route: ResolvedRoute,
  query: QueryParams,
  search: string,
  deps: PageLoadDependencies,
  signal: AbortSignal,
  fallback?: () => Page,
): Promise<Page> {
  try {
    const prefetched = deps.prefetched?.take(route.locale, route.slug, search);
    return (await (prefetched ?? endpoints.page(deps.api, route.locale, route.slug, query, signal))).data;
  } catch (error) {
    const status = statusOfError(error);
    if (status === 404 && fallback) return fallback();
    if (status === 404) throw notFound(`no page with slug ${route.slug}`);
    if (isApiError(error)) throw { statusCode: status, message: error.message } satisfies PageError;
    throw { statusCode: 500, message: error instanceof Error ? error.message : String(error) } satisfies PageError;
  }
}

/** A page validated against its query, with every section resolved. */
async function withSections(route: ResolvedRoute, page: Page, search: string, deps: PageLoadDependencies, signal: AbortSignal): Promise<LoadedPage> {
  const query = queryRecord(search);
  const failure = pageValidationFails(page, query);
  if (failure) throw { ...notFound(failure), dependsOnQuery: true } satisfies PageError;
  const { views, modules, queryParams } = await resolveSections(
    page.components,
    deps.source,
    { locale: route.locale, api: deps.api, path: route.path, query, isServer: deps.isServer },
    { ...deps.resolveOptions, pageQueryParams: pageDeclaredParams(route, page) },
    signal,
  );
  return {
    view: {
      routeName: route.name,
      path: route.path,
      search,
      slug: page.slug,
      title: page.title,
      ...(page.seo ? { seo: page.seo } : {}),
      ...(page.watchQuery !== undefined ? { watchQuery: page.watchQuery } : {}),
      queryParams,
      sections: views,
    },
    modules,
  };
}

/**
 * The backend page of the route's slug. With `fallback: 'search-results'` a slug the backend has no page for shows
 * the search remote's results section (the search page's own parameters hold then too).
 */
export function backendPage(options: { fallback?: 'search-results' } = {}): PageLoad {
  return async (route, search, deps, signal) => {
    const fallback = options.fallback === 'search-results' ? () => searchResultsPage(route.slug, route.locale) : undefined;
    return withSections(route, await fetchPage(route, queryRecord(search), search, deps, signal, fallback), search, deps, signal);
  };
}

/** `/test`: one section of every type the registry knows, with empty props (a QA page). */
export const registrySectionsPage: PageLoad = (route, search, deps, signal) =>
  withSections(
    route,
    { slug: 'test', title: pageTitle(route.locale, 'test.title'), components: deps.knownSections().map((name) => ({ id: `test-${name}`, name, props: {} })) },
    search,
    deps,
    signal,
  );

/** A page of the shell's own (no backend page), with the title its route names so that the head reads '{title} | {postfix}'. */
export function shellPage(titleMessage?: 'uikit.title'): PageLoad {
  return async (route, search) => ({
    view: {
      routeName: route.name,
      path: route.path,
      search,
      slug: route.slug,
      title: titleMessage ? pageTitle(route.locale, titleMessage) : '',
      queryParams: pageDeclaredParams(route, null),
      sections: [],
    },
    modules: new Map(),
  });
}

/** A route that shows no page of its own: "not found" (a `/pdf-redirect` without an allowed target). */
export const notFoundPage: PageLoad = () => Promise.reject(notFound());

/** The error page opened directly: "not found" in its own words. */
export const ownErrorPage: PageLoad = () => Promise.reject({ statusCode: 404, message: ERROR_PAGE_OWN_MESSAGE } satisfies PageError);
