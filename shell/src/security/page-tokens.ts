import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The `Server-Timing` entry that carries a page view's token to the page's own scripts (they read it from the navigation timing). */
export const PAGE_TOKEN_TIMING = 'pt';

export interface PageTokenOptions {
  /** How long after the page was served its beacons still count (a tab left open reports INP and CLS when hidden). */
  ttlMs: number;
  /** Bound of the single-use memory: tokens seen per beacon kind. When full of live entries, reports are not counted. */
  maxUsed: number;
  /** Error reports counted per client address within `clientWindowMs`. */
  clientCap: number;
  clientWindowMs: number;
  /** Bound of the per-address memory. */
  maxClients: number;
}

const DEFAULTS: PageTokenOptions = { ttlMs: 30 * 60_000, maxUsed: 200_000, clientCap: 10, clientWindowMs: 10 * 60_000, maxClients: 50_000 };

interface Payload {
  /** The page view's id. */
  i: string;
  /** `remote@version` of every remote section the page was rendered with. */
  v: string[];
  /** Expiry, ms since the epoch. */
  e: number;
}

export type TokenVerdict =
  { counted: true } | { counted: false; reason: 'no token' | 'forged' | 'expired' | 'other versions' | 'reused' | 'client cap' | 'busy' };

/**
 * Page tokens: the evidence that a browser report comes from a page this shell served. Each page view gets a token
 * (HMAC over the view's id, the versions it was rendered with and an expiry), sent in a response header rather than
 * in the cached page, so every view has its own. A report counts once per token and kind, only for the versions the
 * token names, and error reports count at most `clientCap` times per address and window. Memory is bounded: when
 * it is full of live entries, reports are not counted (an undercount, never a forged count).
 */
export class PageTokens {
  private readonly options: PageTokenOptions;
  /** `<id>:<kind>` → expiry, in insertion (≈ expiry) order. */
  private readonly used = new Map<string, number>();
  private readonly clients = new Map<string, { since: number; count: number }>();

  constructor(
    private readonly key: Buffer,
    options: Partial<PageTokenOptions> = {},
    private readonly now: () => number = Date.now,
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  private sign(body: string): Buffer {
    return createHmac('sha256', this.key).update(body).digest();
  }

  /** A token for one page view rendered with these versions (`remote@version`). */
  issue(versions: string[]): string {
    const payload: Payload = { i: randomBytes(12).toString('base64url'), v: [...new Set(versions)].sort(), e: this.now() + this.options.ttlMs };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.sign(body).toString('base64url')}`;
  }

  private read(token: unknown): Payload | 'forged' | 'no token' {
    if (typeof token !== 'string' || token.length === 0) return 'no token';
    if (token.length > 4096) return 'forged';
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return 'forged';
    const given = Buffer.from(mac, 'base64url');
    const expected = this.sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
      return typeof payload.i === 'string' && Array.isArray(payload.v) && typeof payload.e === 'number' ? payload : 'forged';
    } catch {
      return 'forged';
    }
  }

  /**
   * Whether a report of `kind` (`section-error:<remote>`, `LCP`, …) naming `versions` counts: a valid, unexpired
   * token that names every one of them, not used for this kind before. `limited` reports (errors, which decide
   * canaries) also count against the client address's cap.
   */
  accept(token: unknown, kind: string, versions: string[], client: string, limited = false): TokenVerdict {
    const payload = this.read(token);
    if (payload === 'no token' || payload === 'forged') return { counted: false, reason: payload };
    const now = this.now();
    if (payload.e <= now) return { counted: false, reason: 'expired' };
    if (!versions.every((version) => payload.v.includes(version))) return { counted: false, reason: 'other versions' };
    const id = `${payload.i}:${kind}`;
    if (this.used.has(id)) return { counted: false, reason: 'reused' };
    if (limited && !this.withinClientCap(client, now)) return { counted: false, reason: 'client cap' };
    if (this.used.size >= this.options.maxUsed) {
      for (const [entry, expiry] of this.used) {
        if (expiry > now) break;
        this.used.delete(entry);
      }
      if (this.used.size >= this.options.maxUsed) return { counted: false, reason: 'busy' };
    }
    this.used.set(id, payload.e);
    return { counted: true };
  }

  private withinClientCap(client: string, now: number): boolean {
    let entry = this.clients.get(client);
    if (entry && now - entry.since >= this.options.clientWindowMs) {
      this.clients.delete(client);
      entry = undefined;
    }
    if (!entry) {
      if (this.clients.size >= this.options.maxClients) {
        for (const [address, window] of this.clients) if (now - window.since >= this.options.clientWindowMs) this.clients.delete(address);
        if (this.clients.size >= this.options.maxClients) return false;
      }
      entry = { since: now, count: 0 };
      this.clients.set(client, entry);
    }
    if (entry.count >= this.options.clientCap) return false;
    entry.count += 1;
    return true;
  }
}
