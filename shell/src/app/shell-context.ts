import { localizePath, type ApiClient, type CaptchaClient, type Locale, type ShellContext } from '@site/contracts';
import { RESPONSIVE_SCALE } from '@site/ui';
import type { Sanitizer } from '../security/sanitize';
import type { RootStore } from '../stores/root-store';

const IMAGE_WIDTHS = Object.values(RESPONSIVE_SCALE).sort((a, b) => a - b);

/** The smallest width of the responsive scale that covers the requested one. */
function imageWidthFor(width: number): number {
  return IMAGE_WIDTHS.find((candidate) => candidate >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/**
 * Builds the context sections receive. Reactive values are getters over the store, so an observer section
 * re-renders when the breakpoint or colour scheme changes.
 */
export interface ShellContextOptions {
  api: ApiClient;
  publicApiBase: string;
  sanitize: Sanitizer;
  ownLegacyHosts: readonly string[];
  captcha: CaptchaClient;
  /** The origin the server wrote absolute links with (see server/site-origin.ts). */
  siteOrigin?: string;
}

export function createShellContext(store: RootStore, { api, publicApiBase, sanitize, ownLegacyHosts, captcha, siteOrigin }: ShellContextOptions): ShellContext {
  const base = publicApiBase.endsWith('/') ? publicApiBase : `${publicApiBase}/`;
  return {
    get locale() {
      return store.locale.locale;
    },
    localePath(path: string, locale?: Locale) {
      return localizePath(path, locale ?? store.locale.locale);
    },
    api,
    imageUrl(source: string, width?: number) {
      if (!source.startsWith('/media/')) return source;
      const path = `${base}${source.slice(1)}`;
      return width ? `${path}?w=${imageWidthFor(width)}` : path;
    },
    get imagePlaceholderUrl() {
      return store.init.data?.settings.imagePlaceholder?.url;
    },
    get siteName() {
      return store.init.siteName;
    },
    get breakpoint() {
      return store.ui.breakpoint;
    },
    get colorScheme() {
      return store.ui.colorScheme;
    },
    siteOrigin,
    isServer: store.env.isServer,
    ownLegacyHosts,
    // Links in backend HTML are written locale-neutral, like every link the backend gives: the page's locale is added.
    sanitizeHtml: (html: string) => sanitize(html, { localizePath: (path) => localizePath(path, store.locale.locale) }),
    captcha,
    progress: store.loadingBar,
    leaveGuards: store.leaveGuards,
  };
}
