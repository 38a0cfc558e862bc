import type { FastifyInstance } from 'fastify';

export interface BodyRateLimits {
  /** The window: a body that sends fewer than `minBytesPerSecond × windowMs` bytes in one is cut. */
  windowMs: number;
  minBytesPerSecond: number;
}

/**
 * Cuts request bodies that stop arriving, by byte rate rather than one total time: a stalled upload ends within
 * one window, while a 50 MB upload on a slow but live line (above the minimum rate) takes as long as it needs.
 * Cutting destroys the connection, so the multipart intake sees a premature close and deletes its partial file.
 */
export function installBodyRateLimit(app: FastifyInstance, limits: BodyRateLimits): void {
  const needed = Math.max(1, Math.floor((limits.minBytesPerSecond * limits.windowMs) / 1000));
  app.addHook('onRequest', async (request) => {
    const raw = request.raw;
    const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!hasBody || raw.complete) return;
    let inWindow = 0;
    let total = 0;
    const timer = setInterval(() => {
      if (raw.complete) return stop();
      if (inWindow < needed) {
        stop();
        request.log.warn({ url: request.url, bytes: total, windowMs: limits.windowMs }, 'request body too slow: connection closed');
        raw.socket?.destroy();
      }
      inWindow = 0;
    }, limits.windowMs);
    timer.unref();
    const stop = () => clearInterval(timer);
    // A 'data' listener would switch the body to flowing before its consumer (the multipart parser) is attached:
    // count the bytes where the HTTP parser hands them to the body stream instead.
    const push = raw.push.bind(raw);
    raw.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (Buffer.isBuffer(chunk)) {
        inWindow += chunk.length;
        total += chunk.length;
      }
      return push(chunk, encoding);
    };
    raw.once('end', stop);
    raw.once('close', stop);
  });
}
