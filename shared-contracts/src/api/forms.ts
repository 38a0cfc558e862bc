import { Type, type Static } from '@sinclair/typebox';

/** Upload limits (spec points 5 and 9), enforced by the form UI and, authoritatively, by the intake server. */
export const UPLOAD_MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const UPLOAD_ALLOWED_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpeg', 'jpg', 'png'] as const;
export const UPLOAD_TOO_LARGE_MESSAGE = 'The size of the files for uploading should not exceed 50MB';

/** Captcha defaults (spec point 9). */
export const CAPTCHA_DEFAULT_VERSION = 3;
export const CAPTCHA_LANGUAGE = 'ru-Ru';

export const FORM_KINDS = ['contact', 'application', 'resume', 'subscription'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EmailSchema = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 });

export const ContactFormSchema = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 120 }),
  email: EmailSchema,
  phone: Type.Optional(Type.String({ pattern: '^[+0-9()\\-\\s]{5,25}$' })),
  topic: Type.Optional(Type.String({ maxLength: 120 })),
  message: Type.String({ minLength: 10, maxLength: 5000 }),
  /** Consent to the terms and the personal-data processing regulation (spec point 5). */
  consent: Type.Literal(true),
});
export type ContactForm = Static<typeof ContactFormSchema>;

/** What the intake answers to an accepted submission. */
export const FormAcceptedSchema = Type.Object({
  id: Type.String(),
  message: Type.String(),
});
export type FormAccepted = Static<typeof FormAcceptedSchema>;

export function fileExtension(fileName: string): string {
  const index = fileName.lastIndexOf('.');
  return index === -1 ? '' : fileName.slice(index + 1).toLowerCase();
}

export function isAllowedUploadName(fileName: string): boolean {
  return (UPLOAD_ALLOWED_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));
}
