import { constants as zlibConstants } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { registerPlatformRoutes } from '../platform/routes';
import { applySecurityHeaders } from '../security/headers';
import { registerCspReports } from '../security/csp-reports';
import { pagesPlugin } from './plugins/pages';
import { feedsPlugin } from './plugins/feeds';
import { discoveryPlugin } from './plugins/discovery';
import { shellServices } from './plugins/services';
import { registerApiProxy } from './api-proxy';
import { registerCaptchaStandIn } from './captcha-standin';
import { registerSiteIcons } from './site-icons';
import type { ShellConfig } from './config';
import { escapeHtml } from './document';
import { STATIC_DOCUMENT_POLICY } from './csp';
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

/** Builds the shell server: static shell assets, the same-origin API, platform endpoints and server rendering. */
interface ShellServerOptions {
  /** Whether the process is stopping (/ready then answers 503); never by default. */
  lifecycle?: { readonly draining: boolean };
}

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
  // Baseline protections on every answer, pages and proxied API alike, whatever sits in front of the shell.
  app.addHook('onSend', async (request, reply, payload) => {
    applySecurityHeaders(request, reply, config.hstsMaxAgeSeconds);
    return payload;
  });
  registerApiProxy(app, config.contentApiUrl, config.proxyLimits);
  // Only sections of versions this shell serves count: labels stay bounded by the live catalog.
  const isLiveSection = (report: { remote: string; section: string; version: string }) => {
    const catalog = app.registry.current;
    const record = catalog.remotes.get(report.remote);
    if (record && (record.version === report.version || record.pending?.version === report.version)) return record.sections.includes(report.section);
    const canary = catalog.canaries.get(report.remote)?.record;
    return Boolean(canary && canary.version === report.version && canary.sections.includes(report.section));
  };
  // A browser's report counts only with the token of a page this shell served, naming the versions it reports on,
  // once per page view and kind; error reports (they decide canaries) also count at most a few times per address.
  registerCspReports(
    app,
    app.cspReports,
    (report, origin) => {
      if (!isLiveSection(report)) return;
      const verdict = app.pageTokens.accept(origin.token, `section-error:${report.remote}`, [`${report.remote}@${report.version}`], origin.client, true);
      if (verdict.counted) app.remoteStats.recordBrowserError(report.remote, report.section, report.version, origin.client);
    },
    (report, origin) => {
      if (!report.sections.every(isLiveSection)) return;
      const versions = [...new Set(report.sections.map((section) => `${section.remote}@${section.version}`))];
      if (app.pageTokens.accept(origin.token, report.name, versions, origin.client).counted) app.remoteStats.recordVitals(report, isLiveSection);
    },
  );
  registerPlatformRoutes(app, {
    registry: app.registry,
    federation: app.federation,
    stats: app.remoteStats,
    dashboardVerifier: config.dashboardVerifier,
    fleetToken: config.fleetToken,
    cspReports: app.cspReports,
    supervisorStatusFile: config.supervisorStatusFile,
    registryUrl: config.registryUrl,
  });
  registerSiteIcons(app);
  registerCaptchaStandIn(app, config.captchaStandInSecret);
  await app.register(discoveryPlugin);
  app.get('/health', async () => ({ status: 'ok', remotesRevision: app.registry.current.revision }));
  // Ready for visitors once the catalog of remotes and the content revision have been read: before that no page
  // can be rendered or cached correctly, so the load balancer sends it nothing (liveness stays on /health).
  // A stopping shell is not ready either: the load balancer stops sending it visitors while it drains.
  app.get('/ready', async (_request, reply) => {
    if (options.lifecycle?.draining) return reply.header('cache-control', 'no-store').code(503).send({ status: 'stopping' });
    const catalog = app.registry.lastSuccessAt !== null;
    const contentRevision = app.contentRevision.current !== null;
    reply.header('cache-control', 'no-store').code(catalog && contentRevision ? 200 : 503);
    return { status: catalog && contentRevision ? 'ready' : 'starting', catalog, contentRevision };
  });
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
