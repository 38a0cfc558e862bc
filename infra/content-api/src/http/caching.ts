import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * Strong ETags on successful GET answers and a 304 for a matching If-None-Match. Clients add a timestamp
 * parameter to every GET, so the ETag is what still saves the transfer.
 */
export function installCaching(app: FastifyInstance, maxAgeSeconds: number): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (reply.statusCode !== 200) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const etag = `"${createHash('sha1').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', `public, max-age=${maxAgeSeconds}, must-revalidate`);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
