import type { FastifyInstance } from 'fastify';

/** The outcomes page delivery names in `x-page-cache` (see page-delivery.ts). */
const OUTCOMES = ['hit', 'stale', 'miss', 'stale-if-error', 'bypass'] as const;

/**
 * Page answers per render-cache outcome, for the alert on a high stale share (pages served stale because renders do
 * not keep up or keep failing). A fixed label set: outcomes, never paths.
 */
export class PageCacheCounter {
  private readonly counts = new Map<string, number>(OUTCOMES.map((outcome) => [outcome, 0]));

  record(outcome: string): void {
    if (this.counts.has(outcome)) this.counts.set(outcome, this.counts.get(outcome)! + 1);
  }

  snapshot(): Array<[string, number]> {
    return [...this.counts];
  }

  /** Counts the answers of this Fastify instance's routes registered after this call, by their `x-page-cache` header. */
  attach(app: FastifyInstance): void {
    app.addHook('onResponse', async (_request, reply) => {
      const outcome = reply.getHeader('x-page-cache');
      if (typeof outcome === 'string') this.record(outcome);
    });
  }
}
