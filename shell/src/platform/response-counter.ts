import type { FastifyInstance } from 'fastify';

/**
 * Answers per status class (2xx, 3xx, 4xx, 5xx), for the 5xx-rate alert. Classes, not codes or routes: the label set
 * stays at four whatever visitors ask for.
 */
export class ResponseCounter {
  private readonly counts: Record<string, number> = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };

  record(statusCode: number): void {
    const key = `${Math.min(5, Math.max(2, Math.floor(statusCode / 100)))}xx`;
    this.counts[key] = (this.counts[key] ?? 0) + 1;
  }

  snapshot(): Array<[string, number]> {
    return Object.entries(this.counts);
  }

  /** Counts every answer of this Fastify instance and of the plugins registered after this call. */
  attach(app: FastifyInstance): void {
    app.addHook('onResponse', async (_request, reply) => this.record(reply.statusCode));
  }
}
