import type { ApiError } from './api/common';

export type QueryValue = string | number | boolean | undefined | null | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export interface RequestOptions {
  params?: QueryParams;
  signal?: AbortSignal;
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** Called as a request body goes out (browser only): bytes sent so far and the total when known. */
  onUploadProgress?: (sentBytes: number, totalBytes: number | undefined) => void;
}

/**
 * The HTTP client the shell hands to sections: JSON Accept header, a timestamp parameter
 * on every GET, and every failure rejected as an {@link ApiError}.
 */
export interface ApiClient {
  get<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  post<T = unknown>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
}

/** The HTTP status an error stands for: statusCode, then status, then the response status; default 500. */
export function statusOfError(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const candidate = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const value of [candidate.statusCode, candidate.status, candidate.response?.status]) {
      if (typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599) return value;
    }
  }
  return 500;
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && typeof (error as ApiError).statusCode === 'number' && typeof (error as ApiError).message === 'string';
}

/**
 * What an {@link ApiError} from the client may carry besides the spec's two fields: the seconds a 429 or 503 asks
 * to wait (`Retry-After`), and whether no answer came at all (network failure, time-out, abort): a 500 then only
 * stands for "no status".
 */
export interface ApiErrorDetails {
  retryAfterSeconds?: number;
  withoutResponse?: boolean;
}

export function retryAfterSecondsOf(error: unknown): number | undefined {
  const value = typeof error === 'object' && error !== null ? (error as ApiErrorDetails).retryAfterSeconds : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export function isWithoutResponse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as ApiErrorDetails).withoutResponse === true;
}
