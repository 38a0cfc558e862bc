import { UPLOAD_ALLOWED_EXTENSIONS, UPLOAD_MAX_TOTAL_BYTES, isAllowedUploadName } from '@site/contracts/forms';
import type { ErrorMessage } from './field-errors';

/** What the browser knows of a chosen file before sending it. */
export interface ChosenFile {
  name: string;
  size: number;
}

/** The file input's `accept`: the allowed extensions, so the picker offers the right files first. */
export const UPLOAD_ACCEPT = UPLOAD_ALLOWED_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** An empty file input still submits one nameless, empty entry: it is not a file the visitor chose. */
export function chosenFiles(entries: readonly FormDataEntryValue[]): File[] {
  return entries.filter((entry): entry is File => typeof entry !== 'string' && entry.name !== '');
}

/**
 * Checks the chosen files before sending: allowed types by extension, then the 50 MB total.
 * The intake checks again, authoritatively (it also looks at the content); this spares a long useless upload.
 */
export function uploadProblem(files: readonly ChosenFile[]): ErrorMessage | null {
  const refused = files.filter((file) => !isAllowedUploadName(file.name)).map((file) => file.name);
  if (refused.length > 0) return { id: 'forms.error.files.type', values: { names: refused.join(', ') } };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > UPLOAD_MAX_TOTAL_BYTES) return { id: 'forms.error.files.tooLarge' };
  return null;
}
