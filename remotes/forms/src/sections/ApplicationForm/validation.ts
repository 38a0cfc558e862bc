import { ApplicationFormSchema } from '@site/contracts/forms';
import { prepareSubmission, type FormRules } from '../../submission/prepare';

export type ApplicationField = 'name' | 'email' | 'phone' | 'programId' | 'eventId' | 'message';

/** An application to a program or an event, with optional attachments; the intake checks the same schema. */
const APPLICATION_FORM_RULES: FormRules<ApplicationField> = {
  schema: ApplicationFormSchema,
  required: ['name', 'email'],
  optional: ['phone', 'programId', 'eventId', 'message'],
  messageIds: {
    name: 'forms.error.name',
    email: 'forms.error.email',
    phone: 'forms.error.phone',
    programId: 'forms.error.programId',
    eventId: 'forms.error.eventId',
    message: 'forms.error.comment',
    consent: 'forms.error.consent',
  },
  acceptsFiles: true,
};

export const prepareApplicationForm = (form: FormData) => prepareSubmission(form, APPLICATION_FORM_RULES);
