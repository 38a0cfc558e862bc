import fs from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { JSDOM } from 'jsdom';
import type { WindowLike } from 'dompurify';
import { createApiClient } from '../api/client';
import { RegistryClient } from '../federation/registry-client';
import { ServerFederation } from '../federation/server-federation';
import { registerPlatformRoutes } from '../platform/routes';
import { RemoteStats } from '../platform/remote-stats';
import { defaultInstanceId, FleetReporter } from '../platform/fleet-reporter';
import { createSanitizer } from '../security/sanitize';
import { applySecurityHeaders } from '../security/headers';
import { CspReports, registerCspReports } from '../security/csp-reports';
import { registerApiProxy } from './api-proxy';
import type { ShellConfig } from './config';
import { InitCache } from './init-cache';
import { escapeHtml } from './document';
import { shellMessages } from '../i18n/messages';
import { localizePath } from '@site/contracts';
import { guardApiClient, type GuardedApiClient } from '../api/guarded-client';
import { ContentRevision } from './content-revision';
import { deliverPage } from './page-delivery';
import { RenderCache } from './render-cache';

export interface ShellServer {
  app: FastifyInstance;
  registry: RegistryClient;
  federation: ServerFederation;
  api: GuardedApiClient;
  cache: RenderCache;
  revision: ContentRevision;
  close(): Promise<void>;
}

function readShellAssets(browserDistDir: string): { js: string[]; css: string[] } {
  const file = path.join(browserDistDir, 'shell-assets.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { js: string[]; css: string[] };
}


/** The minimal page for an address that cannot be decoded: the 404 texts and a way home, in the address's locale. */
export function undecodablePage(rawUrl: string): string {
  const locale = /^\/en(\/|$|\?)/.test(rawUrl) ? 'en' : 'ru';
  const text = shellMessages[locale];
  return [
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><title>${escapeHtml(text['error.404.message'])}</title></head>`,
    `<body style="margin:0;padding:3rem 1.5rem;background:#2f312e;color:#fdfffc;font:1.125rem/1.5 'PT Sans',Arial,sans-serif">`,
    `<main><h1>${escapeHtml(text['error.404.message'])}</h1><p>${escapeHtml(text['error.notFoundMessage'])}</p>`,
    `<p><a href="${localizePath('/', locale)}" style="color:#a9d1ff">${escapeHtml(text['error.fallbackLink'])}</a></p></main></body></html>`,
  ].join('');
}

/** Builds the shell server: static shell assets, the same-origin API, platform endpoints and server rendering. */
export async function createShellServer(config: ShellConfig): Promise<ShellServer> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 1000 },
    // One line per request only when asked for: the access log belongs to the reverse proxy.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // An address the router cannot even decode gets the site's 'not found' answer, not the framework's JSON.
    frameworkErrors(error, request, frameworkReply) {
      const reply = frameworkReply as unknown as FastifyReply;
      // These answers skip the hooks: they get the security headers here.
      applySecurityHeaders(request, reply);
      const statusCode = error.statusCode ?? 400;
      if (request.url.startsWith('/api/')) return reply.code(statusCode).send({ statusCode, message: 'Bad Request' });
      return reply.code(statusCode).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(undecodablePage(request.url));
    },
  });
  const api = guardApiClient(createApiClient({ baseURL: `${config.contentApiUrl}/`, timeoutMs: config.contentApiTimeoutMs, unreachableStatus: 503 }), {
    timeoutMs: config.contentApiTimeoutMs,
    failureThreshold: config.contentApiBreakerFailures,
    cooldownMs: config.contentApiBreakerCooldownMs,
  });
  const revision = new ContentRevision(api, { pollIntervalMs: config.contentRevisionPollMs, timeoutMs: Math.min(1000, config.contentApiTimeoutMs), log: app.log });
  const cache = new RenderCache(config.pageCache.maxBytes);
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
  const sanitize = createSanitizer(new JSDOM('').window as unknown as WindowLike, config.mediaHosts);
  const shellAssets = readShellAssets(config.browserDistDir);

  // JSON, the dashboard and other answers made on the fly; pages bring their own encodings from the render cache
  // (the plugin leaves an answer that already has a Content-Encoding alone).
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(fastifyCookie);
  await app.register(fastifyStatic, {
    root: config.browserDistDir,
    prefix: '/_shell/',
    index: false,
    cacheControl: false,
    // The build wrote .br and .gz copies: each file goes out compressed by Accept-Encoding at no CPU cost.
    preCompressed: true,
    setHeaders(response, file) {
      const immutable = /\.[0-9a-f]{10}\.(js|css)(\.br|\.gz)?$/.test(file);
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      response.setHeader('vary', 'accept-encoding');
    },
  });
  // Baseline protections on every answer, pages and proxied API alike, whatever sits in front of the shell.
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply);
    return payload;
  });
  registerApiProxy(app, config.contentApiUrl);
  const cspReports = new CspReports();
  registerCspReports(app, cspReports, (report) => {
    // Only sections of versions this shell serves count: labels stay bounded by the live catalog.
    const record = registry.current.remotes.get(report.remote);
    const version = record && (record.version === report.version || record.pending?.version === report.version);
    if (version && record.sections.includes(report.section)) stats.recordBrowserError(report.remote, report.section, report.version);
  });
  const fleet = new FleetReporter(registry, stats, {
    registryUrl: config.registryUrl,
    token: config.operatorToken,
    instance: process.env.SHELL_INSTANCE_ID ?? defaultInstanceId(config.port),
    publicUrl: config.publicOrigin ?? `http://localhost:${config.port}`,
    intervalMs: config.registryPollMs,
    timeoutMs: 1000,
    log: app.log,
  });
  registerPlatformRoutes(app, { registry, federation, stats, operatorToken: config.operatorToken, cspReports, registryUrl: config.registryUrl });
  app.get('/health', async () => ({ status: 'ok', remotesRevision: registry.current.revision }));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  const deps = { config, api, initCache, registry, federation, sanitize, shellAssets, cache, revision };
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).send({ statusCode: 405, message: 'Method Not Allowed' });
    }
    return deliverPage(request, reply, deps);
  });

  revision.start();
  await revision.refresh();
  await federation.start();
  fleet.start();
  return {
    app,
    registry,
    federation,
    api,
    cache,
    revision,
    async close() {
      fleet.stop();
      registry.stop();
      revision.stop();
      await app.close();
    },
  };
}
