import type { Knex } from 'knex';
import type { Locale, Paginated, TaxonomyEntry } from '@site/contracts';
import type { Person } from '@site/contracts/education';
import type { Vacancy, VacancyCentre } from '@site/contracts/forms';
import { toNumber } from '../db/database';
import { likePattern } from '../http/params';
import { foldText } from '../search/text-analysis';
import type { PersonRecord } from './records';

export interface PeopleQuery {
  q?: string | undefined;
  department?: string | undefined;
  page: number;
  pageSize: number;
}

/** People by name, position or department text (case- and ё-insensitive) and department, alphabetically. */
export async function listPeople(db: Knex, locale: Locale, query: PeopleQuery): Promise<Paginated<Person> & { departments: TaxonomyEntry[] }> {
  const base = db('people').where({ locale });
  if (query.department) base.where('department_id', query.department);
  if (query.q) base.whereRaw('folded_text like ? escape ?', [likePattern(foldText(query.q.trim())), '\\']);
  const totalRow = (await base.clone().count({ count: '*' }).first()) as { count: unknown } | undefined;
  const rows = (await base
    .clone()
    .select('doc')
    .orderBy([
      { column: 'name', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)) as { doc: string }[];
  const departments = (await db('taxonomy_terms')
    .select('id', 'label')
    .where({ locale, vocabulary: 'people.department' })
    .orderBy(['sort', 'id'])) as TaxonomyEntry[];
  return {
    items: rows.map((row) => {
      const { departmentId: _departmentId, bio: _bio, ...person } = JSON.parse(row.doc) as PersonRecord;
      return person;
    }),
    total: toNumber(totalRow?.count),
    page: query.page,
    pageSize: query.pageSize,
    departments: departments.map((entry) => ({ id: entry.id, label: entry.label })),
  };
}

/** Vacancies newest first, and every centre with its count: a centre with none is listed with 0. */
export async function listVacancies(db: Knex, locale: Locale, centreId?: string): Promise<{ items: Vacancy[]; centres: VacancyCentre[] }> {
  const query = db('vacancies')
    .select('doc')
    .where({ locale })
    .orderBy([
      { column: 'published_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  if (centreId) query.where({ centre_id: centreId });
  const rows = (await query) as { doc: string }[];
  const centreRows = (await db('vacancy_centres').select('id', 'title').where({ locale }).orderBy(['sort', 'id'])) as { id: string; title: string }[];
  const countRows = await db('vacancies')
    .select('centre_id')
    .count({ count: '*' })
    .where({ locale })
    .groupBy<{ centre_id: string; count: unknown }[]>('centre_id');
  const counts = new Map(countRows.map((row) => [row.centre_id, toNumber(row.count)]));
  return {
    items: rows.map((row) => JSON.parse(row.doc) as Vacancy),
    centres: centreRows.map((row) => ({ id: row.id, title: row.title, vacancyCount: counts.get(row.id) ?? 0 })),
  };
}

export async function centreExists(db: Knex, locale: Locale, centreId: string): Promise<boolean> {
  return Boolean(await db('vacancy_centres').select('id').where({ locale, id: centreId }).first());
}
