import { UPLOAD_FIELD } from '@site/contracts/forms';
import { validate } from '@site/contracts';
import { errorsFromIssues, hasErrors, type FieldErrors } from './field-errors';
import { readFormValues } from './form-values';
import { chosenFiles, uploadProblem } from './uploads';

/** A form's values, checked and ready to send, or the errors that stop it. */
export type Prepared<Field extends string> = { ok: true; body: FormData; withFiles: boolean } | { ok: false; errors: FieldErrors<Field> };

/** A body sent as JSON (the subscription endpoint takes JSON). */
export type PreparedJson<Field extends string> = { ok: true; body: Record<string, unknown>; withFiles: false } | { ok: false; errors: FieldErrors<Field> };

type ContractSchema = Parameters<typeof validate>[0];

export interface FormRules<Field extends string> {
  /** The contract schema the intake checks the same fields against. */
  schema: ContractSchema;
  required: readonly Field[];
  optional: readonly Field[];
  /** The message id of each field's error (the consent too). */
  messageIds: Record<Field | 'consent', string>;
  /** Application and resume forms take attachments under UPLOAD_FIELD. */
  acceptsFiles?: boolean;
}

export type UploadField = typeof UPLOAD_FIELD;

/** Reads a submitted form, validates it with the contract and the upload rules, and builds the multipart body. */
export function prepareSubmission<Field extends string>(form: FormData, rules: FormRules<Field>): Prepared<Field | 'consent' | UploadField> {
  const values = readFormValues(form, rules);
  const result = validate(rules.schema, values);
  const errors: FieldErrors<Field | 'consent' | UploadField> = {};
  if (!result.ok) Object.assign(errors, errorsFromIssues(result.issues, rules.messageIds));
  const files = rules.acceptsFiles ? chosenFiles(form.getAll(UPLOAD_FIELD)) : [];
  const problem = uploadProblem(files);
  if (problem) errors[UPLOAD_FIELD] = problem;
  if (!result.ok || hasErrors(errors)) return { ok: false, errors };
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.append(name, String(value));
  for (const file of files) body.append(UPLOAD_FIELD, file, file.name);
  return { ok: true, body, withFiles: files.length > 0 };
}
