import { VacancySubscriptionSchema } from '@site/contracts/forms';
import { validate } from '@site/contracts';
import { errorsFromIssues } from '../../submission/field-errors';
import type { PreparedJson } from '../../submission/prepare';

export type SubscriptionField = 'email' | 'centreIds' | 'consent';

const MESSAGE_IDS: Record<SubscriptionField, string> = {
  email: 'forms.error.email',
  centreIds: 'forms.error.centreIds',
  consent: 'forms.error.consent',
};

/** Reads the subscription into the contract's shape: no centre ticked means every centre, so the list is left out. */
function readSubscription(form: FormData): Record<string, unknown> {
  const email = form.get('email');
  const centreIds = form.getAll('centreIds').filter((value): value is string => typeof value === 'string' && value !== '');
  return {
    email: typeof email === 'string' ? email.trim() : '',
    ...(centreIds.length ? { centreIds } : {}),
    consent: form.get('consent') === 'on',
  };
}

/** The subscription endpoint takes JSON; the same schema as the intake's decides what may be sent. */
export function prepareSubscription(form: FormData): PreparedJson<SubscriptionField> {
  const values = readSubscription(form);
  const result = validate(VacancySubscriptionSchema, values);
  if (!result.ok) return { ok: false, errors: errorsFromIssues(result.issues, MESSAGE_IDS) };
  return { ok: true, body: { ...result.value }, withFiles: false };
}
