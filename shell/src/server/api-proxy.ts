import http from 'node:http';
import type { FastifyInstance } from 'fastify';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);

/**
 * Serves the content API same-origin under `/api/`, streaming both ways (uploads are never buffered here).
 * The browser and the server thus use one API base.
 */
export function registerApiProxy(app: FastifyInstance, upstream: string, prefix = '/api/'): void {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  // Let request bodies through untouched: the content API parses them.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${prefix}*`, (request, reply) => {
      const path = request.url.slice(prefix.length - 1);
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (!HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
      }
      headers['x-forwarded-for'] = request.ip;
      headers['x-forwarded-host'] = request.headers.host ?? '';
      const upstreamRequest = http.request(
        { protocol: target.protocol, hostname: target.hostname, port: target.port, method: request.method, path, headers, agent },
        (upstreamResponse) => {
          const responseHeaders: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(upstreamResponse.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined) responseHeaders[name] = value;
          }
          reply.code(upstreamResponse.statusCode ?? 502).headers(responseHeaders).send(upstreamResponse);
        },
      );
      upstreamRequest.on('error', (error) => {
        request.log.warn({ err: error.message }, 'content API unreachable');
        if (!reply.sent) reply.code(502).send({ statusCode: 502, message: 'Bad Gateway' });
      });
      request.raw.pipe(upstreamRequest);
    });
  });
}
