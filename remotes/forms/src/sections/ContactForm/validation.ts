import { ContactFormSchema, validate, type ContactForm } from '@site/contracts';

export type ContactField = 'name' | 'email' | 'phone' | 'topic' | 'message' | 'consent';

/** Reads the form's values into the contract's shape: empty optional fields are left out. */
export function readContactForm(form: FormData): Record<string, unknown> {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const values: Record<string, unknown> = { name: text('name'), email: text('email'), message: text('message'), consent: form.get('consent') === 'on' };
  if (text('phone')) values.phone = text('phone');
  if (text('topic')) values.topic = text('topic');
  return values;
}

/** Field errors as message ids, one per field, from the same schema the server checks. */
export function contactFormErrors(values: Record<string, unknown>): { value: ContactForm | null; errors: Partial<Record<ContactField, string>> } {
  const result = validate(ContactFormSchema, values);
  if (result.ok) return { value: result.value, errors: {} };
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of result.issues) {
    const field = issue.path.replace(/^\//, '').split('/')[0] as ContactField;
    if (!field || errors[field]) continue;
    errors[field] = `forms.error.${field}`;
  }
  return { value: null, errors };
}
