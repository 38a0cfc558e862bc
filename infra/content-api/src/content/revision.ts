import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { todayIn } from './calendar';
import type { RouteContext } from '../routes/route-context';

/**
 * The content revision: a value that changes whenever anything a page shows changes, so that page caches in front
 * (the shells' render caches) can tell a stale page from a fresh one without asking for the page itself.
 * A random epoch is drawn when the content is (re)created, so a re-seeded database never repeats an old value; the
 * counter moves on every write; the content day moves at midnight in the university's zone, when "today's events"
 * and "last week's news" change without any write.
 */
const TABLE = 'content_revision';

export async function createRevisionTable(db: Knex): Promise<void> {
  await db.schema.createTable(TABLE, (table) => {
    table.integer('id').primary();
    table.string('epoch', 32).notNullable();
    table.bigInteger('counter').notNullable();
  });
  await db(TABLE).insert({ id: 1, epoch: randomBytes(6).toString('hex'), counter: 1 });
}

export async function dropRevisionTable(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists(TABLE);
}

/** When the content last changed (ISO time): sitemaps give it as `lastmod`. */
export async function addRevisionTime(db: Knex): Promise<void> {
  await db.schema.alterTable(TABLE, (table) => {
    table.string('changed_at', 32).nullable();
  });
  await db(TABLE).update({ changed_at: new Date().toISOString() });
}

export async function dropRevisionTime(db: Knex): Promise<void> {
  await db.schema.alterTable(TABLE, (table) => {
    table.dropColumn('changed_at');
  });
}

/** A new epoch: the content was replaced as a whole (seeded, imported). */
export async function restartContentRevision(db: Knex | Knex.Transaction): Promise<void> {
  await db(TABLE)
    .where({ id: 1 })
    .update({ epoch: randomBytes(6).toString('hex'), counter: 1, changed_at: new Date().toISOString() });
}

/** One more change; atomic on both engines, so concurrent writers never lose a step. */
async function bumpContentRevision(db: Knex | Knex.Transaction): Promise<void> {
  await db(TABLE)
    .where({ id: 1 })
    .update({ counter: db.raw('counter + 1'), changed_at: new Date().toISOString() });
}

export interface ContentRevisionState {
  revision: string;
  /** When the content was last written (ISO time); null before any write was timed. */
  changedAt: string | null;
}

export async function readContentRevisionState(db: Knex, timeZone: string, now = new Date()): Promise<ContentRevisionState> {
  const row = (await db(TABLE).select('epoch', 'counter', 'changed_at').where({ id: 1 }).first()) as
    { epoch: string; counter: number | string; changed_at: string | null } | undefined;
  const stored = row ? `${row.epoch}.${String(row.counter)}` : 'none';
  return { revision: `${stored}.${todayIn(timeZone, now)}`, changedAt: row?.changed_at ?? null };
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * `GET /revision` (the revision and when the content last changed) for caches, and a bump after every successful write through the admin API: every content write
 * goes through it, so one hook keeps the revision honest whatever route a future edit adds.
 */
export function registerRevisionRoutes(app: FastifyInstance, context: RouteContext): void {
  app.get('/revision', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readContentRevisionState(context.db, context.config.timeZone);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/admin/') || reply.statusCode >= 400) return;
    try {
      await bumpContentRevision(context.db);
    } catch (error) {
      request.log.error({ err: error }, 'content revision could not be advanced');
    }
  });
}
