import { CAPTCHA_TOKEN_FIELD, FormAcceptedSchema, IDEMPOTENCY_KEY_HEADER, statusOfError, validate, type ApiClient, type CaptchaClient } from '@site/contracts';

/** Why a submission did not go through; each reason has its own message for the visitor. */
export type FailureReason = 'captcha' | 'tooLarge' | 'fileType' | 'server';

export type SendOutcome =
  /** `message` is the intake's thank-you text (it promises contact within three business days); null if it sent none. */
  | { kind: 'sent'; message: string | null }
  | { kind: 'failed'; reason: FailureReason };

export interface SendRequest {
  /** API path relative to the base, e.g. `ru/forms/resume`. */
  path: string;
  /** Multipart fields and files, or a plain object sent as JSON. */
  body: FormData | Record<string, unknown>;
  /** The captcha action, so the server can check the token was made for this form. */
  captchaAction: string;
  /** One key per submission: a retry of the same submission reuses it and the intake stores it once. */
  idempotencyKey: string;
  timeoutMs?: number;
}

/** Uploads of up to 50 MB on a slow line take minutes; the client's default timeout is for page data. */
export const UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

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
    default:
      return 'server';
  }
}

/**
 * Sends a form the way every form of the site does: a fresh captcha token right before sending (tokens expire),
 * the idempotency key header, then the intake's answer read against the contract.
 */
export async function sendForm(api: ApiClient, captcha: CaptchaClient, request: SendRequest): Promise<SendOutcome> {
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
    answer = await api.post(request.path, withCaptchaToken(request.body, token), {
      headers: { [IDEMPOTENCY_KEY_HEADER]: request.idempotencyKey },
      ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
    });
  } catch (error) {
    console.error(`Sending ${request.path} failed`, error);
    return { kind: 'failed', reason: failureReasonOf(error) };
  }
  return { kind: 'sent', message: thankYouMessageOf(request.path, answer) };
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
