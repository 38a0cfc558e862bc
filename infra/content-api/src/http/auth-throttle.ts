import type { Knex } from 'knex';
import { RateLimiterMemory, RateLimiterPostgres, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Wrong credentials one client address may present within the window before it is made to wait. */
export const AUTH_FAILURES_ALLOWED = 10;
const AUTH_FAILURE_WINDOW_SECONDS = 60;
const AUTH_FAILURES = 'auth_failures';
/** Expired counters are deleted this often (an expired counter is never read again: this only bounds growth). */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The shared throttle's table, in the columns and order rate-limiter-flexible's RateLimiterPostgres writes (key,
 * points, expire). Created by a migration rather than by the limiter, so that replicas starting together do not race
 * to create it. Created on both engines so that the schema is one; only PostgreSQL uses it.
 */
export async function createAuthFailureTable(db: Knex): Promise<void> {
  await db.schema.createTable(AUTH_FAILURES, (table) => {
    table.text('key').primary();
    table.integer('points').notNullable().defaultTo(0);
    table.bigInteger('expire').nullable();
    table.index(['expire']);
  });
}

export async function dropAuthFailureTable(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists(AUTH_FAILURES);
}

interface FailedAuthThrottleOptions {
  /**
   * A PostgreSQL query builder: the counts are kept in its database (through its pool), so every replica of the API
   * counts the same failures. Without it they are kept in memory, right for one process.
   */
  sharedThrough?: Knex;
  allowed?: number;
  windowSeconds?: number;
}

/**
 * Failed authentication per client address: after `allowed` wrong credentials within the window, every further
 * attempt from that address is refused (429 with Retry-After) until the window ends, whatever it carries, so that
 * guessing a token costs a window per handful of guesses. Successes do not clear the count: a caller holding one
 * valid credential must not be able to reset its budget for guessing another. In PostgreSQL the same limiter
 * (RateLimiterPostgres: an atomic upsert per failure) replaces the in-memory one, so the rule stays the same.
 */
export class FailedAuthThrottle {
  private readonly failures: RateLimiterAbstract;
  private readonly allowed: number;
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor({ sharedThrough, allowed = AUTH_FAILURES_ALLOWED, windowSeconds = AUTH_FAILURE_WINDOW_SECONDS }: FailedAuthThrottleOptions = {}) {
    this.allowed = allowed;
    const limits = { points: allowed, duration: windowSeconds, blockDuration: windowSeconds };
    if (!sharedThrough) {
      this.failures = new RateLimiterMemory(limits);
      return;
    }
    this.failures = new RateLimiterPostgres({
      ...limits,
      storeClient: sharedThrough,
      storeType: 'knex',
      tableName: AUTH_FAILURES,
      tableCreated: true,
      // Our own sweep, stopped on close, instead of the limiter's timer that re-arms forever.
      clearExpiredByTimeout: false,
    });
    this.sweeper = setInterval(() => {
      sharedThrough(AUTH_FAILURES)
        .where('expire', '<', Date.now())
        .delete()
        .catch(() => undefined);
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  /** Seconds the address must wait before its next attempt counts; 0 when it may try now. */
  async retryAfterSeconds(address: string): Promise<number> {
    const state = await this.failures.get(address);
    if (!state || state.consumedPoints < this.allowed) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async recordFailure(address: string): Promise<void> {
    // Over the limit the limiter rejects with its state: the address is now blocked, which is what the caller wants.
    // A store error (a RateLimiterPostgres rejection that is an Error, not a state) is not swallowed.
    await this.failures.consume(address).catch((rejection: unknown) => {
      if (rejection instanceof Error) throw rejection;
    });
  }

  /** Stops the sweep of the shared table; the pool is the caller's to close. */
  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
