import type { Locale, PageResponse } from '@site/contracts';
import { queryRecord } from './routes';

/** Links are prefetched when the browser is idle, or after this long at the latest (a browser that is never idle still prefetches). */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
/** Prefetched page data is used by a navigation within this time, else fetched anew. */
const PREFETCH_TTL_MS = 15_000;

export interface ConnectionState {
  onLine?: boolean;
  connection?: { saveData?: boolean; effectiveType?: string };
}

/** Prefetching is skipped offline, on 2g connections and when the visitor asked to save data: prefetching spends data the visitor may never use. */
export function prefetchAllowed(state: ConnectionState): boolean {
  if (state.onLine === false) return false;
  const connection = state.connection;
  if (connection?.saveData) return false;
  if (connection?.effectiveType && /(^|-)2g$/.test(connection.effectiveType)) return false;
  return true;
}

function pageKey(locale: Locale, slug: string, search: string): string {
  const query = new URLSearchParams(Object.entries(queryRecord(search)).sort(([a], [b]) => a.localeCompare(b)));
  return `${locale}:${slug}?${query.toString()}`;
}

/** Page data fetched ahead of a navigation: kept briefly and handed to the navigation that needs it, once. */
export class PrefetchedPages {
  private readonly entries = new Map<string, { at: number; page: Promise<PageResponse> }>();

  constructor(
    private readonly ttlMs: number = PREFETCH_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  has(locale: Locale, slug: string, search: string): boolean {
    return this.entries.has(pageKey(locale, slug, search));
  }

  put(locale: Locale, slug: string, search: string, page: Promise<PageResponse>): void {
    // A failed prefetch is simply not used: the navigation fetches again and reports its own error.
    page.catch(() => this.entries.delete(pageKey(locale, slug, search)));
    this.entries.set(pageKey(locale, slug, search), { at: this.now(), page });
  }

  take(locale: Locale, slug: string, search: string): Promise<PageResponse> | undefined {
    const key = pageKey(locale, slug, search);
    const entry = this.entries.get(key);
    this.entries.delete(key);
    if (!entry || this.now() - entry.at > this.ttlMs) return undefined;
    return entry.page;
  }
}

/** What an idle callback is told: how much of the browser's idle period is left (none when it ran on its time-out). */
export interface IdleTime {
  timeRemaining(): number;
}

export type IdleCallback = (callback: (idle?: IdleTime) => void, options: { timeout: number }) => void;

/** requestIdleCallback where the browser has it; a timer standing in for it elsewhere (no idle time reported). */
export function browserIdleCallback(): IdleCallback {
  if (typeof window.requestIdleCallback === 'function') return (callback, options) => window.requestIdleCallback(callback, options);
  return (callback) => window.setTimeout(callback, 1);
}
