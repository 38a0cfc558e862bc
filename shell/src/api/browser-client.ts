import type { ApiClient, ApiError, ApiErrorDetails, RequestOptions } from '@site/contracts';
import { loadOnce } from '../lib/load-once';
import type { ApiClientOptions } from './client';
import { TIMESTAMP_PARAM, serializeParams } from './params';

/**
 * The browser's HTTP client: the same behaviour as the axios client of `client.ts` (JSON Accept header, timestamp on
 * GETs, comma-list parameters, every failure rejected as `{statusCode, message}`), on the browser's own `fetch`, so
 * no HTTP library is loaded before the page is interactive. fetch cannot report upload progress, so a request that
 * asks for it (a form with attached files) goes through the axios client, loaded only then.
 */
export function createBrowserApiClient(options: ApiClientOptions = {}): ApiClient {
  const now = options.now ?? Date.now;
  const unreachableStatus = options.unreachableStatus ?? 500;
  const progressClient = loadOnce(() => import('./client').then(({ createApiClient }) => createApiClient(options)));

  async function send<T>(method: 'GET' | 'POST', path: string, body: unknown, requestOptions: RequestOptions | undefined): Promise<T> {
    const params = method === 'GET' ? { ...requestOptions?.params, [TIMESTAMP_PARAM]: now() } : requestOptions?.params;
    const query = params ? serializeParams(params) : '';
    const url = joinUrl(options.baseURL ?? '/', path) + (query ? `${path.includes('?') ? '&' : '?'}${query}` : '');
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers, ...requestOptions?.headers };
    let payload: BodyInit | undefined;
    if (method === 'POST' && body !== undefined && body !== null) {
      if (typeof body === 'string' || body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) payload = body;
      else {
        payload = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
    }

    // One signal for both the caller's cancellation and the time budget.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      requestOptions?.timeoutMs ?? options.timeoutMs ?? 10_000,
    );
    const outer = requestOptions?.signal;
    const forward = () => controller.abort();
    if (outer?.aborted) controller.abort();
    else outer?.addEventListener('abort', forward, { once: true });

    try {
      let response: Response;
      try {
        response = await fetch(url, { method, headers, body: payload, signal: controller.signal, credentials: 'same-origin' });
      } catch (error) {
        throw noAnswer(
          timedOut ? 'Request timed out' : outer?.aborted ? 'canceled' : error instanceof Error ? error.message : String(error),
          unreachableStatus,
        );
      }
      let data: unknown;
      try {
        data = parseBody(await response.text());
      } catch (error) {
        throw noAnswer(timedOut ? 'Request timed out' : error instanceof Error ? error.message : String(error), unreachableStatus);
      }
      if (!response.ok) throw errorOfResponse(response, data);
      return data as T;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  }

  return {
    get: <T>(path: string, requestOptions?: RequestOptions) => send<T>('GET', path, undefined, requestOptions),
    post<T>(path: string, body: unknown, requestOptions?: RequestOptions): Promise<T> {
      if (requestOptions?.onUploadProgress) return progressClient().then((client) => client.post<T>(path, body, requestOptions));
      return send<T>('POST', path, body, requestOptions);
    },
  };
}

/** As axios joins a base URL and a relative path; an absolute URL is used as it is. */
function joinUrl(base: string, path: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** JSON when the body is JSON, the text otherwise (as axios does). */
function parseBody(text: string): unknown {
  if (text === '') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function noAnswer(message: string, statusCode: number): ApiError & ApiErrorDetails {
  return { statusCode, message, withoutResponse: true };
}

/** The backend's own message when it sent one, else the status text; Retry-After in seconds when given. */
function errorOfResponse(response: Response, data: unknown): ApiError & ApiErrorDetails {
  const body = typeof data === 'object' && data !== null ? (data as Partial<ApiError>) : undefined;
  const message = (typeof body?.message === 'string' && body.message) || response.statusText || `HTTP ${response.status}`;
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  return { statusCode: response.status, message, ...(Number.isInteger(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}) };
}
