import type { ReactElement, ReactNode } from 'react';
import type { ErrorMessage } from '../submission/field-errors';
import { FieldError } from './FieldError';
import { FieldLabel, Hint } from './FormFrame';
import { controlStyles } from './form-styles';

/** What a field hands its control: the id its label points at, and the accessibility state of its error. */
interface ControlProps {
  id: string;
  name: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** Ids of a field's parts, derived from the form's id so two forms on a page never collide. */
export function fieldIds(formId: string, name: string) {
  const control = `${formId}-${name}`;
  return { control, hint: `${control}-hint`, error: `${control}-error` };
}

export function describedBy(...ids: Array<string | false | undefined>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}

export interface FieldProps {
  formId: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ErrorMessage | undefined;
  children: (control: ControlProps) => ReactElement;
}

/** A labelled control with an optional hint and its error, tied together for assistive technology. */
export function Field({ formId, name, label, hint, error, children }: FieldProps) {
  const ids = fieldIds(formId, name);
  return (
    <div>
      <FieldLabel htmlFor={ids.control}>{label}</FieldLabel>
      {hint && <Hint id={ids.hint}>{hint}</Hint>}
      {children({
        id: ids.control,
        name,
        className: controlStyles,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy(hint !== undefined && ids.hint, error && ids.error),
      })}
      {error && <FieldError id={ids.error} error={error} />}
    </div>
  );
}
