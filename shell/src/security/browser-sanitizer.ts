import type { WindowLike } from 'dompurify';
import { loadOnce } from '../lib/load-once';
import type { SanitizeOptions, Sanitizer } from './sanitize';

/**
 * The browser's HTML sanitizer, whose code (DOMPurify, ~10 KB gzip) loads only when a page needs it: before the
 * hydration of a page whose hydrated parts may render backend HTML, before a client navigation shows its page, and
 * when a section loads its code later. A server-rendered page whose sections all keep their server HTML never loads
 * it: the server sanitised the alerts of its init data (see normaliseInit) and rendered everything else.
 */
export class BrowserSanitizer {
  private current: Sanitizer | null = null;

  constructor(
    private readonly window: WindowLike,
    private readonly mediaHosts: readonly string[],
  ) {}

  /** Loads the sanitizer's code once; every caller gets the same sanitizer. A failed load is tried again next time. */
  readonly load: () => Promise<Sanitizer> = loadOnce(async () => {
    const { createSanitizer } = await import(/* webpackChunkName: "sanitizer" */ './sanitize');
    this.current = createSanitizer(this.window, this.mediaHosts);
    return this.current;
  });

  /**
   * Sanitises synchronously, as sections' `sanitizeHtml` must. Every path that renders in the browser waits for
   * `load()` first, so a call before that is a bug in the shell: it fails loudly rather than render unsanitised HTML.
   */
  readonly sanitize = (html: string, options?: SanitizeOptions): string => {
    if (!this.current) throw new Error('The HTML sanitizer was used before its code loaded');
    return this.current(html, options);
  };
}
