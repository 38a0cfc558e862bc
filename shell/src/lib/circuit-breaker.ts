export interface CircuitBreakerOptions {
  /** Consecutive failures that open the circuit. */
  failureThreshold: number;
  /** How long an open circuit refuses calls before it lets one through to probe. */
  cooldownMs: number;
  now?: () => number;
}

/**
 * Per-remote circuit breaker: after repeated failures a remote's sections degrade at once instead of each
 * request waiting for its budget; after the cool-down one call probes whether it is back.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | null = null;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  get state(): 'closed' | 'open' | 'half-open' {
    if (this.openedAt === null) return 'closed';
    return this.now() - this.openedAt >= this.options.cooldownMs ? 'half-open' : 'open';
  }

  /** Whether a call may go ahead now. A half-open circuit lets calls through until one fails again. */
  allows(): boolean {
    return this.state !== 'open';
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openedAt = null;
  }

  recordFailure(): void {
    this.failures += 1;
    if (this.state === 'half-open' || this.failures >= this.options.failureThreshold) this.openedAt = this.now();
  }

  /** Opens at once, e.g. when the remote's manifest is unreachable. */
  trip(): void {
    this.failures = Math.max(this.failures, this.options.failureThreshold);
    this.openedAt = this.now();
  }

  reset(): void {
    this.recordSuccess();
  }
}
