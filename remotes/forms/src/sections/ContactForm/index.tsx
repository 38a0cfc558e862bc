import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SectionProps } from '@site/contracts';
import { TextArea } from '@site/ui';
import { Field } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { PersonFields } from '../../components/PersonFields';
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
  return (
    <FormSection formId={id} flow={flow} name="contact" title={descriptor.props.title} defaultTitleId="forms.contact.title">
      <PersonFields formId={id} errors={flow.errors} />
      <input type="hidden" name="topic" value={descriptor.props.topic ?? ''} />
      <Field formId={id} name="message" label={<FormattedMessage id="forms.field.message" />} error={flow.errors.message}>
        {(control) => <TextArea {...control} rows={6} required />}
      </Field>
    </FormSection>
  );
}
