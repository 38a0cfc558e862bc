// No schema here: browser builds compile the schema modules into checkers (scripts/compile-checkers.js), functions stay source.

/** The file types an application or a resume may attach. */
export const UPLOAD_ALLOWED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpeg', 'jpg', 'png'] as const;

export function fileExtension(fileName: string): string {
  const index = fileName.lastIndexOf('.');
  return index === -1 ? '' : fileName.slice(index + 1).toLowerCase();
}

export function isAllowedUploadName(fileName: string): boolean {
  return (UPLOAD_ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}
