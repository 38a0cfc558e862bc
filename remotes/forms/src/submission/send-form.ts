import { CAPTCHA_TOKEN_FIELD, FormAcceptedSchema, IDEMPOTENCY_KEY_HEADER } from '@site/contracts/forms';
import { isWithoutResponse, retryAfterSecondsOf, statusOfError, validate, type ApiClient, type CaptchaClient } from '@site/contracts';
import { CLIENT_ID_HEADER, formClientId } from './client-id';

/** Why a submission did not go through; each reason has its own message for the visitor. */
export type FailureReason = 'captcha' | 'tooLarge' | 'fileType' | 'eventClosed' | 'rateLimited' | 'unavailable' | 'server';

export type SendOutcome =
  /** `message` is the intake's thank-you text (it promises contact within three business days); null if it sent none. */
  { kind: 'sent'; message: string | null } | { kind: 'failed'; reason: FailureReason; retryAfterSeconds?: number };

export interface SendRequest {
  /** API path relative to the base, e.g. `ru/forms/resume`. */
  path: string;
  /** Multipart fields and files, or a plain object sent as JSON. */
  body: FormData | Record<string, unknown>;
  /** The captcha action, so the server can check the token was made for this form. */
  captchaAction: string;
  /** One key per submission: a retry of the same submission reuses it and the intake stores it once. */
  idempotencyKey: string;
  /** Bytes of the body going out, as the browser reports them (drives the loading bar during uploads). */
  onProgress?: (sentBytes: number, totalBytes: number | undefined) => void;
  /** Called when an attempt failed in a way worth retrying and the next one is about to start. */
  onRetry?: (attempt: number) => void;
}

/**
 * How long a submission keeps retrying after a 502/503/504, a lost connection or a stalled attempt: long enough
 * for a backend restart or a short hang, short enough for a visitor who waits.
 */
const RETRY_BUDGET_MS = 20_000;
/** An attempt with nothing moving for this long (no bytes going out, no answer) is abandoned and retried. */
const STALL_TIMEOUT_MS = 8_000;
/** Pauses between attempts; the last value repeats. */
const RETRY_PAUSES_MS = [500, 1_000, 2_000, 3_000];
/** The client's own time limit for one attempt: uploads of up to 50 MB on a slow line take minutes. */
const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

export interface RetryTiming {
  budgetMs: number;
  stallMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realTiming: RetryTiming = {
  budgetMs: RETRY_BUDGET_MS,
  stallMs: STALL_TIMEOUT_MS,
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

function withCaptchaToken(body: SendRequest['body'], token: string): SendRequest['body'] {
  if (!token) return body;
  if (body instanceof FormData) {
    body.set(CAPTCHA_TOKEN_FIELD, token);
    return body;
  }
  return { ...body, [CAPTCHA_TOKEN_FIELD]: token };
}

/** The intake's refusals that have their own message; anything else is the generic failure. */
export function failureReasonOf(error: unknown): FailureReason {
  switch (statusOfError(error)) {
    case 403:
      return 'captcha';
    case 413:
      return 'tooLarge';
    case 415:
      return 'fileType';
    case 422:
      return 'eventClosed';
    case 429:
      return 'rateLimited';
    case 502:
    case 503:
    case 504:
      return 'unavailable';
    default:
      return isWithoutResponse(error) ? 'unavailable' : 'server';
  }
}

/** Worth another attempt with the same key: the intake was unreachable, overloaded, or did not answer in time. */
function isTransient(error: unknown): boolean {
  return failureReasonOf(error) === 'unavailable';
}

/**
 * Sends a form the way every form of the site does: a fresh captcha token right before each attempt (tokens
 * expire), the idempotency key and the browser's client id as headers, then the intake's answer read against the
 * contract. A gateway error, a lost connection or a stalled attempt is retried with the same key for a bounded
 * time, so the intake stores the submission once however many attempts reach it.
 */
export async function sendForm(api: ApiClient, captcha: CaptchaClient, request: SendRequest, timing: RetryTiming = realTiming): Promise<SendOutcome> {
  const startedAt = timing.now();
  let freshTokenTried = false;
  for (let attempt = 0; ; attempt += 1) {
    let token = '';
    if (captcha.enabled) {
      try {
        token = await captcha.execute(request.captchaAction);
      } catch (error) {
        // Typically 'Failed to load script': the visitor sees the captcha message, the console keeps the cause.
        console.error(`Captcha for "${request.captchaAction}" failed`, error);
        return { kind: 'failed', reason: 'captcha' };
      }
    }
    let answer: unknown;
    try {
      answer = await postWatchingForStalls(api, request, withCaptchaToken(request.body, token), timing.stallMs);
    } catch (error) {
      if (captcha.enabled && failureReasonOf(error) === 'captcha' && !freshTokenTried) {
        // The token expired or the provider erred on it: one fresh token before telling the visitor.
        freshTokenTried = true;
        console.warn(`The captcha token for ${request.path} was refused, trying a fresh one`);
        continue;
      }
      const pause = RETRY_PAUSES_MS[Math.min(attempt, RETRY_PAUSES_MS.length - 1)]!;
      if (isTransient(error) && timing.now() + pause - startedAt < timing.budgetMs) {
        console.warn(`Sending ${request.path} failed (attempt ${attempt + 1}), retrying`, error);
        request.onRetry?.(attempt + 1);
        await timing.sleep(pause);
        continue;
      }
      console.error(`Sending ${request.path} failed`, error);
      const retryAfterSeconds = retryAfterSecondsOf(error);
      return { kind: 'failed', reason: failureReasonOf(error), ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}) };
    }
    return { kind: 'sent', message: thankYouMessageOf(request.path, answer) };
  }
}

/** One attempt, abandoned when neither bytes go out nor an answer comes for `stallMs`. */
async function postWatchingForStalls(api: ApiClient, request: SendRequest, body: SendRequest['body'], stallMs: number): Promise<unknown> {
  const controller = new AbortController();
  let stalled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      controller.abort();
    }, stallMs);
  };
  arm();
  try {
    return await api.post(request.path, body, {
      headers: { [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey, [CLIENT_ID_HEADER]: formClientId() },
      signal: controller.signal,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      onUploadProgress: (sent, total) => {
        arm();
        request.onProgress?.(sent, total);
      },
    });
  } catch (error) {
    // An abandoned attempt got no answer: the same as a time-out, whatever the client called it.
    if (stalled) throw { statusCode: 504, message: 'The submission stalled', withoutResponse: true };
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The intake's thank-you text; an answer off the contract still means the form was accepted. */
function thankYouMessageOf(path: string, answer: unknown): string | null {
  const accepted = validate(FormAcceptedSchema, answer);
  if (accepted.ok) return accepted.value.message;
  console.warn(`The answer of ${path} does not match FormAccepted`, accepted.issues);
  return null;
}

/** A random key the intake accepts (8–128 of `A-Za-z0-9_.:-`); randomUUID needs a secure context, so fall back. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
