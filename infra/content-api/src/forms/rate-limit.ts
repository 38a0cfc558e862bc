import type { RateLimitConfig } from '../config';

interface Window {
  startedAt: number;
  count: number;
  /** Idempotency keys already counted: a retry of the same submission is not a new one. */
  keys: Set<string>;
}

/**
 * Fixed-window counters for the form endpoints (ASVS 2.4.1 anti-automation). In memory: each instance limits its
 * own traffic, which bounds abuse per instance behind a load balancer.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly config: Pick<RateLimitConfig, 'windowMs'> & { max: number },
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records one attempt; returns the seconds to wait when the client is over its limit, or 0. An attempt that
   * repeats an idempotency key already counted in the window is free.
   */
  hit(clientKey: string, idempotencyKey?: string): number {
    const now = this.now();
    let window = this.windows.get(clientKey);
    if (!window || now - window.startedAt >= this.config.windowMs) {
      window = { startedAt: now, count: 0, keys: new Set() };
      this.windows.set(clientKey, window);
      this.forgetExpired(now);
    }
    if (idempotencyKey && window.keys.has(idempotencyKey)) return 0;
    window.count += 1;
    if (window.count <= this.config.max) {
      if (idempotencyKey && window.keys.size < 1000) window.keys.add(idempotencyKey);
      return 0;
    }
    return Math.max(1, Math.ceil((window.startedAt + this.config.windowMs - now) / 1000));
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
 * Two limits: per browser (its client id) a low one, per IP address a much higher one, so that the students of
 * a campus behind one NAT address do not lock each other out, while one address cannot flood the intake by
 * inventing ids. A request without a valid id counts against its address only.
 */
export class FormRateLimits {
  private readonly perIp: RateLimiter;
  private readonly perClient: RateLimiter;

  constructor(config: RateLimitConfig, now: () => number = Date.now) {
    this.perIp = new RateLimiter({ max: config.max, windowMs: config.windowMs }, now);
    this.perClient = new RateLimiter({ max: config.clientMax, windowMs: config.windowMs }, now);
  }

  /** Seconds to wait, or 0. */
  hit(ip: string, clientId: unknown, idempotencyKey: string | undefined): number {
    const byClient = typeof clientId === 'string' && CLIENT_ID.test(clientId) ? this.perClient.hit(`${ip} ${clientId}`, idempotencyKey) : 0;
    if (byClient > 0) return byClient;
    return this.perIp.hit(ip, idempotencyKey);
  }
}
