import { statusOfError, type SectionModule } from '@site/contracts';
import { CONTENT_API_UNAVAILABLE } from '../api/content-errors';
import type { InitSnapshot } from '../stores/init-store';
import type { PageError, PageView } from '../stores/page-store';
import { ERROR_PAGE_OWN_MESSAGE, loadPage, NOT_FOUND_MESSAGE, type PageLoadDependencies } from './page-loader';
import { resolveRoute, type ResolvedRoute } from './routes';

/** What a location shows: a page, an error page, or a redirect elsewhere. */
type PageOutcome =
  | { kind: 'page'; view: PageView; modules: Map<string, SectionModule> }
  | { kind: 'error'; error: PageError }
  | { kind: 'redirect'; location: string; status: number; external: boolean };

export interface PipelineResult {
  route: ResolvedRoute;
  /** The locale's init data, when it could be had. */
  init: InitSnapshot | null;
  outcome: PageOutcome;
}

export interface PipelineDependencies extends PageLoadDependencies {
  /** The locale's init data (layout, settings, redirects): the server's shared cache or the browser's store. */
  initFor(locale: ResolvedRoute['locale']): Promise<InitSnapshot>;
  /**
   * Where a stored redirect's target sends the visitor (query included), or null when it would leave the site:
   * then the page is shown as if there were no redirect. The server checks absolute targets against its allow-list.
   */
  resolveRedirect(to: string, locale: ResolvedRoute['locale']): { location: string; external: boolean } | null;
}

export interface PipelineLocation {
  pathname: string;
  /** The query string, `?a=1` or empty. */
  search: string;
}

function redirectFor(init: InitSnapshot, path: string): { to: string; status?: number } | null {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return init.redirects.find((redirect) => redirect.from === normalised) ?? null;
}

/**
 * The page pipeline, the one the server render and client navigation both run: route → init data → backend
 * redirects → the page and its sections. Each side only adapts its input (a request, a location) and its output
 * (a document, the stores). Without init data there is no page at all: 503, the service behind it is away.
 */
export async function runPagePipeline(location: PipelineLocation, deps: PipelineDependencies, signal?: AbortSignal): Promise<PipelineResult> {
  const route = resolveRoute(location.pathname);
  let init: InitSnapshot | null = null;
  try {
    init = await deps.initFor(route.locale);
  } catch (error) {
    if ((error as { code?: unknown })?.code === 'ERR_REDIRECT') throw error;
    return { route, init, outcome: { kind: 'error', error: { statusCode: 503, message: CONTENT_API_UNAVAILABLE } } };
  }

  const redirect = redirectFor(init, route.path);
  const followed = redirect ? deps.resolveRedirect(redirect.to, route.locale) : null;
  if (redirect && followed) return { route, init, outcome: { kind: 'redirect', ...followed, status: redirect.status ?? 301 } };

  if (route.kind === 'error') return { route, init, outcome: { kind: 'error', error: { statusCode: 404, message: ERROR_PAGE_OWN_MESSAGE } } };
  if (route.kind === 'pdf-redirect') return { route, init, outcome: { kind: 'error', error: { statusCode: 404, message: NOT_FOUND_MESSAGE } } };
  try {
    const { view, modules } = await loadPage(route, location.search, deps, signal);
    return { route, init, outcome: { kind: 'page', view, modules } };
  } catch (error) {
    // A redirect raised on the way is not a failure: the caller ignores it.
    if ((error as { code?: unknown })?.code === 'ERR_REDIRECT') throw error;
    const pageError: PageError = {
      statusCode: statusOfError(error),
      message: (error as PageError)?.message ?? String(error),
      ...((error as PageError)?.dependsOnQuery ? { dependsOnQuery: true } : {}),
    };
    return { route, init, outcome: { kind: 'error', error: pageError } };
  }
}
