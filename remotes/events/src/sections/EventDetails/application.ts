import { eventIsOver, type EventDetails } from '@site/contracts/events';

/** The application page of events that take applications through the site's own form. */
const APPLICATION_PAGE = '/apply';

export interface ApplicationTarget {
  kind: 'link' | 'form';
  href: string;
}

/**
 * Where a visitor applies: the organiser's registration page (type link, http(s) only) or the site's application
 * form with the event preselected (type form, `/apply?eventId=…`); nothing for type none, a link without a URL,
 * or an event that is over.
 */
export function applicationTargetOf(
  event: Pick<EventDetails, 'id' | 'application' | 'startsAt' | 'endsAt'>,
  now: number = Date.now(),
): ApplicationTarget | null {
  if (eventIsOver(event, now)) return null;
  const { type, url } = event.application;
  if (type === 'form') return { kind: 'form', href: `${APPLICATION_PAGE}?eventId=${encodeURIComponent(String(event.id))}` };
  if (type === 'link' && url && /^(https?:\/\/|\/(?!\/))/i.test(url.trim())) return { kind: 'link', href: url.trim() };
  return null;
}
