import axios, { AxiosError, type AxiosInstance } from 'axios';
import type { ApiClient, ApiError, ApiErrorDetails, QueryParams, RequestOptions } from '@site/contracts';
import { TIMESTAMP_PARAM, serializeParams } from './params';

export interface ApiClientOptions {
  /** The backend API base: the provider's API plus the configured REST path; default `/`. */
  baseURL?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Clock for the cache-busting timestamp; tests pass a fixed one. */
  now?: () => number;
  /**
   * The status of a call that got no answer at all (refused, timed out). 500 by default, as errors without a status
   * are; the server uses 503, so that a backend that is away is told apart from one that answered with an error.
   */
  unreachableStatus?: number;
}

export { TIMESTAMP_PARAM, serializeParams } from './params';

/** Every failure becomes `{statusCode, message}`: the HTTP status and its text, or 500 when there is none, so every caller handles one shape. */
export function toApiError(error: unknown, unreachableStatus = 500): ApiError & ApiErrorDetails {
  if (error instanceof AxiosError) {
    const response = error.response;
    if (response) {
      const body = response.data as Partial<ApiError> | undefined;
      const message = (typeof body?.message === 'string' && body.message) || response.statusText || `HTTP ${response.status}`;
      // Retry-After in seconds (the form of it the content API sends); an HTTP date is left out.
      const retryAfter = Number(response.headers?.['retry-after']);
      return { statusCode: response.status, message, ...(Number.isInteger(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}) };
    }
    return { statusCode: unreachableStatus, message: error.code === 'ECONNABORTED' ? 'Request timed out' : error.message, withoutResponse: true };
  }
  if (typeof error === 'object' && error !== null && typeof (error as ApiError).statusCode === 'number') {
    return { statusCode: (error as ApiError).statusCode, message: String((error as ApiError).message ?? '') };
  }
  return { statusCode: 500, message: error instanceof Error ? error.message : String(error) };
}

/** The site's HTTP client: JSON Accept header, timestamp on GETs, normalised errors. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const now = options.now ?? Date.now;
  const http: AxiosInstance = axios.create({
    baseURL: options.baseURL ?? '/',
    timeout: options.timeoutMs ?? 10_000,
    headers: { Accept: 'application/json', ...options.headers },
    paramsSerializer: { serialize: serializeParams },
  });
  const config = (requestOptions: RequestOptions | undefined, params: QueryParams | undefined) => ({
    params,
    signal: requestOptions?.signal,
    headers: requestOptions?.headers,
    ...(requestOptions?.onUploadProgress
      ? { onUploadProgress: (event: { loaded: number; total?: number }) => requestOptions.onUploadProgress?.(event.loaded, event.total) }
      : {}),
    ...(requestOptions?.timeoutMs ? { timeout: requestOptions.timeoutMs } : {}),
  });
  return {
    async get<T>(path: string, requestOptions?: RequestOptions): Promise<T> {
      try {
        const params = { ...requestOptions?.params, [TIMESTAMP_PARAM]: now() };
        const response = await http.get<T>(path, config(requestOptions, params));
        return response.data;
      } catch (error) {
        throw toApiError(error, options.unreachableStatus);
      }
    },
    async post<T>(path: string, body: unknown, requestOptions?: RequestOptions): Promise<T> {
      try {
        const response = await http.post<T>(path, body, config(requestOptions, requestOptions?.params));
        return response.data;
      } catch (error) {
        throw toApiError(error, options.unreachableStatus);
      }
    },
  };
}
