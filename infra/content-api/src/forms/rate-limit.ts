import type { RateLimitConfig } from '../config';

interface Window {
  startedAt: number;
  count: number;
  /** Idempotency keys of submissions stored in this window: a replay of a stored submission is not a new attempt. */
  stored: Set<string>;
}

/**
 * One fixed-window counter per client key: the first attempt opens a window of `windowMs`, each attempt in it counts,
 * and the replay of a submission stored in the window under the same idempotency key is free. Kept in memory
 * (`RateLimiter`, one process) or in PostgreSQL (`PostgresRateLimiter`, shared by every replica).
 */
export interface AttemptWindows {
  /** Records one attempt; returns the seconds to wait when the client is over its limit, or 0. */
  hit(clientKey: string, idempotencyKey?: string): number | Promise<number>;
  /** A submission under this key was stored: its replays in the rest of the window are free. */
  stored(clientKey: string, idempotencyKey: string): void | Promise<void>;
}

/** At most this many stored idempotency keys are remembered per client and window (a bound on memory). */
export const STORED_KEYS_PER_WINDOW = 1000;

/** The seconds until a window that started at `startedAt` ends, at least 1: what Retry-After says. */
export function secondsLeft(startedAt: number, windowMs: number, now: number): number {
  return Math.max(1, Math.ceil((startedAt + windowMs - now) / 1000));
}

/**
 * Fixed-window counters for the form endpoints (ASVS 2.4.1 anti-automation), in memory: right for one process
 * (`npm start` on SQLite); replicas on PostgreSQL share theirs instead.
 */
export class RateLimiter implements AttemptWindows {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly config: Pick<RateLimitConfig, 'windowMs'> & { max: number },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records one attempt; returns the seconds to wait when the client is over its limit, or 0. Only the replay of a
   * submission stored in this window under the same idempotency key is free (it is answered from the record);
   * every other attempt counts, so a key whose attempts keep failing buys nothing.
   */
  hit(clientKey: string, idempotencyKey?: string): number {
    const now = this.now();
    const window = this.windowOf(clientKey, now);
    if (idempotencyKey && window.stored.has(idempotencyKey)) return 0;
    window.count += 1;
    if (window.count <= this.config.max) return 0;
    return secondsLeft(window.startedAt, this.config.windowMs, now);
  }

  /** A submission under this key was stored: its replays in the rest of the window are free. */
  stored(clientKey: string, idempotencyKey: string): void {
    const window = this.windowOf(clientKey, this.now());
    if (window.stored.size < STORED_KEYS_PER_WINDOW) window.stored.add(idempotencyKey);
  }

  private windowOf(clientKey: string, now: number): Window {
    let window = this.windows.get(clientKey);
    if (!window || now - window.startedAt >= this.config.windowMs) {
      window = { startedAt: now, count: 0, stored: new Set() };
      this.windows.set(clientKey, window);
      this.forgetExpired(now);
    }
    return window;
  }

  private forgetExpired(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.config.windowMs) this.windows.delete(key);
  }
}

/** The header a browser names itself with (a random id it keeps); see the forms remote's client id. */
export const CLIENT_ID_HEADER = 'x-form-client';
const CLIENT_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * What the form routes need from a rate limit: count an attempt, and learn that a submission was stored. Async, so
 * that an implementation shared by several instances (a database table) fits behind it.
 */
export interface FormAttemptLimits {
  /** Counts one attempt of the client; seconds to wait, or 0. */
  attempt(ip: string, clientId: unknown, idempotencyKey: string | undefined): Promise<number>;
  /** The attempt under this key was stored (or replayed from the record): its retries need not count. */
  stored(ip: string, clientId: unknown, idempotencyKey: string | undefined): Promise<void>;
}

/** Makes the counter of one of the two limits; the limits are named so that a shared store keeps them apart. */
type AttemptWindowsFactory = (limit: 'address' | 'client', config: { max: number; windowMs: number }) => AttemptWindows;

const inMemory: AttemptWindowsFactory = (_limit, config) => new RateLimiter(config);

/**
 * Two limits: per browser (its client id) a low one, per IP address a much higher one, so that the students of
 * a campus behind one NAT address do not lock each other out, while one address cannot flood the intake by
 * inventing ids. A request without a valid id counts against its address only. The counters are in memory unless
 * a shared store is given (`windowsOf`).
 */
export class FormRateLimits implements FormAttemptLimits {
  private readonly perIp: AttemptWindows;
  private readonly perClient: AttemptWindows;

  constructor(config: RateLimitConfig, windowsOf: AttemptWindowsFactory = inMemory) {
    this.perIp = windowsOf('address', { max: config.max, windowMs: config.windowMs });
    this.perClient = windowsOf('client', { max: config.clientMax, windowMs: config.windowMs });
  }

  async attempt(ip: string, clientId: unknown, idempotencyKey: string | undefined): Promise<number> {
    const byClient = validClientId(clientId) ? await this.perClient.hit(`${ip} ${clientId}`, idempotencyKey) : 0;
    return byClient > 0 ? byClient : this.perIp.hit(ip, idempotencyKey);
  }

  async stored(ip: string, clientId: unknown, idempotencyKey: string | undefined): Promise<void> {
    if (idempotencyKey) {
      if (validClientId(clientId)) await this.perClient.stored(`${ip} ${clientId}`, idempotencyKey);
      await this.perIp.stored(ip, idempotencyKey);
    }
  }
}

function validClientId(clientId: unknown): clientId is string {
  return typeof clientId === 'string' && CLIENT_ID.test(clientId);
}
