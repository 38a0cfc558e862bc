import ICAL from 'ical.js';
import { escapeText, foldLine, writeCalendar } from './icalendar';
import { moscowWallTime } from './moscow-time';

const wall = (value: string) => moscowWallTime(value)!;

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // The calendar's own VTIMEZONE defines Europe/Moscow for the times that name it.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return calendar;
}

describe('iCalendar writer', () => {
  afterEach(() => ICAL.TimezoneService.reset());

  const calendar = writeCalendar({
    name: 'Мероприятия — Университет',
    description: 'Предстоящие мероприятия',
    stamp: new Date('2026-11-23T10:00:00Z'),
    refreshMinutes: 60,
    events: [
      {
        uid: 'event-7-ru@site.example',
        summary: 'Лекция; «Квантовые вычисления», часть 2\\3',
        start: wall('2026-11-25T14:00'),
        end: wall('2026-11-25T16:30'),
        location: 'Главный корпус, ауд. 101',
        description: `Первая строка\nВторая строка, очень длинная: ${'длинный текст '.repeat(20)}`,
        url: 'https://site.example/events/7',
      },
      { uid: 'event-8-ru@site.example', summary: 'Весь день', start: wall('2026-12-01'), end: wall('2026-12-02') },
    ],
  });

  test('ends every line with CRLF and folds lines at 75 octets without splitting a character', () => {
    expect(calendar.endsWith('\r\n')).toBe(true);
    expect(calendar.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = calendar.split('\r\n').slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(calendar).not.toContain('\ufffd');
  });

  test('parses with ical.js: Moscow start and end, the texts as written, a stable UID and a DTSTAMP', () => {
    const parsed = parse(calendar);
    expect(parsed.getFirstPropertyValue('x-wr-calname')).toBe('Мероприятия — Университет');
    const zone = parsed.getFirstSubcomponent('vtimezone')!;
    expect(zone.getFirstPropertyValue('tzid')).toBe('Europe/Moscow');
    const [lecture, allDay] = parsed.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(lecture!.uid).toBe('event-7-ru@site.example');
    expect(lecture!.summary).toBe('Лекция; «Квантовые вычисления», часть 2\\3');
    expect(lecture!.location).toBe('Главный корпус, ауд. 101');
    expect(lecture!.description).toBe(`Первая строка\nВторая строка, очень длинная: ${'длинный текст '.repeat(20)}`);
    expect(lecture!.startDate.zone.tzid).toBe('Europe/Moscow');
    expect(lecture!.startDate.toJSDate().toISOString()).toBe('2026-11-25T11:00:00.000Z');
    expect(lecture!.endDate.toJSDate().toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(lecture!.component.getFirstPropertyValue('url')).toBe('https://site.example/events/7');
    expect(String(lecture!.component.getFirstPropertyValue('dtstamp'))).toBe('2026-11-23T10:00:00Z');
    expect(allDay!.startDate.isDate).toBe(true);
    expect(allDay!.startDate.toString()).toBe('2026-12-01');
    // DTEND of an all-day event is the day after its last day.
    expect(allDay!.endDate.toString()).toBe('2026-12-03');
  });

  test('escapes backslash, semicolon, comma and line breaks; folds long lines with a leading space', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    const folded = foldLine(`SUMMARY:${'я'.repeat(80)}`);
    expect(folded.split('\r\n').map((line) => Buffer.byteLength(line))).toEqual([74, 75, 21]);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'я'.repeat(80)}`);
  });

  test('reads content API times as Moscow wall-clock times, moving times with an offset to Moscow', () => {
    expect(moscowWallTime('2026-11-25T14:00')).toEqual({ year: 2026, month: 11, day: 25, time: { hour: 14, minute: 0, second: 0 } });
    expect(moscowWallTime('2026-11-25T23:30:00Z')).toEqual({ year: 2026, month: 11, day: 26, time: { hour: 2, minute: 30, second: 0 } });
    expect(moscowWallTime('2026-11-25')).toEqual({ year: 2026, month: 11, day: 25, time: null });
    expect(moscowWallTime('2026-02-30')).toBeNull();
    expect(moscowWallTime('soon')).toBeNull();
  });
});
