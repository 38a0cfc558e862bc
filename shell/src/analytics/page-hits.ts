import type { Locale } from '@site/contracts';

/**
 * The site-analytics counter (a page-hit on each route change, client navigations included). It is configured by the server's
 * environment: `ANALYTICS_COUNTER_ID` names the counter and `ANALYTICS_ENDPOINT` is where hits go; without a
 * counter id nothing is sent at all.
 */
export interface AnalyticsConfig {
  counterId: string;
  endpoint: string;
}

export function analyticsConfig(counterId: string | undefined, endpoint: string | undefined): AnalyticsConfig | null {
  if (!counterId?.trim() || !endpoint?.trim()) return null;
  return { counterId: counterId.trim(), endpoint: endpoint.trim() };
}

/** One page hit as the collector receives it (a JSON body sent as text/plain, so no CORS preflight is needed). */
interface PageHit {
  counterId: string;
  event: 'page-hit';
  url: string;
  referrer: string;
  title: string;
  locale: Locale;
}

export type HitTransport = (endpoint: string, body: string) => void;

/** A beacon survives the page being left; where beacons are missing, a keep-alive fetch does the same. */
const beaconTransport: HitTransport = (endpoint, body) => {
  const blob = new Blob([body], { type: 'text/plain;charset=UTF-8' });
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, blob)) return;
  void fetch(endpoint, { method: 'POST', body: blob, keepalive: true, mode: 'no-cors', credentials: 'omit' }).catch(() => undefined);
};

export class PageHitCounter {
  private lastUrl: string | null = null;

  constructor(
    private readonly config: AnalyticsConfig | null,
    private readonly transport: HitTransport = beaconTransport,
  ) {}

  /** Counts the page now on screen; the same URL twice in a row (a hash change, a re-render) counts once. */
  hit(page: { url: string; title: string; locale: Locale; referrer?: string }): boolean {
    if (!this.config || page.url === this.lastUrl) return false;
    const referrer = this.lastUrl ?? page.referrer ?? '';
    this.lastUrl = page.url;
    const hit: PageHit = { counterId: this.config.counterId, event: 'page-hit', url: page.url, referrer, title: page.title, locale: page.locale };
    this.transport(this.config.endpoint, JSON.stringify(hit));
    return true;
  }
}
