import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale } from '@site/contracts';
import { CONTENT_API_UNAVAILABLE } from '../../api/content-errors';
import { robotsTxt } from '../discovery/robots';
import { buildSitemaps, sitemapPartPath } from '../discovery/sitemap';
import { SitemapSource } from '../discovery/sitemap-source';
import { manifestPath, webManifest } from '../discovery/web-manifest';
import { siteOrigin } from '../site-origin';

/** Crawlers and browsers may keep these a while; a proxy revalidates them sooner. */
const CACHE_CONTROL = 'public, max-age=600, stale-if-error=86400';

function send(request: FastifyRequest, reply: FastifyReply, type: string, body: string): FastifyReply {
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  reply.header('content-type', type).header('cache-control', CACHE_CONTROL).header('etag', etag);
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
  return reply.send(body);
}

function unavailable(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .header('retry-after', String(retryAfterSeconds))
    .send({ statusCode: 503, message: CONTENT_API_UNAVAILABLE });
}

/**
 * What search engines and browsers fetch beside pages: `/robots.txt`, `/sitemap.xml` (every public page of both
 * locales with hreflang alternates, `lastmod` from the content revision) and the web app manifest per locale.
 * robots.txt needs no backend; the sitemap and the manifest keep answering from the last data read while the content
 * API is down.
 */
export async function discoveryPlugin(app: FastifyInstance): Promise<void> {
  const config = app.shellConfig;
  const source = new SitemapSource(app.contentApi, app.contentRevision, app.log);

  app.addHook('onReady', async () => {
    // The listing and both locales' names in memory from the start: the sitemap and the manifests then answer even
    // if the API goes down before any crawler or browser asks.
    await Promise.all(
      [source.refresh(), ...LOCALES.map((locale) => app.initCache.get(locale, app.contentRevision.current))].map((read) => read.catch(() => undefined)),
    );
  });

  app.get('/robots.txt', async (request, reply) => send(request, reply, 'text/plain; charset=utf-8', robotsTxt(siteOrigin(request, config))));

  async function sitemaps(request: FastifyRequest) {
    const listing = await source.get();
    return buildSitemaps({ origin: siteOrigin(request, config), entries: listing.entries, changedAt: listing.changedAt });
  }

  app.get('/sitemap.xml', async (request, reply) => {
    try {
      return send(request, reply, 'application/xml; charset=utf-8', (await sitemaps(request)).root);
    } catch {
      return unavailable(reply, config.pageCache.retryAfterSeconds);
    }
  });

  app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
    let built;
    try {
      built = await sitemaps(request);
    } catch {
      return unavailable(reply, config.pageCache.retryAfterSeconds);
    }
    const index = built.parts.findIndex((_part, position) => sitemapPartPath(position) === `/sitemap-${request.params.part}.xml`);
    if (index < 0) return reply.code(404).header('cache-control', 'no-store').send({ statusCode: 404, message: 'Not Found' });
    return send(request, reply, 'application/xml; charset=utf-8', built.parts[index]!);
  });

  for (const locale of LOCALES) {
    app.get(manifestPath(locale), async (request, reply) => {
      try {
        return send(request, reply, 'application/manifest+json; charset=utf-8', JSON.stringify(await manifestOf(locale)));
      } catch {
        return unavailable(reply, config.pageCache.retryAfterSeconds);
      }
    });
  }

  /** Names from the init data (served stale by its cache while the API is down). */
  async function manifestOf(locale: Locale) {
    const init = await app.initCache.get(locale, app.contentRevision.current);
    const { settings } = init;
    return webManifest({ locale, name: settings.siteName, shortName: settings.organization?.shortName, description: settings.seo?.description });
  }
}
