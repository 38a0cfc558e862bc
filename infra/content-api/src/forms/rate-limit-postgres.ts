import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { RouteContext } from '../routes/route-context';
import { FormRateLimits, STORED_KEYS_PER_WINDOW, secondsLeft, type AttemptWindows, type FormAttemptLimits } from './rate-limit';

const WINDOWS = 'form_rate_windows';
const MARKS = 'form_rate_marks';
/** Expired windows and marks are deleted this often at most (they are ignored once expired, so this only bounds growth). */
const SWEEP_MIN_INTERVAL_MS = 10_000;

/**
 * The form limits' tables: one row per (limit, client key) with the start of its window and the attempts in it, and
 * one row per idempotency key stored in a client's window (its replays are free). Created on both engines so that
 * the schema is one; only PostgreSQL uses them (SQLite means one process, which counts in memory).
 *
 * A table of our own rather than rate-limiter-flexible's RateLimiterPostgres: the replay rule needs the window's
 * identity (a key stored in this window is free, one stored in the last is not), which that limiter does not expose.
 */
export async function createFormRateTables(db: Knex): Promise<void> {
  await db.schema.createTable(WINDOWS, (table) => {
    table.string('limiter', 16).notNullable();
    table.text('client_key').notNullable();
    table.bigInteger('started_at').notNullable();
    table.integer('attempts').notNullable();
    table.primary(['limiter', 'client_key']);
    table.index(['started_at']);
  });
  await db.schema.createTable(MARKS, (table) => {
    table.string('limiter', 16).notNullable();
    table.text('client_key').notNullable();
    table.text('idempotency_key').notNullable();
    table.bigInteger('started_at').notNullable();
    table.primary(['limiter', 'client_key', 'idempotency_key']);
    table.index(['started_at']);
  });
}

export async function dropFormRateTables(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists(MARKS);
  await db.schema.dropTableIfExists(WINDOWS);
}

/**
 * The in-memory `RateLimiter`'s fixed windows, kept in PostgreSQL so that every replica counts against one limit.
 * Each call is one statement: the replay check and the counting upsert (INSERT … ON CONFLICT DO UPDATE … RETURNING)
 * run together, so concurrent attempts on any replicas are counted exactly once each. Time is the replicas' clock,
 * as in memory.
 */
export class PostgresRateLimiter implements AttemptWindows {
  constructor(
    private readonly db: Knex,
    private readonly limiter: string,
    private readonly config: { max: number; windowMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  async hit(clientKey: string, idempotencyKey?: string): Promise<number> {
    const now = this.now();
    const expiredAt = now - this.config.windowMs;
    // Nothing is inserted or counted when the key was stored in the client's current window: a free replay.
    const result = await this.db.raw<{ rows: { started_at: string; attempts: number }[] }>(
      `WITH replay AS (
         SELECT 1 FROM ${MARKS} m
         JOIN ${WINDOWS} w ON w.limiter = m.limiter AND w.client_key = m.client_key AND w.started_at = m.started_at
         WHERE m.limiter = ? AND m.client_key = ? AND m.idempotency_key = ?::text AND w.started_at > ?::bigint
       )
       INSERT INTO ${WINDOWS} AS w (limiter, client_key, started_at, attempts)
       SELECT ?::varchar, ?::text, ?::bigint, 1 WHERE NOT EXISTS (SELECT 1 FROM replay)
       ON CONFLICT (limiter, client_key) DO UPDATE SET
         started_at = CASE WHEN w.started_at <= ?::bigint THEN EXCLUDED.started_at ELSE w.started_at END,
         attempts = CASE WHEN w.started_at <= ?::bigint THEN 1 ELSE w.attempts + 1 END
       RETURNING started_at, attempts`,
      [this.limiter, clientKey, idempotencyKey ?? null, expiredAt, this.limiter, clientKey, now, expiredAt, expiredAt],
    );
    const window = result.rows[0];
    if (!window || window.attempts <= this.config.max) return 0;
    return secondsLeft(Number(window.started_at), this.config.windowMs, now);
  }

  async stored(clientKey: string, idempotencyKey: string): Promise<void> {
    const now = this.now();
    const expiredAt = now - this.config.windowMs;
    // As in memory: an expired window is restarted (with no attempts) before the key is remembered in it.
    await this.db.raw(
      `WITH win AS (
         INSERT INTO ${WINDOWS} AS w (limiter, client_key, started_at, attempts) VALUES (?, ?, ?, 0)
         ON CONFLICT (limiter, client_key) DO UPDATE SET
           started_at = CASE WHEN w.started_at <= ?::bigint THEN EXCLUDED.started_at ELSE w.started_at END,
           attempts = CASE WHEN w.started_at <= ?::bigint THEN 0 ELSE w.attempts END
         RETURNING started_at
       )
       INSERT INTO ${MARKS} AS m (limiter, client_key, idempotency_key, started_at)
       SELECT ?::varchar, ?::text, ?::text, win.started_at FROM win
       WHERE (SELECT count(*) FROM ${MARKS} k WHERE k.limiter = ? AND k.client_key = ? AND k.started_at = win.started_at) < ?
       ON CONFLICT (limiter, client_key, idempotency_key) DO UPDATE SET started_at = EXCLUDED.started_at`,
      [this.limiter, clientKey, now, expiredAt, expiredAt, this.limiter, clientKey, idempotencyKey, this.limiter, clientKey, STORED_KEYS_PER_WINDOW],
    );
  }
}

/** Deletes the windows and marks that have expired: an expired row is never read again, so this only saves space. */
async function sweepExpiredWindows(db: Knex, windowMs: number, now = Date.now()): Promise<void> {
  await db(MARKS)
    .where('started_at', '<=', now - windowMs)
    .delete();
  await db(WINDOWS)
    .where('started_at', '<=', now - windowMs)
    .delete();
}

/**
 * The form limits for this instance: shared through PostgreSQL when the API runs on it (replicas must not each allow
 * the whole limit), in memory on SQLite. The shared tables are swept of expired rows while the app runs.
 */
export function formAttemptLimitsFor(app: FastifyInstance, { db, engine, config }: RouteContext): FormAttemptLimits {
  if (engine !== 'postgres') return new FormRateLimits(config.rateLimit);
  const sweeper = setInterval(
    () => void sweepExpiredWindows(db, config.rateLimit.windowMs).catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep rate-limit windows')),
    Math.max(config.rateLimit.windowMs, SWEEP_MIN_INTERVAL_MS),
  );
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  const shared = new FormRateLimits(config.rateLimit, (limit, windowConfig) => new PostgresRateLimiter(db, limit, windowConfig));
  return {
    attempt: (ip, clientId, idempotencyKey) => shared.attempt(ip, clientId, idempotencyKey),
    // The submission is stored by then: failing to remember it only makes its retries count, never answers 500.
    stored: (ip, clientId, idempotencyKey) =>
      shared
        .stored(ip, clientId, idempotencyKey)
        .catch((error: unknown) => app.log.warn({ err: error }, 'could not record a stored submission in the rate limit')),
  };
}
