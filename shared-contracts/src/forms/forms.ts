import { Type, type Static } from '@sinclair/typebox';

/** Upload limits, enforced by the form UI and, authoritatively, by the intake server. */
export const UPLOAD_MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export { UPLOAD_ALLOWED_EXTENSIONS, fileExtension, isAllowedUploadName } from './upload-names';
export const UPLOAD_TOO_LARGE_MESSAGE = 'The size of the files for uploading should not exceed 50MB';

/** The captcha version and language a form uses when the settings name none. */
export const CAPTCHA_DEFAULT_VERSION = 3;
export const CAPTCHA_LANGUAGE = 'ru-Ru';

export const FORM_KINDS = ['contact', 'application', 'resume', 'subscription'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const EmailSchema = Type.String({ pattern: EMAIL_PATTERN, maxLength: 254 });

/**
 * Marks a form's schema: browsers, which check with checkers compiled at build time (no error texts), then still learn
 * which field is wrong, so that the form shows its message beside that field (scripts/compile-checkers.js). A symbol, not a
 * keyword: JSON Schema validators (the intake's Ajv) never see it.
 */
function formSchema<S extends object>(schema: S): S {
  return Object.assign(schema, { [Symbol.for('site.contracts.fieldIssues')]: true });
}

export const ContactFormSchema = formSchema(
  Type.Object({
    name: Type.String({ minLength: 2, maxLength: 120 }),
    email: EmailSchema,
    phone: Type.Optional(Type.String({ pattern: '^[+0-9()\\-\\s]{5,25}$' })),
    topic: Type.Optional(Type.String({ maxLength: 120 })),
    message: Type.String({ minLength: 10, maxLength: 5000 }),
    /** Consent to the terms and the personal-data processing regulation. */
    consent: Type.Literal(true),
  }),
);
export type ContactForm = Static<typeof ContactFormSchema>;

/** What the intake answers to an accepted submission. */
export const FormAcceptedSchema = Type.Object({
  id: Type.String(),
  message: Type.String(),
});
export type FormAccepted = Static<typeof FormAcceptedSchema>;

/** The multipart/JSON field that carries the captcha token, and the header that makes a retry safe. */
export const CAPTCHA_TOKEN_FIELD = 'captchaToken';
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The multipart field names of the attachments of an application or a resume. */
export const UPLOAD_FIELD = 'files';

/** An application to a program or an event (`POST {locale}/forms/application`, multipart). */
export const ApplicationFormSchema = formSchema(
  Type.Object({
    name: Type.String({ minLength: 2, maxLength: 120 }),
    email: EmailSchema,
    phone: Type.Optional(Type.String({ pattern: '^[+0-9()\\-\\s]{5,25}$' })),
    programId: Type.Optional(Type.String({ maxLength: 64 })),
    eventId: Type.Optional(Type.String({ maxLength: 64 })),
    message: Type.Optional(Type.String({ maxLength: 5000 })),
    consent: Type.Literal(true),
  }),
);
export type ApplicationForm = Static<typeof ApplicationFormSchema>;

/** A resume for a vacancy or an open application (`POST {locale}/forms/resume`, multipart). */
export const ResumeFormSchema = formSchema(
  Type.Object({
    name: Type.String({ minLength: 2, maxLength: 120 }),
    email: EmailSchema,
    phone: Type.Optional(Type.String({ pattern: '^[+0-9()\\-\\s]{5,25}$' })),
    vacancyId: Type.Optional(Type.String({ maxLength: 64 })),
    coverLetter: Type.Optional(Type.String({ maxLength: 5000 })),
    consent: Type.Literal(true),
  }),
);
export type ResumeForm = Static<typeof ResumeFormSchema>;

/** A subscription to the vacancy mailing list (`POST {locale}/subscriptions/vacancies`, JSON or form). */
export const VacancySubscriptionSchema = formSchema(
  Type.Object({
    email: EmailSchema,
    centreIds: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 50 })),
    consent: Type.Literal(true),
  }),
);
export type VacancySubscription = Static<typeof VacancySubscriptionSchema>;
