import type { WindowLike } from 'dompurify';
import { loadOnce } from '../lib/load-once';
import type { SanitizeOptions, Sanitizer } from './sanitize';

/**
 * The browser's HTML sanitizer, whose code (DOMPurify, ~11 KB gzip) loads only when a page needs it: before the
 * hydration of a page whose hydrating sections rendered backend HTML on the server, before a client navigation
 * shows its page, and when a section loads its code later. A server-rendered page whose hydrating sections show no
 * backend HTML (forms, lists) never loads it: the server sanitised the alerts of its init data (see normaliseInit)
 * and rendered everything else.
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

  /** What a render waits on when it needs the sanitizer before its code has loaded (see `sanitize`). */
  private arriving: Promise<void> | null = null;
  private failed: Error | null = null;

  /**
   * Sanitises synchronously, as sections' `sanitizeHtml` must. Client navigations and sections loaded later wait for
   * `load()` first; the hydration of a page loads it only when a hydrating section sanitised HTML on the server. A
   * render that needs it before its code has loaded (a section showing backend HTML it did not on the server)
   * suspends until then, as React allows, and never renders unsanitised HTML; if the code cannot load, it throws
   * (the section's error boundary shows its fallback).
   */
  readonly sanitize = (html: string, options?: SanitizeOptions): string => {
    if (this.current) return this.current(html, options);
    if (this.failed) throw this.failed;
    this.arriving ??= this.load().then(
      () => undefined,
      (error: unknown) => {
        this.failed = error instanceof Error ? error : new Error(String(error));
      },
    );
    throw this.arriving;
  };
}
