import type { FastifyRequest } from 'fastify';
import type { ShellConfig } from './config';

/**
 * The origin of the page's absolute links (canonical, hreflang, og:url, og:image). A configured public origin wins.
 * Otherwise the host is the request's only when it is on the allow-list, and the scheme is `https` only when the
 * connection (or a trusted proxy's X-Forwarded-Proto, as Fastify's trustProxy decides) says so: a visitor's own
 * headers can neither write links nor split the render cache.
 */
export function siteOrigin(request: FastifyRequest, config: Pick<ShellConfig, 'publicOrigin' | 'allowedHosts'>): string {
  if (config.publicOrigin) return config.publicOrigin;
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const host = String(request.host ?? '').toLowerCase();
  const allowed = config.allowedHosts.includes(host) ? host : config.allowedHosts[0];
  return `${scheme}://${allowed ?? 'localhost'}`;
}
