import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
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
import { registerCaptchaStandIn } from './captcha-standin';
import { registerSiteIcons } from './site-icons';
import type { ShellConfig } from './config';
import { InitCache } from './init-cache';
import { escapeHtml } from './document';
import { shellMessages } from '../i18n/messages';
import { localizePath } from '@site/contracts';
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

const SECURITY_HEADERS: ReadonlyArray<[string, string]> = [
  ['x-content-type-options', 'nosniff'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()'],
];

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
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    trustProxy: config.trustProxy,
    routerOptions: { maxParamLength: 1000 },
    // One line per request only when asked for: the access log belongs to the reverse proxy.
    logController: new LogController({ disableRequestLogging: process.env.LOG_REQUESTS !== 'true' }),
    // An address the router cannot even decode gets the site's 'not found' answer, not the framework's JSON.
    frameworkErrors(error, request, frameworkReply) {
      const reply = frameworkReply as unknown as FastifyReply;
      const statusCode = error.statusCode ?? 400;
      if (request.url.startsWith('/api/')) return reply.code(statusCode).send({ statusCode, message: 'Bad Request' });
      return reply.code(statusCode).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(undecodablePage(request.url));
    },
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
  // Baseline protections on every answer, pages and proxied API alike, whatever sits in front of the shell.
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of SECURITY_HEADERS) if (!reply.hasHeader(name)) reply.header(name, value);
    return payload;
  });
  registerApiProxy(app, config.contentApiUrl);
  registerPlatformRoutes(app, { registry, federation, stats });
  app.get('/health', async () => ({ status: 'ok', remotesRevision: registry.current.revision }));
  registerSiteIcons(app);
  registerCaptchaStandIn(app);

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
