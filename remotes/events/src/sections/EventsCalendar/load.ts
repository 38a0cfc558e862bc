import { EventListResponseSchema, type Event } from '@site/contracts/events';
import { parseContract, type SectionLoader } from '@site/contracts';
import { isRealDay, todayIn, weekOf } from '../../calendar/days';

/** What the calendar shows: one day (`?day=YYYY-MM-DD`) or a tab (`?scope=today|all`; upcoming without one). */
export type CalendarView = { kind: 'day'; day: string } | { kind: 'scope'; scope: CalendarScope };
export type CalendarScope = 'upcoming' | 'today' | 'all';

export interface EventsCalendarProps {
  title?: string;
}

export interface EventsCalendarData {
  view: CalendarView;
  /** Today on campus, as the loader saw it: the component never reads the clock, so hydration matches. */
  today: string;
  /** The week (Monday first) around the chosen day, or around today. */
  week: string[];
  /** The days of that week with at least one event. */
  daysWithEvents: string[];
  items: Event[];
  total: number;
  page: number;
  pageSize: number;
}

export const EVENTS_PAGE_SIZE = 20;
const SCOPES: readonly CalendarScope[] = ['upcoming', 'today', 'all'];
const MAX_PAGE = 10_000;

export function calendarViewOf(query: Readonly<Record<string, string>>): CalendarView {
  if (query.day !== undefined) {
    if (isRealDay(query.day)) return { kind: 'day', day: query.day };
    console.warn(`EventsCalendar: "${query.day}" is not a calendar day; showing upcoming events instead`);
  }
  const scope = SCOPES.find((candidate) => candidate === query.scope);
  return { kind: 'scope', scope: scope ?? 'upcoming' };
}

function pageOf(query: Readonly<Record<string, string>>): number {
  const page = Number(query.page ?? 1);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

/** The chosen day's (or tab's) events, and which days of its week have events, fetched together. */
export const load: SectionLoader<EventsCalendarProps, EventsCalendarData> = async ({ api, locale, query, signal }) => {
  const view = calendarViewOf(query);
  const today = todayIn();
  const week = weekOf(view.kind === 'day' ? view.day : today);
  const page = pageOf(query);
  const path = `${locale}/events`;
  const selection = view.kind === 'day' ? { day: view.day } : { scope: view.scope };
  const [listResponse, weekResponse] = await Promise.all([
    api.get(path, { params: { ...selection, page, pageSize: EVENTS_PAGE_SIZE }, signal }),
    api.get(path, { params: { from: week[0], to: week[6], pageSize: 1 }, signal }),
  ]);
  const list = parseContract(path, EventListResponseSchema, listResponse).data;
  const weekList = parseContract(`${path}?from&to`, EventListResponseSchema, weekResponse).data;
  return { view, today, week, daysWithEvents: weekList.daysWithEvents ?? [], items: list.items, total: list.total, page, pageSize: EVENTS_PAGE_SIZE };
};
