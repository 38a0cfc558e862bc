import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_TOO_LARGE_MESSAGE } from '@site/contracts/forms';
import { ClientUploads, ProxyPool, bodyDeadlineMs, watchBodyRate, type ProxyLimits } from './proxy-limits';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** Request headers never sent on: visitors hold no credentials for the content API, so none may be passed through. */
const NOT_FORWARDED = new Set([...HOP_BY_HOP, 'authorization', 'cookie', 'forwarded']);

/**
 * The content API's paths that visitors use: a locale's content, lists, search and forms (`/ru/…`, `/en/…`) and media.
 * Everything else (the write API and intake reader under `/admin/`, `/health`, `/revision`, `/sitemap`) is for the
 * platform's own services on the internal network and is answered 404 here, without reaching the content API.
 */
const PUBLIC_FIRST_SEGMENTS = new Set(['ru', 'en', 'media']);

/** Whether a path (after the proxy's prefix) names a public endpoint; dot segments and backslashes never do. */
function isPublicApiPath(path: string): boolean {
  const query = path.search(/[?#]/);
  const pathname = query === -1 ? path : path.slice(0, query);
  if (!pathname.startsWith('/') || pathname.includes('\\')) return false;
  const segments = pathname.split('/').slice(1);
  // `.`, `..` and their encoded forms would let the upstream's URL parsing land somewhere else than this check.
  if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return false;
  return PUBLIC_FIRST_SEGMENTS.has(segments[0] ?? '');
}

const BUSY = {
  ru: 'Сервер сейчас перегружен. Попробуйте ещё раз через несколько секунд.',
  en: 'The server is busy right now. Please try again in a few seconds.',
};
const TOO_MANY_UPLOADS = {
  ru: 'С вашего адреса уже отправляется несколько форм. Дождитесь их завершения и попробуйте снова.',
  en: 'Several forms are already being sent from your address. Wait for them to finish and try again.',
};
const JSON_TOO_LARGE = 'The request body is larger than 1 MB';
const TOO_SLOW = {
  ru: 'Данные формы передаются слишком медленно. Проверьте соединение и отправьте форму ещё раз.',
  en: 'The form data is arriving too slowly. Check your connection and send the form again.',
};

const localeOfPath = (path: string): 'ru' | 'en' => (/^\/en(\/|$)/.test(path) ? 'en' : 'ru');

function refuse(reply: FastifyReply, statusCode: number, message: string, retryAfterSeconds?: number): FastifyReply {
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.code(statusCode).header('cache-control', 'no-store').send({ statusCode, message });
}

/**
 * A body the proxy refuses is read and thrown away for a few seconds, so that the client, still sending it, gets to
 * read the answer instead of a reset connection; a body still arriving after that closes the connection. The answer
 * must not say `connection: close`: Node then closes the socket as soon as the answer is written, with the rest of
 * the body unread, and the client gets a reset (EPIPE) instead of the answer. Resolves once the body has ended or
 * the connection is gone.
 */
function discardBody(request: FastifyRequest): Promise<void> {
  if (request.raw.complete) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      request.raw.socket?.destroy();
      resolve();
    }, 5000);
    timer.unref();
    request.raw.once('end', done);
    request.raw.once('close', done);
    request.raw.resume();
  });
}

/**
 * Lets a client read an answer sent while its body is still arriving: the rest of the body is read and thrown away
 * (see discardBody). A connection the client asked to close after this request (`Connection: close`, or HTTP/1.0)
 * stays open meanwhile and is closed once the body has ended: Node would close it as soon as the answer is written,
 * and the unread rest of the body would turn that close into a reset the client sees instead of the answer.
 */
function drainBeforeClosing(request: FastifyRequest, reply: FastifyReply): void {
  if (request.raw.complete) return;
  const drained = discardBody(request);
  if (reply.raw.shouldKeepAlive) return;
  reply.raw.shouldKeepAlive = true;
  void drained.then(() => request.raw.socket?.end());
}

/** Refuses a request whose body may still be arriving, so that the client reads the answer. */
function refuseBody(request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string, retryAfterSeconds?: number): FastifyReply {
  drainBeforeClosing(request, reply);
  return refuse(reply, statusCode, message, retryAfterSeconds);
}

export interface ApiProxyOptions {
  /** The content API's base URL. */
  upstream: string;
  limits: ProxyLimits;
  prefix?: string;
}

/**
 * Serves the content API same-origin under `/api/`, streaming both ways (uploads are never buffered here).
 * The browser and the server thus use one API base. Reads, small bodies and large bodies use separate pools, each
 * request is cancelled upstream as soon as its visitor leaves, and a body that stops arriving, or arrives too slowly
 * to end by its deadline, is cut.
 */
export async function apiProxy(app: FastifyInstance, { upstream, limits, prefix = '/api/' }: ApiProxyOptions): Promise<void> {
  const target = new URL(upstream);
  // The pools bound the sockets; the agents only keep them alive between requests.
  const readAgent = new http.Agent({ keepAlive: true, maxSockets: limits.readConcurrency });
  const uploadAgent = new http.Agent({ keepAlive: false, maxSockets: limits.uploadConcurrency + limits.formConcurrency });
  const reads = new ProxyPool(limits.readConcurrency);
  const forms = new ProxyPool(limits.formConcurrency);
  const uploads = new ProxyPool(limits.uploadConcurrency);
  const clientForms = new ClientUploads(limits.uploadsPerClient);
  const clientUploads = new ClientUploads(limits.uploadsPerClient);
  const retryAfterSeconds = Math.max(1, Math.ceil(limits.queueTimeoutMs / 1000));

  async function forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const path = request.url.slice(prefix.length - 1);
    const locale = localeOfPath(path);
    if (!isPublicApiPath(path)) {
      if (request.method !== 'GET' && request.method !== 'HEAD') return refuseBody(request, reply, 404, 'Not Found');
      return refuse(reply, 404, 'Not Found');
    }
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
    const bodyLimit = multipart ? limits.multipartBodyLimitBytes : limits.jsonBodyLimitBytes;
    if (hasBody && declaredLength > bodyLimit) return refuseBody(request, reply, 413, multipart ? UPLOAD_TOO_LARGE_MESSAGE : JSON_TOO_LARGE);
    // A small declared body (a JSON form, a small multipart form) never waits behind large uploads.
    const small = hasBody && declaredLength > 0 && declaredLength <= limits.smallBodyBytes;

    // The visitor leaving (closing the tab, a client time-out) ends everything done on its behalf.
    const left = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) left.abort();
    });
    const releases: Array<() => void> = [];
    const releaseAll = () => releases.splice(0).forEach((release) => release());
    reply.raw.once('close', releaseAll);

    if (hasBody) {
      const releaseClient = (small ? clientForms : clientUploads).take(request.ip);
      if (!releaseClient) return refuseBody(request, reply, 429, TOO_MANY_UPLOADS[locale], retryAfterSeconds);
      releases.push(releaseClient);
    }
    const pool = !hasBody ? reads : small ? forms : uploads;
    const release = await pool.acquire(limits.queueTimeoutMs, left.signal);
    if (!release) {
      releaseAll();
      if (left.signal.aborted) return reply;
      request.log.warn({ pool: !hasBody ? 'reads' : small ? 'forms' : 'uploads', inUse: pool.inUse, queued: pool.queued }, 'content API proxy queue full');
      return hasBody ? refuseBody(request, reply, 503, BUSY[locale], retryAfterSeconds) : refuse(reply, 503, BUSY[locale], retryAfterSeconds);
    }
    releases.push(release);

    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!NOT_FORWARDED.has(name) && value !== undefined) headers[name] = value;
    }
    // The content API trusts the shells: it learns the visitor's address (as this shell determined it) from here.
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-host'] = request.headers.host ?? '';

    return new Promise<FastifyReply>((resolve) => {
      let answered = false;
      const upstreamRequest = http.request(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: request.method,
          path,
          headers,
          agent: hasBody ? uploadAgent : readAgent,
          timeout: limits.upstreamTimeoutMs,
        },
        (upstreamResponse) => {
          answered = true;
          const responseHeaders: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(upstreamResponse.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined) responseHeaders[name] = value;
          }
          upstreamResponse.once('close', releaseAll);
          const answer = () =>
            resolve(
              reply
                .code(upstreamResponse.statusCode ?? 502)
                .headers(responseHeaders)
                .send(upstreamResponse),
            );
          // An early answer (413, 429) to a body still arriving: the rest of that body is not wanted.
          if (hasBody && !request.raw.complete) {
            request.raw.unpipe(upstreamRequest);
            drainBeforeClosing(request, reply);
          }
          answer();
        },
      );
      const fail = (statusCode: number, message: string, logged: string) => {
        releaseAll();
        if (answered || reply.sent || left.signal.aborted) return resolve(reply);
        request.log.warn({ err: logged, path }, 'content API request failed');
        resolve(refuse(reply, statusCode, message));
      };
      upstreamRequest.on('timeout', () => {
        upstreamRequest.destroy(new Error('content API did not answer in time'));
      });
      upstreamRequest.on('error', (error) =>
        fail(error.message.includes('in time') ? 504 : 502, error.message.includes('in time') ? 'Gateway Timeout' : 'Bad Gateway', error.message),
      );
      left.signal.addEventListener('abort', () => {
        upstreamRequest.destroy(new Error('the client left'));
      });

      if (!hasBody) {
        upstreamRequest.end();
        return;
      }
      let received = 0;
      request.raw.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > bodyLimit && !answered) {
          request.raw.unpipe(upstreamRequest);
          upstreamRequest.destroy(new Error('body over the limit'));
          answered = true;
          releaseAll();
          resolve(refuseBody(request, reply, 413, multipart ? UPLOAD_TOO_LARGE_MESSAGE : JSON_TOO_LARGE));
        }
      });
      // A body too slow on average to arrive by its deadline is cut and answered 408, and its place freed: a
      // trickle just above the per-window minimum cannot hold a place for ever. The client, still sending, reads it.
      const deadline = setTimeout(
        () => {
          if (answered || request.raw.complete) return;
          request.log.warn({ path, received, declaredLength }, 'request body too slow on average: cut');
          request.raw.unpipe(upstreamRequest);
          upstreamRequest.destroy(new Error('request body too slow'));
          answered = true;
          releaseAll();
          resolve(refuseBody(request, reply, 408, TOO_SLOW[locale]));
        },
        bodyDeadlineMs(limits, declaredLength, bodyLimit),
      );
      deadline.unref();
      request.raw.once('end', () => clearTimeout(deadline));
      reply.raw.once('close', () => clearTimeout(deadline));
      request.raw.pipe(upstreamRequest);
      const stopWatching = watchBodyRate(request.raw, limits.bodyIdleTimeoutMs, limits.bodyMinBytesPerSecond, (bytes) => {
        request.log.warn({ path, bytes, windowMs: limits.bodyIdleTimeoutMs }, 'request body too slow: cut');
        upstreamRequest.destroy(new Error('request body too slow'));
        // A client that stopped sending cannot read an answer either: the connection goes.
        request.raw.socket?.destroy();
      });
      reply.raw.once('close', stopWatching);
    });
  }

  // Let request bodies through untouched: the content API parses them (this plugin's scope only).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  app.all(`${prefix}*`, forward);
}
