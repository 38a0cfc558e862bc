/**
 * Calendar days as `YYYY-MM-DD` strings, counted in the university's time zone: "today" and an event's day are
 * the campus's, for every visitor, and the server and the browser agree on them (the content API counts the same).
 */
export const UNIVERSITY_TIME_ZONE = 'Europe/Moscow';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of an instant in a time zone. */
export function dayIn(instant: string | Date, timeZone: string = UNIVERSITY_TIME_ZONE): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

export function todayIn(timeZone: string = UNIVERSITY_TIME_ZONE, now: Date = new Date()): string {
  return dayIn(now, timeZone);
}

/** True for a real calendar day (rejects 2026-02-30 and anything not shaped YYYY-MM-DD). */
export function isRealDay(value: string | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The seven days of the week (Monday first, as in Russia) that holds a day. */
export function weekOf(day: string): string[] {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const monday = addDays(day, -((weekday + 6) % 7));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** A bare day has no time of its own: shown as the calendar day it names, whatever the formatter's time zone. */
export function isBareDay(value: string): boolean {
  return DAY.test(value);
}
