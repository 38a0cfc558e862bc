import type { ApiClient } from '@site/contracts';
import { endpoints } from '../api/endpoints';
import { PREFETCH_IDLE_TIMEOUT_MS, prefetchAllowed, type ConnectionState, type IdleCallback, type IdleTime, type PrefetchedPages } from './prefetch';
import { queryRecord } from './routes';
import { resolveSiteRoute } from './site-routes';

/** At most this many pages are prefetched per page view: the links a visitor sees first. */
const PREFETCH_LIMIT = 16;

/** A prefetch starts only while the idle period has at least this much left (one always does per callback). */
const MIN_IDLE_MS = 4;

export interface LinkPrefetcherEnvironment {
  document: Document;
  location: Location;
  navigator: ConnectionState;
  requestIdle: IdleCallback;
}

/**
 * Prefetches the page data behind internal links as they come into view, when the browser is idle,
 * so that following them shows the next page without waiting for its data.
 */
export class LinkPrefetcher {
  private observer: IntersectionObserver | null = null;
  private readonly seen = new Set<string>();
  private queue: URL[] = [];
  private idleScheduled = false;
  private count = 0;

  constructor(
    private readonly api: ApiClient,
    private readonly pages: PrefetchedPages,
    private readonly env: LinkPrefetcherEnvironment,
  ) {}

  /** Watches the links on the page now (call again after a navigation). */
  scan(): void {
    this.observer?.disconnect();
    this.count = 0;
    this.seen.clear();
    this.queue = [];
    if (typeof IntersectionObserver === 'undefined' || !prefetchAllowed(this.env.navigator)) return;
    this.observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        this.observer?.unobserve(entry.target);
        const url = this.prefetchableUrl(entry.target as HTMLAnchorElement);
        if (url) this.enqueue(url);
      }
    });
    for (const link of this.env.document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
      if (this.prefetchableUrl(link)) this.observer.observe(link);
    }
  }

  stop(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  private prefetchableUrl(link: HTMLAnchorElement): URL | null {
    if (link.target && link.target !== '_self') return null;
    if (link.hasAttribute('download')) return null;
    let url: URL;
    try {
      url = new URL(link.href, this.env.location.href);
    } catch {
      return null;
    }
    if (url.origin !== this.env.location.origin) return null;
    if (/^\/(api|_shell|_platform|_preview)\//.test(url.pathname)) return null;
    if (url.pathname === this.env.location.pathname && url.search === this.env.location.search) return null;
    return url;
  }

  private enqueue(url: URL): void {
    const key = `${url.pathname}${url.search}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.queue.push(url);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.idleScheduled) return;
    this.idleScheduled = true;
    this.env.requestIdle((idle) => this.flush(idle), { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  }

  /**
   * Starts prefetches while the browser is idle: starting one costs a slow phone's main thread a few milliseconds
   * (the route, the request), so a callback starts one and more only while its idle period lasts, and leaves the
   * rest to the next idle period instead of taking the main thread for all of them in one long task.
   */
  private flush(idle?: IdleTime): void {
    this.idleScheduled = false;
    // The connection may have changed since the links came into view.
    if (!prefetchAllowed(this.env.navigator)) {
      this.queue = [];
      return;
    }
    let started = false;
    while (this.queue.length > 0 && this.count < PREFETCH_LIMIT) {
      if (started && (idle?.timeRemaining() ?? 0) < MIN_IDLE_MS) break;
      const url = this.queue.shift()!;
      const route = resolveSiteRoute(url.pathname);
      // Only backend pages have data to fetch ahead.
      if (!route.handle.structuredData) continue;
      if (this.pages.has(route.locale, route.slug, url.search)) continue;
      this.count += 1;
      started = true;
      this.pages.put(route.locale, route.slug, url.search, endpoints.page(this.api, route.locale, route.slug, queryRecord(url.search)));
    }
    if (this.count >= PREFETCH_LIMIT) this.queue = [];
    if (this.queue.length > 0) this.scheduleFlush();
  }
}
