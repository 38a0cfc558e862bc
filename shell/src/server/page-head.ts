import type { FastifyBaseLogger } from 'fastify';
import type { HeadMarkupRefusal, Locale } from '@site/contracts';
import type { RemoteCatalog } from '../federation/catalog';
import type { RouteHandle } from '../routing/routes';
import type { RootStore } from '../stores/root-store';
import type { ShellConfig } from './config';
import { documentHead } from './document';
import type { PageAssets } from './page-assets';
import { siteStructuredData, withHeroImage } from './structured-data';

// Refused head markup is logged once per distinct entry, not on every render of every page that carries it; the
// set is bounded, and holds only what editors stored, never anything of a request.
const reportedMarkup = new Set<string>();
const REPORTED_MARKUP_MAX = 512;

function reportRefusedMarkup(refused: HeadMarkupRefusal[], log: FastifyBaseLogger): void {
  for (const { reason, entry } of refused) {
    const key = `${reason}|${JSON.stringify(entry)}`;
    if (reportedMarkup.has(key)) continue;
    if (reportedMarkup.size >= REPORTED_MARKUP_MAX) reportedMarkup.clear();
    reportedMarkup.add(key);
    log.warn({ reason, entry }, 'head markup refused: not on the allow-list, left out of the page');
  }
}

export interface HeadOf {
  store: RootStore;
  locale: Locale;
  /** The path the page is rendered at, without the locale prefix. */
  path: string;
  /** The route's own path (structured data names it). */
  routePath: string;
  origin: string;
  handle: RouteHandle;
  assets: PageAssets;
  catalog: RemoteCatalog;
  config: ShellConfig;
  log: FastifyBaseLogger;
  /** Markup put first in the body, outside the application's root (a preview's banner). */
  bodyStart?: string;
}

/** The document's head for the page in the stores: title, SEO, stylesheets, preloads and structured data. */
export function pageHead({ store, locale, path, routePath, origin, handle, assets, catalog, config, log, bodyStart }: HeadOf): string {
  const shown = store.page.error ? null : store.page.current;
  return documentHead({
    locale,
    path,
    origin,
    siteName: store.init.siteName,
    titlePostfix: store.init.titlePostfix,
    pageTitle: store.page.error ? String(store.page.error.statusCode) : store.page.title,
    siteSeo: store.init.data?.settings.seo,
    pageSeo: shown ? withHeroImage(shown.seo, shown) : undefined,
    stylesheets: assets.stylesheets,
    inlineStyles: assets.inlineStyles,
    shellScripts: assets.scripts,
    scriptPreloads: assets.scriptPreloads,
    fetchPreloads: assets.fetchPreloads,
    preloadIntegrity: catalog.integrityByUrl,
    // Error pages, and the QA pages kept out of search engines (`/test`, `/ui-kit`).
    noindex: store.status >= 400 || handle.noindex === true,
    mediaBase: config.publicApiBase,
    structuredData:
      shown && store.init.data && handle.structuredData
        ? siteStructuredData({ locale, path: routePath, origin, init: store.init.data, page: shown, mediaBase: config.publicApiBase })
        : [],
    onRefusedMarkup: (refused) => reportRefusedMarkup(refused, log),
    ...(bodyStart ? { bodyStart } : {}),
  });
}
