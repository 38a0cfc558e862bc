import type { FastifyInstance } from 'fastify';
import { RegistryError } from './operations';
import { actorFor, type TokenConfig } from './tokens';
import { FailedAuthThrottle } from '@site/server-kit';

/** Whether a path belongs to the token-only part of the registry: the publishing API and the metrics. */
const needsToken = (url: string): boolean => url.startsWith('/api/') || url === '/metrics' || url.startsWith('/metrics?');

/**
 * Checks the token of the publishing API and the metrics when the request arrives, before its body is read or
 * parsed: a caller without a valid token never makes the registry take in a large body. Wrong tokens are counted per
 * client address, and an address that presented too many is answered 429 with Retry-After until its window ends.
 * The routes still name the actor and check what it may do.
 */
export function installAuthGate(app: FastifyInstance, tokens: TokenConfig, throttle = new FailedAuthThrottle()): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!needsToken(request.url)) return;
    const wait = await throttle.retryAfterSeconds(request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new RegistryError(429, 'too many failed attempts: try again later');
    }
    if (actorFor(request.headers.authorization, tokens)) return;
    if (request.headers.authorization) await throttle.recordFailure(request.ip);
    throw new RegistryError(401, 'a team token is required (Authorization: Bearer <token>)');
  });
}
