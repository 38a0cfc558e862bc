import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { formHasUnsavedInput, useLeaveGuard, useShell } from '@site/ui';
import type { ProgressIndicator } from '@site/contracts';
import type { ErrorMessage, FieldErrors } from '../submission/field-errors';
import type { Prepared, PreparedJson } from '../submission/prepare';
import { newIdempotencyKey, sendForm, type FailureReason, type SendOutcome } from '../submission/send-form';

export type FormStatus =
  | { kind: 'idle' }
  | { kind: 'sending'; withFiles: boolean; retrying?: boolean }
  | { kind: 'sent'; message: string | null }
  | { kind: 'failed'; reason: FailureReason; retryAfterSeconds?: number };

export interface FormFlowOptions<Field extends string> {
  /** The intake path after the locale, e.g. `forms/resume`. */
  endpoint: string;
  captchaAction: string;
  /** Reads and validates the form (pure: tested without a browser). */
  prepare: (form: FormData) => Prepared<Field> | PreparedJson<Field>;
}

/** Moves focus to the first field in page order that has an error, so its message is read at once. */
function focusFirstInvalid(form: HTMLFormElement, errors: Partial<Record<string, ErrorMessage>>) {
  for (const element of Array.from(form.elements)) {
    const name = (element as HTMLInputElement).name;
    if (name && errors[name]) {
      (element as HTMLElement).focus();
      return;
    }
  }
}

/**
 * The life of a form: validate in the browser, then captcha, send, and thank or explain. One idempotency key
 * belongs to one submission: a retry after a failure reuses it, an edit of the form starts a new one.
 */
export function useFormFlow<Field extends string>({ endpoint, captchaAction, prepare }: FormFlowOptions<Field>) {
  const shell = useShell();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  const idempotencyKey = useRef<string | null>(null);
  // Typed text or attached files not sent yet: the shell asks before the visitor leaves the page.
  const [hasUnsavedInput, setHasUnsavedInput] = useState(false);
  useLeaveGuard(hasUnsavedInput && status.kind !== 'sent');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status.kind === 'sending') return;
    const form = event.currentTarget;
    const prepared = prepare(new FormData(form));
    if (!prepared.ok) {
      // Render the messages first: the focused field's aria-describedby must point at text that exists.
      flushSync(() => {
        setErrors(prepared.errors);
        setStatus({ kind: 'idle' });
      });
      focusFirstInvalid(form, prepared.errors);
      return;
    }
    setErrors({});
    setStatus({ kind: 'sending', withFiles: prepared.withFiles });
    idempotencyKey.current ??= newIdempotencyKey();
    const bar = prepared.withFiles ? shell.progress : undefined;
    const upload = uploadProgress(bar);
    const outcome = await sendForm(shell.api, shell.captcha, {
      path: `${shell.locale}/${endpoint}`,
      body: prepared.body,
      captchaAction,
      idempotencyKey: idempotencyKey.current,
      onRetry: () => {
        upload.restart();
        setStatus({ kind: 'sending', withFiles: prepared.withFiles, retrying: true });
      },
      onProgress: upload.onProgress,
    }).catch((error: unknown): SendOutcome => {
      // A bug must not leave the form stuck on 'sending'; a retry with the same key is replayed, never duplicated.
      console.error(`The ${captchaAction} form could not finish sending`, error);
      return { kind: 'failed', reason: 'server' };
    });
    if (outcome.kind === 'sent') idempotencyKey.current = null;
    if (outcome.kind === 'sent') bar?.finish();
    else bar?.fail();
    setStatus(outcome.kind === 'sent' ? { kind: 'sent', message: outcome.message } : { ...outcome });
  }

  return {
    errors,
    status,
    onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
    /** Any edit makes a new submission, with a new key. */
    onChange: (event: FormEvent<HTMLFormElement>) => {
      idempotencyKey.current = null;
      setHasUnsavedInput(formHasUnsavedInput(event.currentTarget));
    },
    setFieldError: (field: Field, error: ErrorMessage | null) => setErrors((current) => ({ ...current, [field]: error ?? undefined })),
    invalidFieldCount: Object.values(errors).filter(Boolean).length,
    isSending: status.kind === 'sending',
  };
}

/**
 * Drives the shell's loading bar by the bytes of an upload: its own timed filling is paused, and each progress
 * event increases it by the share of the body that went out. A retry starts it over.
 */
export function uploadProgress(bar: ProgressIndicator | undefined) {
  let shown = 0;
  const restart = () => {
    shown = 0;
    bar?.start();
    bar?.pause();
  };
  restart();
  return {
    restart,
    onProgress(sent: number, total: number | undefined) {
      if (!bar || !total) return;
      // Up to 95 %: the last part is the intake's answer.
      const percent = Math.min(95, (95 * sent) / total);
      if (percent > shown) bar.increase(percent - shown);
      shown = Math.max(shown, percent);
    },
  };
}
