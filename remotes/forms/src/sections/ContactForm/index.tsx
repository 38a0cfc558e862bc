import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SectionProps } from '@site/contracts';
import { SectionTitle, TextArea } from '@site/ui';
import { ConsentField } from '../../components/ConsentField';
import { Field } from '../../components/Field';
import { PersonFields } from '../../components/PersonFields';
import { FormFeedback } from '../../components/FormFeedback';
import { FormFrame } from '../../components/FormFrame';
import { SubmitButton } from '../../components/SubmitButton';
import { ThankYou } from '../../components/ThankYou';
import { useFormFlow } from '../../components/use-form-flow';
import { prepareContactForm } from './validation';

export interface ContactFormProps {
  topic?: string;
  title?: string;
}

/**
 * Not lazy: a form must validate and send by script as soon as it is shown. A lazy section waits unhydrated until
 * it nears the viewport, and while it waits React holds back the page's client navigations (router transitions).
 */
export const meta = { lazy: false };

/** The contact form: validated in the browser with the contract's rules, sent to the intake, thanked for. */
export default function ContactFormSection({ descriptor }: SectionProps<ContactFormProps>) {
  const id = useId();
  const flow = useFormFlow({ endpoint: 'forms/contact', captchaAction: 'contact', prepare: prepareContactForm });
  if (flow.status.kind === 'sent') return <ThankYou message={flow.status.message} />;
  const titleId = `${id}-title`;
  return (
    <div>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="forms.contact.title" />}</SectionTitle>
      <FormFrame method="post" noValidate onSubmit={flow.onSubmit} onChange={flow.onChange} aria-labelledby={titleId} data-form="contact">
        <PersonFields formId={id} errors={flow.errors} />
        <input type="hidden" name="topic" value={descriptor.props.topic ?? ''} />
        <Field formId={id} name="message" label={<FormattedMessage id="forms.field.message" />} error={flow.errors.message}>
          {(control) => <TextArea {...control} rows={6} required />}
        </Field>
        <ConsentField formId={id} error={flow.errors.consent} />
        <FormFeedback status={flow.status} invalidFieldCount={flow.invalidFieldCount} />
        <SubmitButton sending={flow.isSending} />
      </FormFrame>
    </div>
  );
}
