import type { Knex } from 'knex';
import { eventIsOver } from '@site/contracts/events';
import { type Locale } from '@site/contracts';
import { readEventDetails } from '../content/events';
import { HttpError } from '../http/errors';
import { formMessage } from './messages';

const EVENT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * An application names the event it is for: that event must exist in the form's locale, take applications
 * through the site's form and not be over yet. Anything else is refused (422) before files are kept, so a stale
 * link or a hand-made request never files an application nobody will read.
 */
export async function assertEventTakesApplications(db: Knex, locale: Locale, eventId: string, now: number = Date.now()): Promise<void> {
  const event = EVENT_ID.test(eventId) ? await readEventDetails(db, locale, Number(eventId)) : null;
  if (!event) throw new HttpError(422, formMessage('eventUnknown', locale));
  if (eventIsOver(event, now)) throw new HttpError(422, formMessage('eventOver', locale));
  if (event.application.type !== 'form') throw new HttpError(422, formMessage('eventNoApplications', locale));
}
