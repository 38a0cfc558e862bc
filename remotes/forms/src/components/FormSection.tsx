import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { SectionTitle } from '@site/ui';
import { ConsentField } from './ConsentField';
import { FormFeedback } from './FormFeedback';
import { FormFrame } from './FormFrame';
import { SubmitButton } from './SubmitButton';
import { ThankYou } from './ThankYou';
import type { useFormFlow } from './use-form-flow';

interface FormSectionProps {
  /** The form's `useId()`: its fields' ids and its title's id derive from it. */
  formId: string;
  flow: Pick<ReturnType<typeof useFormFlow>, 'errors' | 'status' | 'onSubmit' | 'onChange' | 'invalidFieldCount' | 'isSending'>;
  /** The form's name in its `data-form` attribute. */
  name: string;
  /** The editor's title; the message `defaultTitleId` when there is none. */
  title: string | undefined;
  defaultTitleId: string;
  /** Between the title and the form: a lead or a note on what the form is for. */
  intro?: ReactNode;
  /** Shown under the title instead of the form: the form cannot be sent (an application to a closed event). */
  unavailable?: ReactNode;
  /** Sends files: the form is multipart. */
  withFiles?: boolean;
  submitLabelId?: string;
  thanksFallbackId?: string;
  /** The form's own fields; the consent, the feedback and the submit button follow them. */
  children: ReactNode;
}

/**
 * The skeleton every form section shares: its title, the form (one column, validated by script, labelled by the
 * title), the required consent, the feedback and the submit button; after a successful send, the thanks instead.
 */
export function FormSection({
  formId,
  flow,
  name,
  title,
  defaultTitleId,
  intro,
  unavailable,
  withFiles = false,
  submitLabelId,
  thanksFallbackId,
  children,
}: FormSectionProps) {
  if (flow.status.kind === 'sent') return <ThankYou message={flow.status.message} fallbackId={thanksFallbackId} />;
  const titleId = `${formId}-title`;
  return (
    <div>
      <SectionTitle id={titleId}>{title ?? <FormattedMessage id={defaultTitleId} />}</SectionTitle>
      {unavailable ?? (
        <>
          {intro}
          <FormFrame
            method="post"
            encType={withFiles ? 'multipart/form-data' : undefined}
            noValidate
            onSubmit={flow.onSubmit}
            onChange={flow.onChange}
            aria-labelledby={titleId}
            data-form={name}
          >
            {children}
            <ConsentField formId={formId} error={flow.errors.consent} />
            <FormFeedback status={flow.status} invalidFieldCount={flow.invalidFieldCount} />
            <SubmitButton sending={flow.isSending} labelId={submitLabelId} />
          </FormFrame>
        </>
      )}
    </div>
  );
}
