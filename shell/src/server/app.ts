import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { createApiClient } from '../api/client';
import { RegistryClient } from '../federation/registry-client';
import { ServerFederation } from '../federation/server-federation';
import { registerPlatformRoutes } from '../platform/routes';
import { RemoteStats } from '../platform/remote-stats';
import { createSanitizer } from '../security/sanitize';
import { registerApiProxy } from './api-proxy';
import type { ShellConfig } from './config';
import { InitCache } from './init-cache';
import { renderPage } from './render-page';

export interface ShellServer {
  app: FastifyInstance;
  registry: RegistryClient;
  federation: ServerFederation;
  close(): Promise<void>;
}

function readShellAssets(browserDistDir: string): { js: string[]; css: string[] } {
  const file = path.join(browserDistDir, 'shell-assets.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { js: string[]; css: string[] };
}

/** Builds the shell server: static shell assets, the same-origin API, platform endpoints and server rendering. */
export async function createShellServer(config: ShellConfig): Promise<ShellServer> {
  const app = Fastify({
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: true,
    routerOptions: { maxParamLength: 1000 },
    // One line per request only when asked for: the access log belongs to the reverse proxy.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
  });
  const api = createApiClient({ baseURL: `${config.contentApiUrl}/`, timeoutMs: 5000 });
  const registry = new RegistryClient({
    registryUrl: config.registryUrl,
    pollIntervalMs: config.registryPollMs,
    requestTimeoutMs: config.remoteEntryTimeoutMs,
    log: app.log,
  });
  const stats = new RemoteStats();
  const federation = new ServerFederation(registry, stats, {
    loadTimeoutMs: config.remoteLoadTimeoutMs,
    entryTimeoutMs: config.remoteEntryTimeoutMs,
    breakerFailureThreshold: config.breakerFailureThreshold,
    breakerCooldownMs: config.breakerCooldownMs,
    log: app.log,
  });
  const initCache = new InitCache(api, config.initCacheTtlMs);
  const sanitize = createSanitizer(new JSDOM('').window as unknown as WindowLike);
  const shellAssets = readShellAssets(config.browserDistDir);

  await app.register(fastifyStatic, {
    root: config.browserDistDir,
    prefix: '/_shell/',
    index: false,
    cacheControl: false,
    setHeaders(response, file) {
      const immutable = /\.[0-9a-f]{10}\.(js|css)$/.test(file);
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  registerApiProxy(app, config.contentApiUrl);
  registerPlatformRoutes(app, { registry, federation, stats });
  app.get('/health', async () => ({ status: 'ok', remotesRevision: registry.current.revision }));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  const deps = { config, api, initCache, registry, federation, sanitize, shellAssets };
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).send({ statusCode: 405, message: 'Method Not Allowed' });
    }
    return renderPage(request, reply, deps);
  });

  await federation.start();
  return {
    app,
    registry,
    federation,
    async close() {
      registry.stop();
      await app.close();
    },
  };
}
