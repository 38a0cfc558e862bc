import type { RateLimitConfig } from '../config';

/**
 * A fixed-window counter per client IP for the form endpoints (ASVS 2.4.1 anti-automation). In memory:
 * each instance limits its own traffic, which bounds abuse per instance behind a load balancer.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one attempt; returns the seconds to wait when the client is over its limit, or 0. */
  hit(clientKey: string): number {
    const now = this.now();
    const window = this.windows.get(clientKey);
    if (!window || now - window.startedAt >= this.config.windowMs) {
      this.windows.set(clientKey, { startedAt: now, count: 1 });
      this.forgetExpired(now);
      return 0;
    }
    window.count += 1;
    if (window.count <= this.config.max) return 0;
    return Math.max(1, Math.ceil((window.startedAt + this.config.windowMs - now) / 1000));
  }

  private forgetExpired(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (now - window.startedAt >= this.config.windowMs) this.windows.delete(key);
  }
}
