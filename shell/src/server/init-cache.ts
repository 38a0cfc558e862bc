import type { ApiClient, Locale } from '@site/contracts';
import { endpoints } from '../api/endpoints';
import { normaliseInit, type InitSnapshot } from '../stores/init-store';
import type { Sanitizer } from '../security/sanitize';

interface Entry {
  value: InitSnapshot;
  fetchedAt: number;
  revision: string | null;
}

/**
 * Init data per locale, shared by requests (it is the same for every visitor). It follows the content revision:
 * when the revision moves the next request waits for the new data; when only the TTL ran out the stale data is
 * answered at once while one refresh runs in the background. A failing backend never breaks a page that has init
 * data from before.
 */
export class InitCache {
  private readonly entries = new Map<Locale, Entry>();
  private readonly inflight = new Map<Locale, Promise<InitSnapshot>>();

  constructor(
    private readonly api: ApiClient,
    private readonly ttlMs: number,
    /** Sanitises the alerts' HTML once per fetched init response (see normaliseInit). */
    private readonly sanitize: Sanitizer,
    private readonly now: () => number = Date.now,
  ) {}

  async get(locale: Locale, revision: string | null = null): Promise<InitSnapshot> {
    const entry = this.entries.get(locale);
    if (!entry) return this.refresh(locale, revision);
    const sameRevision = revision === null || entry.revision === revision;
    if (sameRevision && this.now() - entry.fetchedAt < this.ttlMs) return entry.value;
    const refresh = this.refresh(locale, revision).catch(() => entry.value);
    return sameRevision ? entry.value : refresh;
  }

  private refresh(locale: Locale, revision: string | null): Promise<InitSnapshot> {
    let pending = this.inflight.get(locale);
    if (!pending) {
      pending = endpoints
        .init(this.api, locale)
        .then((response) => {
          const value = normaliseInit(response, this.sanitize);
          this.entries.set(locale, { value, fetchedAt: this.now(), revision });
          return value;
        })
        .finally(() => this.inflight.delete(locale));
      this.inflight.set(locale, pending);
    }
    return pending;
  }
}
