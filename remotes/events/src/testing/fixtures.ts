import type { Event, EventDetails } from '@site/contracts/events';

/** A contract-valid event; tests override what they are about. */
export function event(overrides: Partial<Event> & Pick<Event, 'id'>): Event {
  return {
    title: `Event ${overrides.id}`,
    link: `/events/${overrides.id}`,
    startsAt: '2026-03-10T14:00:00+03:00',
    endsAt: '2026-03-10T16:30:00+03:00',
    coOrganizers: [],
    isRecommended: false,
    isPaid: false,
    application: { type: 'none' },
    ...overrides,
  };
}

export function eventDetails(overrides: Partial<EventDetails> & Pick<EventDetails, 'id'>): EventDetails {
  return { ...event(overrides), body: '<p>Programme.</p>', ...overrides };
}
