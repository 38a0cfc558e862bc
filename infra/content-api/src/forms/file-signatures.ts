import { UPLOAD_ALLOWED_EXTENSIONS, fileExtension } from '@site/contracts/forms';

export type AllowedExtension = (typeof UPLOAD_ALLOWED_EXTENSIONS)[number];

/** Bytes needed from the start of a file to recognise its type. */
export const SIGNATURE_BYTES = 8;

const SIGNATURES: { kind: 'pdf' | 'ole2' | 'zip' | 'jpeg' | 'png'; bytes: number[] }[] = [
  { kind: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { kind: 'ole2', bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] }, // legacy .doc
  { kind: 'zip', bytes: [0x50, 0x4b, 0x03, 0x04] }, // .docx is a ZIP package
  { kind: 'jpeg', bytes: [0xff, 0xd8, 0xff] },
  { kind: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

const KIND_OF_EXTENSION: Record<AllowedExtension, (typeof SIGNATURES)[number]['kind']> = {
  pdf: 'pdf',
  doc: 'ole2',
  docx: 'zip',
  jpeg: 'jpeg',
  jpg: 'jpeg',
  png: 'png',
};

export const MEDIA_TYPE_OF_EXTENSION: Record<AllowedExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/**
 * The allowed extension of an upload name, or null. Decoded names with control characters, path separators
 * or a double extension hiding an executable (`cv.exe.pdf` is fine, `cv.pdf\0.exe` is not) are refused.
 */
export function allowedExtensionOf(fileName: string): AllowedExtension | null {
  // eslint-disable-next-line no-control-regex -- a name with a control character is refused, so the expression names them
  if (!fileName || fileName.length > 255 || /[\u0000-\u001f/\\]/.test(fileName)) return null;
  const extension = fileExtension(fileName);
  return (UPLOAD_ALLOWED_EXTENSIONS as readonly string[]).includes(extension) ? (extension as AllowedExtension) : null;
}

/** True when the first bytes of the content are what the extension promises (OWASP: check both). */
export function contentMatchesExtension(head: Buffer, extension: AllowedExtension): boolean {
  const expected = SIGNATURES.find((signature) => signature.kind === KIND_OF_EXTENSION[extension]);
  if (!expected || head.length < expected.bytes.length) return false;
  return expected.bytes.every((byte, index) => head[index] === byte);
}
