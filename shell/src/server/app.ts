import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { platformRoutes } from '../platform/routes';
import { applySecurityHeaders, securityHeaders } from '../security/headers';
import { browserReports } from '../platform/csp-reports';
import { pagesPlugin } from './plugins/pages';
import { feedsPlugin } from './plugins/feeds';
import { discoveryPlugin } from './plugins/discovery';
import { shellServices } from './plugins/services';
import { apiProxy } from './api-proxy';
import { captchaStandIn } from './captcha-standin';
import { devRemotesRoute } from './dev-remotes-route';
import { siteIcons } from './site-icons';
import type { ShellConfig } from './config';
import { escapeHtml } from '../lib/html';
import { STATIC_DOCUMENT_POLICY } from '../security/headers';
import { shellMessages } from '../i18n/messages';
import { localizePath } from '@site/contracts';

export interface ShellServer {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The minimal page for an address that cannot be decoded: the 404 texts and a way home, in the address's locale. */
function undecodablePage(rawUrl: string): string {
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

interface ShellServerOptions {
  /** Whether the process is stopping (/ready then answers 503); never by default. */
  lifecycle?: { readonly draining: boolean } | undefined;
}

/**
 * Liveness on /health; readiness on /ready, for visitors once the catalog of remotes and the content revision have
 * been read: before that no page can be rendered or cached correctly, so the load balancer sends it nothing. A
 * stopping shell is not ready either: the load balancer stops sending it visitors while it drains.
 */
async function probes(app: FastifyInstance, { lifecycle }: ShellServerOptions): Promise<void> {
  app.get('/health', async () => ({ status: 'ok', remotesRevision: app.registry.current.revision }));
  app.get('/ready', async (_request, reply) => {
    if (lifecycle?.draining) return reply.header('cache-control', 'no-store').code(503).send({ status: 'stopping' });
    const catalog = app.registry.lastSuccessAt !== null;
    const contentRevision = app.contentRevision.current !== null;
    reply.header('cache-control', 'no-store').code(catalog && contentRevision ? 200 : 503);
    return { status: catalog && contentRevision ? 'ready' : 'starting', catalog, contentRevision };
  });
}

/**
 * Builds the shell server: static shell assets, the same-origin API, platform endpoints and server rendering, each
 * a plugin that reads the long-lived services from the decorations the services plugin made.
 */
export async function createShellServer(config: ShellConfig, options: ShellServerOptions = {}): Promise<ShellServer> {
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
      applySecurityHeaders(request, reply, config.hstsMaxAgeSeconds);
      const statusCode = error.statusCode ?? 400;
      if (request.url.startsWith('/api/')) return reply.code(statusCode).send({ statusCode, message: 'Bad Request' });
      return reply
        .code(statusCode)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', STATIC_DOCUMENT_POLICY)
        .send(undecodablePage(request.url));
    },
  });
  await app.register(shellServices, { config });
  // JSON, the dashboard and other answers made on the fly; pages bring their own encodings from the render cache
  // (the plugin leaves an answer that already has a Content-Encoding alone).
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
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
  await app.register(securityHeaders, { hstsMaxAgeSeconds: config.hstsMaxAgeSeconds });
  await app.register(apiProxy, { upstream: config.contentApiUrl, limits: config.proxyLimits });
  await app.register(browserReports);
  await app.register(platformRoutes);
  await app.register(siteIcons);
  await app.register(captchaStandIn, { secret: config.captchaStandInSecret });
  await app.register(devRemotesRoute, { enabled: config.devRemotesDir !== null });
  await app.register(discoveryPlugin);
  await app.register(probes, { lifecycle: options.lifecycle });
  await app.register(feedsPlugin);
  await app.register(pagesPlugin);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
    },
  };
}
