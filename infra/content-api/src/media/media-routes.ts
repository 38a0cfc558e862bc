import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { mediaCacheDirOf } from '../config';
import { badRequest, notFound } from '../http/errors';
import type { RouteContext } from '../routes/route-context';
import { MODERN_CONTENT_TYPES, preferredFormat, writeVariant, type ModernFormat } from './image-formats';

/** The site's responsive image scale: the only widths the optimiser produces, so every size is cached once. */
const IMAGE_WIDTHS = [320, 640, 768, 1024, 1280, 1536] as const;

/** Shipped media live in the package's assets folder; uploads are never served. */
export const MEDIA_ROOT = path.resolve(__dirname, '../../assets');
const MEDIA_PATH = /^images\/[a-z0-9][a-z0-9-]{0,80}\.(jpg|jpeg|png)$/;
const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * `GET /media/{path}?w=`: a shipped image, optionally resized to a width of the responsive scale. Resized
 * variants are written once to the cache folder (atomically) and served from there afterwards, as AVIF or WebP
 * when the request's `Accept` names them (browsers' image requests do), else in the image's own format.
 */
export function registerMediaRoutes(app: FastifyInstance, { config }: RouteContext): void {
  const cacheDir = mediaCacheDirOf(config);
  const inFlight = new Map<string, Promise<void>>();

  async function variant(source: string, relative: string, width: number, format: ModernFormat | null): Promise<string> {
    const target = path.join(cacheDir, String(width), format ? `${relative}.${format}` : relative);
    if (fs.existsSync(target)) return target;
    let pending = inFlight.get(target);
    if (!pending) {
      pending = (async () => {
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
        await writeVariant(source, temporary, width, format);
        await fs.promises.rename(temporary, target);
      })().finally(() => inFlight.delete(target));
      inFlight.set(target, pending);
    }
    await pending;
    return target;
  }

  const MediaQuery = Type.Object({ w: Type.Optional(Type.Integer()) });
  app.get('/media/*', { schema: { querystring: MediaQuery } }, async (request, reply) => {
    const relative = (request.params as { '*': string })['*'];
    if (!MEDIA_PATH.test(relative)) throw notFound();
    const width = (request.query as { w?: number }).w;
    if (width !== undefined && !(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      throw badRequest(`querystring/w must be one of ${IMAGE_WIDTHS.join(', ')}`);
    }
    const source = path.join(MEDIA_ROOT, relative);
    if (!fs.existsSync(source)) throw notFound();
    const format = width ? preferredFormat(request.headers.accept) : null;
    const file = width ? await variant(source, relative, width, format) : source;
    // Caches in front keep one copy per format the browsers ask for.
    if (width) reply.header('vary', 'Accept');
    const stat = await fs.promises.stat(file);
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    reply.header('etag', etag).header('cache-control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const extension = relative.slice(relative.lastIndexOf('.') + 1);
    return reply
      .type(format ? MODERN_CONTENT_TYPES[format] : (CONTENT_TYPES[extension] ?? 'application/octet-stream'))
      .header('content-length', stat.size)
      .send(fs.createReadStream(file));
  });
}
