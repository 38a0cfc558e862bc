import type { ChangeEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { UPLOAD_FIELD } from '@site/contracts/forms';
import { FileInput } from '@site/ui';
import type { ErrorMessage } from '../submission/field-errors';
import { UPLOAD_ACCEPT, chosenFiles, uploadProblem } from '../submission/uploads';
import { Field } from './Field';

export interface FileFieldProps {
  formId: string;
  labelId: string;
  error?: ErrorMessage | undefined;
  /** Told at once when a choice breaks the rules, so the visitor learns before pressing send. */
  onProblem: (problem: ErrorMessage | null) => void;
}

/** Attachments: any number of pdf, doc, docx, jpeg, jpg or png files, 50 MB in total. */
export function FileField({ formId, labelId, error, onProblem }: FileFieldProps) {
  const checkChoice = (event: ChangeEvent<HTMLInputElement>) => onProblem(uploadProblem(chosenFiles(Array.from(event.currentTarget.files ?? []))));
  return (
    <Field formId={formId} name={UPLOAD_FIELD} label={<FormattedMessage id={labelId} />} hint={<FormattedMessage id="forms.files.hint" />} error={error}>
      {(control) => <FileInput {...control} multiple accept={UPLOAD_ACCEPT} onChange={checkChoice} />}
    </Field>
  );
}
