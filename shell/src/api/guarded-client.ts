import type { ApiClient, ApiError, RequestOptions } from '@site/contracts';
import { CircuitBreaker } from '../lib/circuit-breaker';
import { CONTENT_API_UNAVAILABLE } from './content-errors';

export { CONTENT_API_UNAVAILABLE };

export interface GuardOptions {
  /** The longest one call may take; a caller may ask for less, never for more. */
  timeoutMs: number;
  failureThreshold: number;
  cooldownMs: number;
  now?: () => number;
}

export interface GuardedApiClient extends ApiClient {
  readonly breaker: CircuitBreaker;
  /**
   * A GET that goes out even while the circuit is open and whose outcome opens or closes it: a health probe, so
   * that the site notices a recovered backend within one probe instead of one cool-down.
   */
  probe<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
}

/** 5xx and no answer at all (timeouts, refused connections) count against the backend; 4xx are answers. */
function isOutage(error: unknown): boolean {
  const status = (error as Partial<ApiError> | null)?.statusCode;
  return typeof status !== 'number' || status >= 500;
}

/**
 * The server's content API client: every call has a time budget, and repeated outages open a circuit so that
 * pages stop waiting on a backend that is down (a cached page is served, an unseen one answers 503 at once); after
 * the cool-down one call probes whether it is back.
 */
export function guardApiClient(api: ApiClient, options: GuardOptions): GuardedApiClient {
  const breaker = new CircuitBreaker({ failureThreshold: options.failureThreshold, cooldownMs: options.cooldownMs, now: options.now });
  const budget = (requested?: RequestOptions): RequestOptions => ({
    ...requested,
    timeoutMs: Math.min(requested?.timeoutMs ?? options.timeoutMs, options.timeoutMs),
  });
  async function guarded<T>(call: () => Promise<T>, always = false): Promise<T> {
    if (!always && !breaker.allows()) throw { statusCode: 503, message: CONTENT_API_UNAVAILABLE } satisfies ApiError;
    try {
      const result = await call();
      breaker.recordSuccess();
      return result;
    } catch (error) {
      if (isOutage(error)) breaker.recordFailure();
      else breaker.recordSuccess();
      throw error;
    }
  }
  return {
    breaker,
    get: (path, requested) => guarded(() => api.get(path, budget(requested))),
    post: (path, body, requested) => guarded(() => api.post(path, body, budget(requested))),
    probe: (path, requested) => guarded(() => api.get(path, budget(requested)), true),
  };
}
