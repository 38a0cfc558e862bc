import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import { errorColour } from '@site/ui';
import type { FormStatus } from './use-form-flow';

const FailureNotice = styled.div`
  padding: 0.75rem 1rem;
  border: 2px solid currentColor;
  border-radius: 0.5rem;
  font-weight: 700;
  p {
    margin: 0;
  }
  p + p {
    margin-top: 0.35rem;
    font-weight: 400;
  }
`;

const FAILURE_MESSAGES = {
  captcha: 'forms.captchaFailed',
  tooLarge: 'forms.error.files.tooLarge',
  fileType: 'forms.error.files.typeRefused',
  eventClosed: 'forms.failed.eventClosed',
  rateLimited: 'forms.failed.rateLimited',
  unavailable: 'forms.failed.unavailable',
  server: 'forms.failed',
} as const;

/**
 * What the form says about itself: a polite live region for progress and for the number of fields to correct,
 * and an alert when sending failed. The live region is always in the page, so screen readers pick up changes.
 */
export function FormFeedback({ status, invalidFieldCount }: { status: FormStatus; invalidFieldCount: number }) {
  return (
    <>
      <p role="status" aria-live="polite" data-form-status={status.kind}>
        {status.kind === 'sending' && <FormattedMessage id={status.retrying ? 'forms.retrying' : status.withFiles ? 'forms.sendingFiles' : 'forms.sending'} />}
        {status.kind !== 'sending' && invalidFieldCount > 0 && <FormattedMessage id="forms.invalidFields" values={{ count: invalidFieldCount }} />}
      </p>
      {status.kind === 'failed' && (
        <FailureNotice role="alert" className={errorColour} data-form-failure={status.reason}>
          <p>
            {/* Without a Retry-After, a minute is the intake's window: never promise less. */}
            <FormattedMessage id={FAILURE_MESSAGES[status.reason]} values={{ seconds: status.retryAfterSeconds ?? 60 }} />
          </p>
          <p>
            <FormattedMessage id="forms.retryHint" />
          </p>
        </FailureNotice>
      )}
    </>
  );
}
