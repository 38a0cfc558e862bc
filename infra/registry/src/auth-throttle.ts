import { RateLimiterMemory } from 'rate-limiter-flexible';

/** Wrong credentials one client address may present within the window before it is made to wait. */
export const AUTH_FAILURES_ALLOWED = 10;
const AUTH_FAILURE_WINDOW_SECONDS = 60;

/**
 * Failed authentication per client address: after `allowed` wrong credentials within the window, every further
 * attempt from that address is refused (429 with Retry-After) until the window ends, whatever it carries, so that
 * guessing a token costs a window per handful of guesses. Successes do not clear the count: a caller holding one
 * valid credential must not be able to reset its budget for guessing another.
 */
export class FailedAuthThrottle {
  private readonly failures: RateLimiterMemory;

  constructor(
    private readonly allowed = AUTH_FAILURES_ALLOWED,
    windowSeconds = AUTH_FAILURE_WINDOW_SECONDS,
  ) {
    this.failures = new RateLimiterMemory({ points: allowed, duration: windowSeconds, blockDuration: windowSeconds });
  }

  /** Seconds the address must wait before its next attempt counts; 0 when it may try now. */
  async retryAfterSeconds(address: string): Promise<number> {
    const state = await this.failures.get(address);
    if (!state || state.consumedPoints < this.allowed) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async recordFailure(address: string): Promise<void> {
    // Over the limit the limiter rejects with its state: the address is now blocked, which is what the caller wants.
    await this.failures.consume(address).catch(() => undefined);
  }
}
