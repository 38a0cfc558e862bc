import type { Knex } from 'knex';
import type { Event, EventDetails, EventScope } from '@site/contracts/events';
import type { Locale } from '@site/contracts';
import { toNumber } from '../db/database';
import { addDays, todayIn } from './calendar';
import type { EventRecord } from './records';

export interface EventQuery {
  scope?: EventScope | undefined;
  day?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  recommendedOnly?: boolean | undefined;
  page: number;
  pageSize: number;
}

export interface EventList {
  items: Event[];
  total: number;
  page: number;
  pageSize: number;
  scope?: EventScope;
  day?: string;
  daysWithEvents?: string[];
}

function toEvent(record: EventRecord): Event {
  const { body: _body, organizer: _organizer, ...event } = record;
  return event;
}

/**
 * Events by scope, day or range. Times are stored as ISO strings with the university's fixed offset, so
 * string comparison is chronological on both engines. An event belongs to every day it spans.
 */
export async function listEvents(db: Knex, locale: Locale, query: EventQuery, timeZone: string): Promise<EventList> {
  const today = todayIn(timeZone);
  const base = db('events').where({ locale });
  let scope: EventScope | undefined = query.scope;
  let firstDay: string | undefined;
  let lastDay: string | undefined;
  if (query.day) {
    firstDay = lastDay = query.day;
    scope = undefined;
  } else if (query.from || query.to) {
    firstDay = query.from;
    lastDay = query.to;
  } else if (scope === 'today') {
    firstDay = lastDay = today;
  } else if (scope === 'upcoming' || scope === undefined) {
    scope = 'upcoming';
    firstDay = today;
  }
  if (firstDay) base.where('ends_at', '>=', firstDay);
  if (lastDay) base.where('starts_at', '<', addDays(lastDay, 1));
  if (query.recommendedOnly) base.where('is_recommended', true);

  const totalRow = (await base.clone().count({ count: '*' }).first()) as { count: unknown } | undefined;
  const rows = (await base
    .clone()
    .select('doc')
    .orderBy([
      { column: 'starts_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)) as { doc: string }[];
  const list: EventList = {
    items: rows.map((row) => toEvent(JSON.parse(row.doc) as EventRecord)),
    total: toNumber(totalRow?.count),
    page: query.page,
    pageSize: query.pageSize,
  };
  if (scope) list.scope = scope;
  if (query.day) list.day = query.day;
  if (firstDay && lastDay) {
    const spans = await base.clone().select<{ starts_at: string; ends_at: string }[]>('starts_at', 'ends_at');
    const days = new Set<string>();
    for (const span of spans) {
      let day = span.starts_at.slice(0, 10) < firstDay ? firstDay : span.starts_at.slice(0, 10);
      const end = span.ends_at.slice(0, 10) > lastDay ? lastDay : span.ends_at.slice(0, 10);
      for (let guard = 0; day <= end && guard < 400; guard += 1, day = addDays(day, 1)) days.add(day);
    }
    list.daysWithEvents = [...days].sort();
  }
  return list;
}

export async function readEventDetails(db: Knex, locale: Locale, id: number): Promise<EventDetails | null> {
  const row = (await db('events').select('doc').where({ locale, id }).first()) as { doc: string } | undefined;
  return row ? (JSON.parse(row.doc) as EventDetails) : null;
}
