import type { ApiClient, Locale } from '@site/contracts';
import { endpoints } from '../api/endpoints';
import { normaliseInit, type InitSnapshot } from '../stores/init-store';

interface Entry {
  value: InitSnapshot;
  fetchedAt: number;
}

/**
 * Init data per locale, shared by requests (it is the same for every visitor): fresh for a short TTL, refreshed
 * by one request at a time, and served stale when the backend fails so a backend hiccup does not break every page.
 */
export class InitCache {
  private readonly entries = new Map<Locale, Entry>();
  private readonly inflight = new Map<Locale, Promise<InitSnapshot>>();

  constructor(
    private readonly api: ApiClient,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async get(locale: Locale): Promise<InitSnapshot> {
    const entry = this.entries.get(locale);
    if (entry && this.now() - entry.fetchedAt < this.ttlMs) return entry.value;
    const refresh = this.refresh(locale);
    if (!entry) return refresh;
    // Stale: answer with what we have if the refresh fails.
    return refresh.catch(() => entry.value);
  }

  private refresh(locale: Locale): Promise<InitSnapshot> {
    let pending = this.inflight.get(locale);
    if (!pending) {
      pending = endpoints
        .init(this.api, locale)
        .then((response) => {
          const value = normaliseInit(response);
          this.entries.set(locale, { value, fetchedAt: this.now() });
          return value;
        })
        .finally(() => this.inflight.delete(locale));
      this.inflight.set(locale, pending);
    }
    return pending;
  }
}
