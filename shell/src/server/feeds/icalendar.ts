import { MOSCOW_OFFSET, UNIVERSITY_TIME_ZONE, type WallTime } from './moscow-time';

/**
 * A small iCalendar (RFC 5545) writer for the events' calendar files: CRLF line ends, text values escaped, content
 * lines folded at 75 octets without splitting a UTF-8 character, times as Moscow wall-clock times with a TZID that
 * the calendar's own VTIMEZONE defines.
 */

export interface CalendarEvent {
  /** Globally unique and the same every time the event is written, so calendar apps update it instead of duplicating. */
  uid: string;
  summary: string;
  start: WallTime;
  end?: WallTime | null;
  location?: string | undefined;
  description?: string | undefined;
  url?: string | undefined;
}

export interface CalendarInput {
  /** Names the calendar in apps that subscribe to it (X-WR-CALNAME). */
  name: string;
  description?: string;
  /** When this copy was written (DTSTAMP of every event). */
  stamp: Date;
  /** How often subscribers should reload it. */
  refreshMinutes?: number;
  events: CalendarEvent[];
}

const PRODUCT_ID = '-//University site//Events//EN';

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Splits a content line into lines of at most 75 octets, continuation lines starting with one space (RFC 5545, 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const two = (value: number) => String(value).padStart(2, '0');

/** `DTSTART;TZID=Europe/Moscow:20261125T140000`, or `DTSTART;VALUE=DATE:20261125` for a date alone. */
function dateProperty(name: string, wall: WallTime): string {
  const date = `${wall.year}${two(wall.month)}${two(wall.day)}`;
  if (!wall.time) return `${name};VALUE=DATE:${date}`;
  return `${name};TZID=${UNIVERSITY_TIME_ZONE}:${date}T${two(wall.time.hour)}${two(wall.time.minute)}${two(wall.time.second)}`;
}

function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** An all-day event ends the day after its last day (DTEND is exclusive). */
function exclusiveEnd(start: WallTime, end: WallTime | null | undefined): WallTime | null {
  if (!end) return start.time ? null : nextDay(start);
  if (!start.time) return end.time ? nextDay({ ...end, time: null }) : nextDay(end);
  return end.time ? end : { ...end, time: { hour: 23, minute: 59, second: 59 } };
}

function nextDay(wall: WallTime): WallTime {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), time: null };
}

/** Moscow's time zone as the calendar carries it: UTC+3 all year (no daylight saving since 2014). */
const MOSCOW_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${UNIVERSITY_TIME_ZONE}`,
  `X-LIC-LOCATION:${UNIVERSITY_TIME_ZONE}`,
  'BEGIN:STANDARD',
  `TZOFFSETFROM:${MOSCOW_OFFSET}`,
  `TZOFFSETTO:${MOSCOW_OFFSET}`,
  'TZNAME:MSK',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** The whole calendar as a `text/calendar` body. */
export function writeCalendar(input: CalendarInput): string {
  const lines: string[] = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODUCT_ID}`, 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH'];
  lines.push(`X-WR-CALNAME:${escapeText(input.name)}`, `X-WR-TIMEZONE:${UNIVERSITY_TIME_ZONE}`);
  if (input.description) lines.push(`X-WR-CALDESC:${escapeText(input.description)}`);
  if (input.refreshMinutes) lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${input.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${input.refreshMinutes}M`);
  lines.push(...MOSCOW_VTIMEZONE);
  const stamp = utcStamp(input.stamp);
  for (const event of input.events) {
    lines.push('BEGIN:VEVENT', `UID:${escapeText(event.uid)}`, `DTSTAMP:${stamp}`, dateProperty('DTSTART', event.start));
    const end = exclusiveEnd(event.start, event.end);
    if (end) lines.push(dateProperty('DTEND', end));
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.url) lines.push(`URL;VALUE=URI:${event.url}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
