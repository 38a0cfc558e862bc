import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale } from '@site/contracts';
import { isUniqueViolation } from '../db/database';

/** One subscription per address: subscribing again updates the centres instead of adding a row. */
export async function saveVacancySubscription(db: Knex, locale: Locale, email: string, centreIds: string[]): Promise<{ id: string; created: boolean }> {
  const normalisedEmail = email.trim().toLowerCase();
  const now = new Date().toISOString();
  const update = async () => {
    const existing = (await db('vacancy_subscriptions').select('id').where({ email: normalisedEmail }).first()) as { id: string } | undefined;
    if (!existing) return null;
    await db('vacancy_subscriptions')
      .where({ id: existing.id })
      .update({ locale, centre_ids: JSON.stringify(centreIds), updated_at: now });
    return { id: existing.id, created: false };
  };
  const updated = await update();
  if (updated) return updated;
  const id = randomUUID();
  try {
    await db('vacancy_subscriptions').insert({ id, email: normalisedEmail, locale, centre_ids: JSON.stringify(centreIds), created_at: now, updated_at: now });
    return { id, created: true };
  } catch (error) {
    // Two first subscriptions of one address at once: the other one won, so this becomes an update.
    if (isUniqueViolation(error)) {
      const raced = await update();
      if (raced) return raced;
    }
    throw error;
  }
}
