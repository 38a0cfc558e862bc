import type { ApiClient } from './client';
import type { Locale } from './locale';
import type { ColorSchemeName } from './api/init';

export const BREAKPOINT_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export type BreakpointType = (typeof BREAKPOINT_TYPES)[number];

/**
 * What the shell hands every section besides its props: the locale, how to build links, the API client and
 * the presentation state it owns. The intl context (react-intl) is provided alongside.
 */
export interface ShellContext {
  locale: Locale;
  /** Localised internal path for a link target (`/news` → `/en/news` in English). */
  localePath(path: string, locale?: Locale): string;
  api: ApiClient;
  /** URL of an image through the server-side image optimiser; `width` picks a resized variant. */
  imageUrl(source: string, width?: number): string;
  /** The placeholder image for missing ones (from settings.imagePlaceholder). */
  imagePlaceholderUrl?: string;
  siteName: string;
  /** Hosts of the product's own older site: http links to them open in the same tab (spec point 2). */
  ownLegacyHosts: readonly string[];
  readonly breakpoint: BreakpointType;
  readonly colorScheme: ColorSchemeName | null;
  isServer: boolean;
  /**
   * Sanitises backend HTML for rendering (standard tags plus img and br; no scripts, handlers or javascript:
   * URLs; spec point 5). The same policy runs on the server and in the browser.
   */
  sanitizeHtml(html: string): string;
}
