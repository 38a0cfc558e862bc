/** The university's time zone: event and news times without an offset are wall-clock times there. */
export const UNIVERSITY_TIME_ZONE = 'Europe/Moscow';

/** Moscow has kept UTC+3 all year since 26 October 2014. */
export const MOSCOW_OFFSET = '+0300';
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

/** A wall-clock time in Moscow; `time` is null for a date without a time of day. */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  time: { hour: number; minute: number; second: number } | null;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/**
 * Reads a content API date as a Moscow wall-clock time: `2026-11-25T14:00` and `2026-11-25` are Moscow times as they
 * are; a time with an offset (`...+03:00`, `...Z`) is moved to Moscow. Null for anything that is not a date.
 */
export function moscowWallTime(value: string): WallTime | null {
  const local = LOCAL.exec(value);
  if (local) {
    const [, year, month, day, hour, minute, second] = local;
    const wall: WallTime = {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      time: hour === undefined ? null : { hour: Number(hour), minute: Number(minute), second: Number(second ?? 0) },
    };
    return validWall(wall) ? wall : null;
  }
  const instant = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || !Number.isFinite(instant)) return null;
  const shifted = new Date(instant + MOSCOW_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    time: { hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes(), second: shifted.getUTCSeconds() },
  };
}

function validWall(wall: WallTime): boolean {
  const date = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  if (date.getUTCMonth() !== wall.month - 1 || date.getUTCDate() !== wall.day) return false;
  return !wall.time || (wall.time.hour < 24 && wall.time.minute < 60 && wall.time.second < 60);
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');

/** RFC 822 date-time (as RSS 2.0 wants it) of a Moscow wall time, with Moscow's offset: `Wed, 25 Nov 2026 14:00:00 +0300`. */
export function rfc822(wall: WallTime): string {
  const { hour, minute, second } = wall.time ?? { hour: 0, minute: 0, second: 0 };
  const weekday = DAYS[new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay()];
  return `${weekday}, ${two(wall.day)} ${MONTHS[wall.month - 1]} ${wall.year} ${two(hour)}:${two(minute)}:${two(second)} ${MOSCOW_OFFSET}`;
}
