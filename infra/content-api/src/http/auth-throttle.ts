import type { Knex } from 'knex';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { FailedAuthThrottle } from '@site/server-kit';

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

/**
 * The admin API's throttle of failed authentication (the platform's rule, @site/server-kit). In PostgreSQL the
 * counts are kept in the database (RateLimiterPostgres: an atomic upsert per failure, through the query builder's
 * pool), so every replica of the API counts the same failures; on SQLite, one process, they are kept in memory.
 */
export class AdminAuthThrottle extends FailedAuthThrottle {
  private readonly sweeper: NodeJS.Timeout | undefined;

  constructor(sharedThrough?: Knex) {
    super({
      store: sharedThrough
        ? (counted) =>
            new RateLimiterPostgres({
              ...counted,
              storeClient: sharedThrough,
              storeType: 'knex',
              tableName: AUTH_FAILURES,
              tableCreated: true,
              // Our own sweep, stopped on close, instead of the limiter's timer that re-arms forever.
              clearExpiredByTimeout: false,
            })
        : undefined,
    });
    if (!sharedThrough) return;
    this.sweeper = setInterval(() => {
      sharedThrough(AUTH_FAILURES)
        .where('expire', '<', Date.now())
        .delete()
        .catch(() => undefined);
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  /** Stops the sweep of the shared table; the pool is the caller's to close. */
  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
