import type { Event } from './events';

// No schema here: browser builds compile the schema modules into checkers (scripts/compile-checkers.js), functions stay source.

/**
 * An event is over once its end (or, without one, its start) has passed: it no longer offers or accepts
 * applications. One rule for the intake, the event pages and the application form.
 */
export function eventIsOver(event: Pick<Event, 'startsAt' | 'endsAt'>, now: number = Date.now()): boolean {
  const end = Date.parse(event.endsAt ?? event.startsAt);
  return Number.isFinite(end) && end < now;
}
