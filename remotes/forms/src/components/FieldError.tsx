import { FormattedMessage } from 'react-intl';
import { FieldError as UiFieldError } from '@site/ui';
import type { ErrorMessage } from '../submission/field-errors';

/** A field's error in the team's words, for a group of controls the design system's Field does not wrap. */
export function FieldError({ id, error }: { id: string; error: ErrorMessage }) {
  return (
    <UiFieldError id={id}>
      <FormattedMessage id={error.id} values={error.values} />
    </UiFieldError>
  );
}
