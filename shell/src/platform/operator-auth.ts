import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FailedAuthThrottle } from '@site/server-kit';

const REALM = 'Basic realm="platform", charset="UTF-8"';

/** Whether a given password hashes to the verifier (sha256, hex); the shell never holds the password itself. */
function sameSecret(given: string, verifier: string): boolean {
  const a = createHash('sha256').update(given.trim()).digest();
  const b = Buffer.from(verifier, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether a request carries the dashboard password: `Authorization: Bearer <token>` (Prometheus, scripts) or HTTP
 * Basic with it as the password, any user name (a browser opening the dashboard asks for it once).
 */
function carriesOperatorToken(authorization: string | undefined, token: string): boolean {
  if (!authorization) return false;
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  if (/^bearer$/i.test(scheme ?? '')) return sameSecret(value, token);
  if (/^basic$/i.test(scheme ?? '')) {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 && sameSecret(decoded.slice(colon + 1), token);
  }
  return false;
}

/**
 * A guard for the operator pages, which show internal addresses, versions, memory and recent errors: without a
 * configured verifier they do not exist (404); with one, a request without the matching password is answered 401. An
 * address that presented wrong credentials too often is answered 429 until its window ends.
 */
export function operatorGuard(token: string | null, throttle = new FailedAuthThrottle()) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!token) {
      await reply.code(404).header('cache-control', 'no-store').send({ statusCode: 404, message: 'Not Found' });
      return;
    }
    const wait = await throttle.retryAfterSeconds(request.ip);
    if (wait > 0) {
      await reply
        .code(429)
        .header('retry-after', String(wait))
        .header('cache-control', 'no-store')
        .send({ statusCode: 429, message: 'Too many failed attempts: try again later' });
      return;
    }
    if (carriesOperatorToken(request.headers.authorization, token)) return;
    // A browser's first visit carries no credentials: only wrong ones count against the address.
    if (request.headers.authorization) await throttle.recordFailure(request.ip);
    request.log.warn({ url: request.url }, 'operator page refused: no valid operator token');
    await reply.code(401).header('www-authenticate', REALM).header('cache-control', 'no-store').send({ statusCode: 401, message: 'Unauthorized' });
  };
}
