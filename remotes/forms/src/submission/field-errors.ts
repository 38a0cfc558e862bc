import type { ValidationIssue } from '@site/contracts';

/** A message the form shows, as a react-intl id with its values (the text lives in messages/{ru,en}.json). */
export interface ErrorMessage {
  id: string;
  values?: Record<string, string>;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, ErrorMessage>>;

/**
 * Turns the contract validator's issues into one message per field (the first issue wins), using the form's own
 * message id for each field: the rules differ between forms (a message is required in one, optional in another).
 */
export function errorsFromIssues<Field extends string>(issues: ValidationIssue[], messageIds: Record<Field, string>): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^\//, '').split('/')[0] as Field;
    if (!field || !(field in messageIds) || errors[field]) continue;
    errors[field] = { id: messageIds[field] };
  }
  return errors;
}

export function hasErrors(errors: Partial<Record<string, ErrorMessage>>): boolean {
  return Object.values(errors).some(Boolean);
}
