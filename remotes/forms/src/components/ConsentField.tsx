import { FormattedMessage } from 'react-intl';
import { CheckRow, Checkbox, describedBy, fieldIds } from '@site/ui';
import type { ErrorMessage } from '../submission/field-errors';
import { FieldError } from './FieldError';

/** The required consent to the terms and the personal-data processing regulation. */
export function ConsentField({ formId, error }: { formId: string; error?: ErrorMessage | undefined }) {
  const ids = fieldIds(formId, 'consent');
  return (
    <div>
      <CheckRow htmlFor={ids.control}>
        <Checkbox id={ids.control} name="consent" aria-invalid={Boolean(error)} aria-describedby={describedBy(error && ids.error)} />
        <span>
          <FormattedMessage id="forms.field.consent" />
        </span>
      </CheckRow>
      {error && <FieldError id={ids.error} error={error} />}
    </div>
  );
}
