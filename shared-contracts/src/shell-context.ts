import type { ApiClient } from './client';
import type { Locale } from './locale';
import type { ColorSchemeName } from './api/init';

/**
 * The captcha check forms run before sending: invisible and score-based, version 3 by
 * default, optionally reCAPTCHA Enterprise. The shell loads the provider's script once.
 */
export interface CaptchaClient {
  /** False when the deployment runs without a captcha (forms then send no token). */
  readonly enabled: boolean;
  /**
   * A fresh token for an action (tokens expire after two minutes, so call it right before sending).
   * Rejects with 'Failed to load script' when the provider's script cannot be loaded.
   */
  execute(action: string): Promise<string>;
}

/**
 * The shell's thin loading bar, for work a section does outside navigation, such as an upload:
 * start it, pause its own timed filling when real progress is known, increase it by percentage points, then
 * finish or fail (red).
 */
export interface ProgressIndicator {
  start(): void;
  increase(amount: number): void;
  pause(): void;
  resume(): void;
  finish(): void;
  fail(): void;
}

/**
 * Holds the visitor on a page whose section has input that would be lost: while any registered check answers
 * true, the shell asks before a client navigation (an in-page dialog) and before the page unloads.
 */
export interface LeaveGuards {
  /** Registers a check of unsaved input; returns the function that removes it. */
  register(hasUnsavedInput: () => boolean): () => void;
}

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
  /** The site's origin (`https://host`) for absolute URLs: structured data, share links. Absent in older shells. */
  siteOrigin?: string;
  /** Hosts of the product's own older site: http links to them open in the same tab. */
  ownLegacyHosts: readonly string[];
  readonly breakpoint: BreakpointType;
  readonly colorScheme: ColorSchemeName | null;
  isServer: boolean;
  /**
   * Sanitises backend HTML for rendering (standard tags plus img and br; no scripts, handlers or javascript:
   * URLs). The same policy runs on the server and in the browser.
   */
  sanitizeHtml(html: string): string;
  captcha: CaptchaClient;
  /** The loading bar; absent in shells older than it (sections then show their own status only). */
  progress?: ProgressIndicator;
  /** Unsaved-input guards; absent in shells older than them (the page is then left without asking). */
  leaveGuards?: LeaveGuards;
}
