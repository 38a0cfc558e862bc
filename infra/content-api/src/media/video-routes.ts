import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors';
import type { RouteContext } from '../routes/route-context';
import { ifRangeHolds, rangeAnswer } from './byte-ranges';

/** Shipped videos (and their caption tracks) live next to the images in the package's assets folder. */
export const VIDEO_ROOT = path.resolve(__dirname, '../../assets');
const VIDEO_PATH = /^videos\/[a-z0-9][a-z0-9-]{0,80}\.(webm|mp4|vtt)$/;
const VIDEO_CONTENT_TYPES: Record<string, string> = { webm: 'video/webm', mp4: 'video/mp4', vtt: 'text/vtt; charset=utf-8' };

/**
 * `GET /media/videos/{name}`: a shipped video file, whole or in byte ranges (206 with `Content-Range`, 416 for a
 * range beyond the file), so browsers can start playback early and seek. Videos are served as they are: the
 * image variants (`?w=`) of the media route do not apply, and the query is ignored.
 */
const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function registerVideoRoutes(app: FastifyInstance, _context: RouteContext): void {
  app.get('/media/videos/*', async (request, reply) => {
    const relative = `videos/${(request.params as { '*': string })['*']}`;
    if (!VIDEO_PATH.test(relative)) throw notFound();
    const file = path.join(VIDEO_ROOT, relative);
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(file);
    } catch {
      throw notFound();
    }
    if (!stat.isFile()) throw notFound();
    const etag = `"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`;
    const extension = relative.slice(relative.lastIndexOf('.') + 1);
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=86400')
      .header('accept-ranges', 'bytes')
      .header('last-modified', stat.mtime.toUTCString())
      .type(VIDEO_CONTENT_TYPES[extension] ?? 'application/octet-stream');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();

    const answer = ifRangeHolds(headerValue(request.headers['if-range']), etag) ? rangeAnswer(request.headers.range, stat.size) : { kind: 'whole' as const };
    if (answer.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${stat.size}`)
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send({ statusCode: 416, message: `Range Not Satisfiable: the file has ${stat.size} bytes` });
    }
    if (answer.kind === 'partial') {
      const { start, end } = answer;
      return reply
        .code(206)
        .header('content-range', `bytes ${start}-${end}/${stat.size}`)
        .header('content-length', end - start + 1)
        .send(fs.createReadStream(file, { start, end }));
    }
    return reply.header('content-length', stat.size).send(fs.createReadStream(file));
  });
}
