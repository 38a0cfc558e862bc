import { ResumeFormSchema } from '@site/contracts/forms';
import { prepareSubmission, type FormRules } from '../../submission/prepare';

export type ResumeField = 'name' | 'email' | 'phone' | 'vacancyId' | 'coverLetter';

/** A resume for a vacancy, or an open application, with attachments; the intake checks the same schema. */
const RESUME_FORM_RULES: FormRules<ResumeField> = {
  schema: ResumeFormSchema,
  required: ['name', 'email'],
  optional: ['phone', 'vacancyId', 'coverLetter'],
  messageIds: {
    name: 'forms.error.name',
    email: 'forms.error.email',
    phone: 'forms.error.phone',
    vacancyId: 'forms.error.vacancyId',
    coverLetter: 'forms.error.coverLetter',
    consent: 'forms.error.consent',
  },
  acceptsFiles: true,
};

export const prepareResumeForm = (form: FormData) => prepareSubmission(form, RESUME_FORM_RULES);
