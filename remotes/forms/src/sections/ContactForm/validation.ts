import { ContactFormSchema } from '@site/contracts/forms';
import { prepareSubmission, type FormRules } from '../../submission/prepare';

export type ContactField = 'name' | 'email' | 'phone' | 'topic' | 'message';

/** The contact form's fields, checked with the same schema as the intake's. */
const CONTACT_FORM_RULES: FormRules<ContactField> = {
  schema: ContactFormSchema,
  required: ['name', 'email', 'message'],
  optional: ['phone', 'topic'],
  messageIds: {
    name: 'forms.error.name',
    email: 'forms.error.email',
    phone: 'forms.error.phone',
    topic: 'forms.error.topic',
    message: 'forms.error.message',
    consent: 'forms.error.consent',
  },
};

export const prepareContactForm = (form: FormData) => prepareSubmission(form, CONTACT_FORM_RULES);
