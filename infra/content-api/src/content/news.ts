import type { Knex } from 'knex';
import {
  NEWS_FILTER_GROUPS,
  type DateSelection,
  type NewsArticle,
  type NewsFilters,
  type NewsItem,
  type Office,
  type OfficeDictionary,
} from '@site/contracts/news';
import { type Locale, type Paginated } from '@site/contracts';
import { parseJson, toNumber } from '../db/database';
import { daysBefore, todayIn } from './calendar';
import type { NewsRecord, OfficeRecord } from './records';

export interface NewsQuery {
  type?: 'News' | 'Media' | 'All' | 'NotSet' | undefined;
  featured?: boolean | undefined;
  filters: Partial<Record<(typeof NEWS_FILTER_GROUPS)[number], string[]>>;
  date: DateSelection;
  officeId?: string | undefined;
  page: number;
  pageSize: number;
}

function toNewsItem(record: NewsRecord): NewsItem {
  const { body: _body, author: _author, officeId: _officeId, ...item } = record;
  return item;
}

/** News newest first, filtered by type, feature, the four filter groups and the date selection. */
export async function listNews(db: Knex, locale: Locale, query: NewsQuery, timeZone: string): Promise<Paginated<NewsItem>> {
  const base = db('news').where('news.locale', locale);
  if (query.type && query.type !== 'All') base.where('type', query.type);
  if (query.featured !== undefined) base.where('is_featured', query.featured);
  if (query.officeId) base.where('office_id', query.officeId);
  if (query.date === 'last-week') base.where('date', '>=', daysBefore(todayIn(timeZone), 7));
  // Within a group any of the chosen ids matches; across groups all groups must match.
  for (const group of NEWS_FILTER_GROUPS) {
    const ids = query.filters[group] ?? [];
    if (ids.length === 0) continue;
    base.whereIn('id', db('news_terms').select('news_id').where({ locale, vocabulary: group }).whereIn('term_id', ids));
  }
  const totalRow = (await base.clone().count({ count: '*' }).first()) as { count: unknown } | undefined;
  const rows = (await base
    .clone()
    .select('doc')
    .orderBy([
      { column: 'date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)) as { doc: string }[];
  return {
    items: rows.map((row) => toNewsItem(JSON.parse(row.doc) as NewsRecord)),
    total: toNumber(totalRow?.count),
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function readNewsFilters(db: Knex, locale: Locale): Promise<NewsFilters> {
  const rows = (await db('taxonomy_terms')
    .select('vocabulary', 'id', 'label')
    .where({ locale })
    .whereIn(
      'vocabulary',
      NEWS_FILTER_GROUPS.map((group) => `news.${group}`),
    )
    .orderBy(['vocabulary', 'sort', 'id'])) as { vocabulary: string; id: string; label: string }[];
  const filters: NewsFilters = { categories: [], formats: [], themes: [], targets: [] };
  for (const row of rows) filters[row.vocabulary.slice('news.'.length) as keyof NewsFilters].push({ id: row.id, label: row.label });
  return filters;
}

export async function readNewsArticle(db: Knex, locale: Locale, id: number): Promise<NewsArticle | null> {
  const row = (await db('news').select('doc').where({ locale, id }).first()) as { doc: string } | undefined;
  if (!row) return null;
  const record = JSON.parse(row.doc) as NewsRecord;
  let office: NewsArticle['office'] = null;
  if (record.officeId) {
    const officeRow = (await db('offices').select('doc').where({ locale, id: record.officeId }).first()) as { doc: string } | undefined;
    const officeRecord = officeRow ? parseJson<OfficeRecord | null>(officeRow.doc, null) : null;
    if (officeRecord) office = { id: officeRecord.id, slug: officeRecord.slug, title: officeRecord.title };
  }
  const { officeId: _officeId, ...article } = record;
  return { ...article, office };
}

/** Offices in display order, and the dictionary office id → slug and its news ids, newest first. */
export async function readOffices(db: Knex, locale: Locale): Promise<{ items: (Office & { slug: string })[]; dictionary: OfficeDictionary }> {
  const rows = (await db('offices').select('doc').where({ locale }).orderBy(['sort', 'id'])) as { doc: string }[];
  const offices = rows.map((row) => JSON.parse(row.doc) as OfficeRecord);
  const newsRows = (await db('news')
    .select('id', 'office_id')
    .where({ locale })
    .whereNotNull('office_id')
    .orderBy([
      { column: 'date', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])) as { id: number; office_id: string }[];
  const dictionary: OfficeDictionary = {};
  for (const office of offices) dictionary[office.id] = { slug: office.slug, newsIds: [] };
  for (const row of newsRows) dictionary[row.office_id]?.newsIds.push(toNumber(row.id));
  const items = offices.map(({ sort: _sort, ...office }) => office);
  return { items, dictionary };
}
