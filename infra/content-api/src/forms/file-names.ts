import path from 'node:path';

/** The longest file name kept (the common file-system limit); longer names are refused with a clear message. */
export const MAX_FILE_NAME_LENGTH = 255;

/**
 * Bidirectional and other invisible formatting controls (RLO in `invoice\u202Eexe.pdf` shows it as `invoicefdp.exe`),
 * C0/C1 controls and the byte-order mark: removed, since a file name shown to staff must read as what it is.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const HIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** The name an uploaded file is stored and shown under: its last path segment, without hidden characters. */
export function cleanFileName(raw: string): string {
  return path.basename(raw.replace(/\\/g, '/').normalize('NFC').replace(HIDDEN_CHARACTERS, '')).trim();
}
