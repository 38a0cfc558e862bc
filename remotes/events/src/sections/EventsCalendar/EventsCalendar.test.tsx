import { renderSection } from '@site/ui/testing';
import { addDays, todayIn, weekOf } from '../../calendar/days';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { event } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, linksOf, textOf } from '@site/test-support';
import EventsCalendar from './index';
import { calendarViewOf, EVENTS_PAGE_SIZE, load, type EventsCalendarData } from './load';

const TODAY = '2026-03-12';

function calendar(overrides: Partial<EventsCalendarData> = {}): EventsCalendarData {
  const view = overrides.view ?? { kind: 'day', day: '2026-03-11' };
  return {
    view,
    today: TODAY,
    week: weekOf(view.kind === 'day' ? view.day : TODAY),
    daysWithEvents: ['2026-03-10', '2026-03-12'],
    items: [],
    total: 0,
    page: 1,
    pageSize: EVENTS_PAGE_SIZE,
    ...overrides,
  };
}

describe('calendar view and days', () => {
  it('reads a day or a tab from the page query, upcoming by default', () => {
    expect(calendarViewOf({ day: '2026-03-11', scope: 'all' })).toEqual({ kind: 'day', day: '2026-03-11' });
    expect(calendarViewOf({ scope: 'today' })).toEqual({ kind: 'scope', scope: 'today' });
    expect(calendarViewOf({ scope: 'all' })).toEqual({ kind: 'scope', scope: 'all' });
    expect(calendarViewOf({ scope: 'yesterday' })).toEqual({ kind: 'scope', scope: 'upcoming' });
    expect(calendarViewOf({})).toEqual({ kind: 'scope', scope: 'upcoming' });
  });

  it('shows upcoming events for a day that does not exist, and says why in the log', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(calendarViewOf({ day: '2026-02-30' })).toEqual({ kind: 'scope', scope: 'upcoming' });
    expect(warn).toHaveBeenCalledWith('EventsCalendar: "2026-02-30" is not a calendar day; showing upcoming events instead');
    warn.mockRestore();
  });

  it('counts weeks from Monday and "today" on campus', () => {
    expect(weekOf('2026-03-11')).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15']);
    expect(weekOf('2026-03-09')[0]).toBe('2026-03-09');
    // 22:30 UTC on 11 March is already 12 March in Moscow.
    expect(todayIn('Europe/Moscow', new Date('2026-03-11T22:30:00Z'))).toBe('2026-03-12');
  });
});

describe('EventsCalendar', () => {
  it('links every day of the week, the previous and next day and today, marking the chosen day and days with events', () => {
    const html = renderSection(EventsCalendar, { props: {}, data: calendar() }, en, { locale: 'en', path: '/en/events?day=2026-03-11&page=2' });
    const dayLinks = linksOf(html).filter((link) => link.attributes.includes('data-day'));
    expect(dayLinks.map((link) => link.href)).toEqual(weekOf('2026-03-11').map((day) => `/en/events?day=${day}`));
    expect(dayLinks[2]?.attributes).toContain('aria-current="date"');
    expect(dayLinks[1]?.text).toContain('Tuesday, March 10, has events');
    expect(dayLinks[3]?.text).toContain('Thursday, March 12, today, has events');
    expect(dayLinks[2]?.text).not.toContain('has events');
    expect(html).toContain('aria-label="Previous day, Tuesday, March 10"');
    expect(linksOf(html).find((link) => link.attributes.includes('Next day'))?.href).toBe('/en/events?day=2026-03-12');
    expect(linkNamed(html, 'Jump to today').href).toBe('/en/events?day=2026-03-12');
    expect(html).toContain('aria-label="Choose a day"');
  });

  it('has tabs for upcoming, today and all events, none active while a day is chosen', () => {
    const html = renderSection(EventsCalendar, { props: {}, data: calendar() }, en, { locale: 'en', path: '/en/events?day=2026-03-11' });
    expect(linkNamed(html, 'Upcoming').href).toBe('/en/events');
    expect(linkNamed(html, 'All events').href).toBe('/en/events?scope=all');
    const todayTab = linksOf(html).find((link) => link.attributes.includes('data-tab="today"'));
    expect(todayTab?.href).toBe('/en/events?scope=today');
    expect(html).not.toContain('aria-current="page"');
  });

  it('says that a day has no events, naming the day, and offers the upcoming ones', () => {
    const html = renderSection(EventsCalendar, { props: {}, data: calendar() }, en, { locale: 'en', path: '/en/events?day=2026-03-11' });
    expect(textOf(html)).toContain('Events on March 11, 2026 There are no events on March 11, 2026 See upcoming events');
    expect(linkNamed(html, 'See upcoming events').href).toBe('/en/events');
    const russian = renderSection(EventsCalendar, { props: {}, data: calendar() }, ru, { path: '/events?day=2026-03-11' });
    expect(textOf(russian)).toContain('События 11 марта 2026 г. 11 марта 2026 г. событий нет');
    expect(linkNamed(russian, 'Посмотреть ближайшие события').href).toBe('/events');
  });

  it('has its own empty message for each tab', () => {
    const empty = (scope: 'today' | 'upcoming' | 'all', messages: Record<string, string>, locale: 'ru' | 'en') =>
      textOf(renderSection(EventsCalendar, { props: {}, data: calendar({ view: { kind: 'scope', scope } }) }, messages, { locale }));
    expect(empty('today', en, 'en')).toContain("Today's events There are no events today");
    expect(empty('upcoming', en, 'en')).toContain('Upcoming events There are no upcoming events yet');
    expect(empty('upcoming', en, 'en')).not.toContain('See upcoming events');
    expect(empty('all', en, 'en')).toContain('All events There are no events yet');
    expect(empty('today', ru, 'ru')).toContain('События сегодня Сегодня событий нет');
  });

  it("lists a tab's events and pages through them, keeping the tab", () => {
    const data = calendar({ view: { kind: 'scope', scope: 'all' }, items: [event({ id: 7, title: 'Hackathon' })], total: 45, page: 2 });
    const html = renderSection(EventsCalendar, { props: {}, data }, en, { locale: 'en', path: '/en/events?scope=all&page=2' });
    expect(linksOf(html).find((link) => link.attributes.includes('data-tab="all"'))?.attributes).toContain('aria-current="page"');
    expect(linkNamed(html, 'Hackathon').href).toBe('/en/events/7');
    expect(linkNamed(html, 'Next').href).toBe('/en/events?scope=all&page=3');
    expect(linkNamed(html, '1').href).toBe('/en/events?scope=all');
    expect(html).toContain('aria-label="Pages of events"');
  });
});

describe('EventsCalendar loader on the content API', () => {
  const server = contentApiForSuite();

  const run = (query: Record<string, string>) => load(loadContext(server.api, 'en', query, '/events'), descriptorOf('EventsCalendar', {}));

  it("gives today's events and marks today in its week as a day with events", async () => {
    const today = todayIn();
    const data = await run({ scope: 'today' });
    expect(data.view).toEqual({ kind: 'scope', scope: 'today' });
    expect(data.today).toBe(today);
    expect(data.week).toContain(today);
    expect(data.daysWithEvents).toContain(today);
    expect(data.items.length).toBeGreaterThan(0);
    for (const item of data.items) {
      expect(item.startsAt.slice(0, 10) <= today && (item.endsAt ?? item.startsAt).slice(0, 10) >= today).toBe(true);
    }
  });

  it('gives an empty day with the week around it', async () => {
    const data = await run({ day: '2001-01-10' });
    expect(data).toMatchObject({ view: { kind: 'day', day: '2001-01-10' }, items: [], total: 0, daysWithEvents: [] });
    expect(data.week[0]).toBe('2001-01-08');
  });

  it('gives one day of events, and pages through all events in order', async () => {
    const tomorrow = addDays(todayIn(), 1);
    const day = await run({ day: tomorrow });
    expect(day.items.every((item) => item.startsAt.slice(0, 10) <= tomorrow)).toBe(true);
    expect(day.daysWithEvents.includes(tomorrow)).toBe(day.items.length > 0);
    const [first, second] = await Promise.all([run({ scope: 'all' }), run({ scope: 'all', page: '2' })]);
    expect(first.total).toBeGreaterThan(EVENTS_PAGE_SIZE);
    expect(first.items).toHaveLength(EVENTS_PAGE_SIZE);
    expect(second.page).toBe(2);
    expect(Date.parse(second.items[0]!.startsAt)).toBeGreaterThanOrEqual(Date.parse(first.items[EVENTS_PAGE_SIZE - 1]!.startsAt));
  });
});
