import { FormattedMessage } from 'react-intl';
import { TextInput } from '@site/ui';
import type { ErrorMessage } from '../submission/field-errors';
import { Field } from './Field';

/** Who is writing: name and e-mail (required) and phone, the same three fields in every form that answers a person. */
export function PersonFields({ formId, errors }: { formId: string; errors: Partial<Record<string, ErrorMessage>> }) {
  return (
    <>
      <Field formId={formId} name="name" label={<FormattedMessage id="forms.field.name" />} error={errors.name}>
        {(control) => <TextInput {...control} type="text" autoComplete="name" required />}
      </Field>
      <Field formId={formId} name="email" label={<FormattedMessage id="forms.field.email" />} error={errors.email}>
        {(control) => <TextInput {...control} type="email" autoComplete="email" required />}
      </Field>
      <Field formId={formId} name="phone" label={<FormattedMessage id="forms.field.phone" />} error={errors.phone}>
        {(control) => <TextInput {...control} type="tel" autoComplete="tel" />}
      </Field>
    </>
  );
}
