/**
 * How the same-origin API proxy shares the content API between visitors: reads, small bodies (JSON forms, small
 * multipart) and large uploads wait in separate pools (a flood of one kind never starves another: a form never waits
 * behind uploads), a client may run only a few bodies of each kind at once, a request that waits too long for its
 * pool is answered 503, and a request body must keep arriving at a minimum byte rate and, on average, fast enough to
 * end before its deadline.
 */
export interface ProxyLimits {
  /** Concurrent upstream GET/HEAD requests. */
  readConcurrency: number;
  /** Concurrent upstream requests with a large body (uploads). */
  uploadConcurrency: number;
  /** Concurrent upstream requests with a small body (a declared length up to `smallBodyBytes`: JSON forms). */
  formConcurrency: number;
  /** The largest declared body that counts as small. */
  smallBodyBytes: number;
  /** Concurrent requests with a body of each kind (small, large) from one client address. */
  uploadsPerClient: number;
  /** How long a request may wait for a free place in its pool before it is answered 503. */
  queueTimeoutMs: number;
  /**
   * A request body is cut when fewer than `bodyMinBytesPerSecond × bodyIdleTimeoutMs` bytes arrive within any
   * window of `bodyIdleTimeoutMs` (so a stalled one ends within that window). No total: a 50 MB upload on a slow
   * but live line (above the minimum rate) always finishes.
   */
  bodyIdleTimeoutMs: number;
  bodyMinBytesPerSecond: number;
  /**
   * A whole body must arrive within `bodyGraceMs` plus its declared length (the limit when none is declared) at
   * `bodyMinAverageBytesPerSecond`: a trickle just above the per-window minimum cannot hold a place for long. At
   * 16 KiB/s, a 50 MB upload has 53 minutes; a 1 KB form, the grace time.
   */
  bodyMinAverageBytesPerSecond: number;
  bodyGraceMs: number;
  /** Largest non-multipart body (JSON forms) the proxy forwards; the content API's own limit. */
  jsonBodyLimitBytes: number;
  /** Largest multipart body: 50 MB of files plus room for boundaries and text fields. */
  multipartBodyLimitBytes: number;
  /** Time the content API may stay silent while answering. */
  upstreamTimeoutMs: number;
}

function positive(value: string | undefined, fallback: number): number {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed > 0 ? Math.floor(parsed) : fallback;
}

export function readProxyLimits(env: NodeJS.ProcessEnv): ProxyLimits {
  return {
    readConcurrency: positive(env.PROXY_READ_CONCURRENCY, 64),
    uploadConcurrency: positive(env.PROXY_UPLOAD_CONCURRENCY, 32),
    formConcurrency: positive(env.PROXY_FORM_CONCURRENCY, 32),
    smallBodyBytes: positive(env.PROXY_SMALL_BODY_BYTES, 64 * 1024),
    uploadsPerClient: positive(env.UPLOADS_PER_CLIENT, 4),
    queueTimeoutMs: positive(env.PROXY_QUEUE_TIMEOUT_MS, 5000),
    bodyIdleTimeoutMs: positive(env.UPLOAD_IDLE_TIMEOUT_MS, 30_000),
    bodyMinBytesPerSecond: positive(env.UPLOAD_MIN_BYTES_PER_SECOND, 2048),
    bodyMinAverageBytesPerSecond: positive(env.UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND, 16 * 1024),
    bodyGraceMs: positive(env.UPLOAD_GRACE_MS, 20_000),
    jsonBodyLimitBytes: 1024 * 1024,
    multipartBodyLimitBytes: 51 * 1024 * 1024,
    upstreamTimeoutMs: positive(env.PROXY_UPSTREAM_TIMEOUT_MS, 30_000),
  };
}

/** A counting semaphore whose waiters give up after a time-out or when their client leaves. */
export class ProxyPool {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly capacity: number) {}

  get inUse(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves with a release function once a place is free, or with null when `timeoutMs` passed or `abandoned`
   * fired first (then no place is held).
   */
  acquire(timeoutMs: number, abandoned: AbortSignal): Promise<(() => void) | null> {
    if (this.active < this.capacity) {
      this.active += 1;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve) => {
      const grant = () => {
        cleanup();
        this.active += 1;
        resolve(this.releaser());
      };
      const giveUp = () => {
        cleanup();
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        resolve(null);
      };
      const timer = setTimeout(giveUp, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        abandoned.removeEventListener('abort', giveUp);
      };
      abandoned.addEventListener('abort', giveUp, { once: true });
      this.waiting.push(grant);
    });
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active -= 1;
      this.waiting.shift()?.();
    };
  }
}

/** The time a body of this declared length (or of the limit, when it declares none) may take to arrive. */
export function bodyDeadlineMs(limits: ProxyLimits, declaredLength: number, bodyLimit: number): number {
  const bytes = declaredLength > 0 ? Math.min(declaredLength, bodyLimit) : bodyLimit;
  return limits.bodyGraceMs + Math.ceil((bytes / limits.bodyMinAverageBytesPerSecond) * 1000);
}

/** Counts the requests with a body each client address has under way. */
export class ClientUploads {
  private readonly counts = new Map<string, number>();

  constructor(private readonly perClient: number) {}

  /** Takes a place for the client; null when it already has `perClient` under way. */
  take(client: string): (() => void) | null {
    const count = this.counts.get(client) ?? 0;
    if (count >= this.perClient) return null;
    this.counts.set(client, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.counts.get(client) ?? 1) - 1;
      if (left <= 0) this.counts.delete(client);
      else this.counts.set(client, left);
    };
  }
}

/**
 * Watches a request body: calls `onTooSlow` when a window of `windowMs` passes with fewer than the minimum bytes.
 * Returns a function that stops watching (the body ended or the request is over).
 */
export function watchBodyRate(body: NodeJS.ReadableStream, windowMs: number, minBytesPerSecond: number, onTooSlow: (received: number) => void): () => void {
  const needed = Math.max(1, Math.floor((minBytesPerSecond * windowMs) / 1000));
  let inWindow = 0;
  let total = 0;
  const count = (chunk: Buffer) => {
    inWindow += chunk.length;
    total += chunk.length;
  };
  const timer = setInterval(() => {
    if (inWindow < needed) {
      stop();
      onTooSlow(total);
    }
    inWindow = 0;
  }, windowMs);
  timer.unref();
  const stop = () => {
    clearInterval(timer);
    body.removeListener('data', count);
    body.removeListener('end', stop);
  };
  body.on('data', count);
  body.once('end', stop);
  return stop;
}
