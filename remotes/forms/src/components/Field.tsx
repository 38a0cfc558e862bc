import type { ReactElement, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Field as UiField, type ControlProps } from '@site/ui';
import type { ErrorMessage } from '../submission/field-errors';

export interface FieldProps {
  formId: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ErrorMessage | undefined;
  children: (control: ControlProps) => ReactElement;
}

/** The design system's field with the team's error messages (message ids with values) as its error text. */
export function Field({ error, ...rest }: FieldProps) {
  return <UiField {...rest} error={error ? <FormattedMessage id={error.id} values={error.values} /> : undefined} />;
}
