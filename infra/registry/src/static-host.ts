import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface StaticHostOptions {
  cdnDir: string;
  logger?: boolean;
  /** Whether the process is stopping (its readiness then answers 503); never by default. */
  lifecycle?: { readonly draining: boolean };
}

/**
 * Serves published remote builds under `/remotes/{name}/{version}/…`. Version folders never change, so files
 * are cached as immutable; browsers on the site's origin fetch manifests cross-origin, hence CORS.
 */
export function createStaticHost(options: StaticHostOptions): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });
  try {
    fs.mkdirSync(options.cdnDir, { recursive: true });
  } catch {
    // A read-only volume before the first publish: nothing to serve yet, every path answers 404.
  }
  app.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    // Browsers run or style a file only as the type it is served with, with or without a proxy in front.
    reply.header('x-content-type-options', 'nosniff');
  });
  app.register(fastifyStatic, {
    root: path.resolve(options.cdnDir),
    prefix: '/remotes/',
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    // Builds carry .br and .gz copies of their text files: served by Accept-Encoding, never compressed per request.
    preCompressed: true,
    setHeaders(response) {
      response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      response.setHeader('vary', 'accept-encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ statusCode: 404, message: `${request.url} is not published here` });
  });
  // The process id lets fault drills pause this host (SIGSTOP) the way a hung machine behaves.
  app.get('/health', async () => ({ status: 'ok', pid: process.pid }));
  // Ready while it is not stopping and the folder of published builds can be read.
  app.get('/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.lifecycle?.draining) return reply.code(503).send({ status: 'stopping' });
    try {
      await fs.promises.access(options.cdnDir, fs.constants.R_OK);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', reason: 'the published builds cannot be read' });
    }
  });
  return app;
}
