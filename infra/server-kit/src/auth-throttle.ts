import { RateLimiterMemory, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Wrong credentials one client address may present within the window before it is made to wait. */
export const AUTH_FAILURES_ALLOWED = 10;
const AUTH_FAILURE_WINDOW_SECONDS = 60;

/** The limits a throttle's store counts with, in rate-limiter-flexible's terms. */
export interface ThrottleLimits {
  points: number;
  duration: number;
  blockDuration: number;
}

export interface FailedAuthThrottleOptions {
  allowed?: number;
  windowSeconds?: number;
  /**
   * Where the counts are kept: a rate-limiter-flexible limiter made with these limits. In memory by default, right
   * for one process; a service with replicas passes a shared store (the content API's RateLimiterPostgres), so that
   * every replica counts the same failures.
   */
  store?: (limits: ThrottleLimits) => RateLimiterAbstract;
}

/**
 * Failed authentication per client address: after `allowed` wrong credentials within the window, every further
 * attempt from that address is refused (429 with Retry-After) until the window ends, whatever it carries, so that
 * guessing a token costs a window per handful of guesses. Successes do not clear the count: a caller holding one
 * valid credential must not be able to reset its budget for guessing another.
 */
export class FailedAuthThrottle {
  private readonly failures: RateLimiterAbstract;
  private readonly allowed: number;

  constructor({ allowed = AUTH_FAILURES_ALLOWED, windowSeconds = AUTH_FAILURE_WINDOW_SECONDS, store }: FailedAuthThrottleOptions = {}) {
    this.allowed = allowed;
    const limits = { points: allowed, duration: windowSeconds, blockDuration: windowSeconds };
    this.failures = store ? store(limits) : new RateLimiterMemory(limits);
  }

  /** Seconds the address must wait before its next attempt counts; 0 when it may try now. */
  async retryAfterSeconds(address: string): Promise<number> {
    const state = await this.failures.get(address);
    if (!state || state.consumedPoints < this.allowed) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async recordFailure(address: string): Promise<void> {
    // Over the limit the limiter rejects with its state: the address is now blocked, which is what the caller wants.
    // A store's error (a rejection that is an Error, not a state) is not swallowed.
    await this.failures.consume(address).catch((rejection: unknown) => {
      if (rejection instanceof Error) throw rejection;
    });
  }
}
