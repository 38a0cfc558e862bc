import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import { pendingMigrations } from '../db/migrations';

/** How long readiness waits for the database before it calls the API not ready. */
const READY_TIMEOUT_MS = 1000;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/ready` means "can answer": the process is not stopping, the database answers a cheap query within a second and
 * every migration of this build has run. `/health` stays the liveness answer (the process serves HTTP).
 */
export function registerReadiness(app: FastifyInstance, db: Knex, lifecycle: { readonly draining: boolean } | undefined): void {
  app.get('/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle?.draining) return reply.code(503).send({ status: 'stopping' });
    try {
      const pending = await within(
        db.raw('select 1').then(() => pendingMigrations(db)),
        READY_TIMEOUT_MS,
      );
      if (pending > 0) return reply.code(503).send({ status: 'migrating', pendingMigrations: pending });
      return { status: 'ready' };
    } catch (error) {
      return reply.code(503).send({ status: 'unavailable', reason: error instanceof Error ? error.message : String(error) });
    }
  });
}
