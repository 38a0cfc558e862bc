import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where browsers send the page policy's violation reports: counted locally, then shown on `/metrics`. */
export const CSP_REPORT_PATH = '/_csp-report';

/**
 * The policy of the shell's own static documents (the dashboard, the answer to an undecodable address): no script at
 * all, inline styles only, nothing loaded from anywhere but the site, never framed elsewhere.
 */
export const STATIC_DOCUMENT_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Baseline protections on every answer: pages, proxied API, static files and error answers alike. */
const SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

/**
 * HSTS max-age in seconds from HSTS_MAX_AGE: 180 days by default, 0 turns it off. It is sent only on answers that
 * reached the visitor over TLS (the request's scheme, as a trusted proxy reports it): over plain HTTP it means nothing.
 */
export function hstsMaxAge(env: NodeJS.ProcessEnv): number {
  const parsed = Number(env.HSTS_MAX_AGE);
  return env.HSTS_MAX_AGE !== undefined && env.HSTS_MAX_AGE !== '' && Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : 15_552_000;
}

export function applySecurityHeaders(request: FastifyRequest, reply: FastifyReply, hstsSeconds: number): void {
  for (const [name, value] of SECURITY_HEADERS) if (!reply.hasHeader(name)) reply.header(name, value);
  if (hstsSeconds > 0 && request.protocol === 'https' && !reply.hasHeader('strict-transport-security')) {
    reply.header('strict-transport-security', `max-age=${hstsSeconds}; includeSubDomains`);
  }
}

/** The baseline protections on every answer of the server, pages and proxied API alike, whatever sits in front. */
export const securityHeaders = fp<{ hstsMaxAgeSeconds: number }>(
  async (app, { hstsMaxAgeSeconds }) => {
    app.addHook('onSend', async (request, reply, payload) => {
      applySecurityHeaders(request, reply, hstsMaxAgeSeconds);
      return payload;
    });
  },
  { name: 'security-headers' },
);
