import type { Knex } from 'knex';
import {
  COURSE_FACETS,
  type Course,
  type CourseFacet,
  type FacetValue,
  type HistoryEntry,
  type Program,
  type ProgramLevel,
  type ResearchArea,
} from '@site/contracts/education';
import { type Locale, type Paginated } from '@site/contracts';
import { toNumber } from '../db/database';
import { likePattern } from '../http/params';
import { foldText } from '../search/text-analysis';
import type { CourseRecord, ResearchRecord } from './records';

export async function listPrograms(db: Knex, locale: Locale, level?: ProgramLevel): Promise<Program[]> {
  const query = db('programs').select('doc').where({ locale }).orderBy(['sort', 'id']);
  if (level) query.where({ level });
  return ((await query) as { doc: string }[]).map((row) => JSON.parse(row.doc) as Program);
}

export interface CourseQuery {
  facets: Partial<Record<CourseFacet, string[]>>;
  q?: string | undefined;
  page: number;
  pageSize: number;
}

/** Column of each single-valued facet; `topic` is many-valued and lives in course_topics. */
const FACET_COLUMNS: Record<Exclude<CourseFacet, 'topic'>, string> = {
  level: 'level',
  format: 'format',
  language: 'language',
  duration: 'duration',
};

function filteredCourses(db: Knex, locale: Locale, query: CourseQuery, except?: CourseFacet): Knex.QueryBuilder {
  const builder = db('courses').where('courses.locale', locale);
  for (const facet of COURSE_FACETS) {
    const ids = query.facets[facet] ?? [];
    if (facet === except || ids.length === 0) continue;
    if (facet === 'topic') {
      builder.whereIn('courses.id', db('course_topics').select('course_id').where({ locale }).whereIn('topic_id', ids));
    } else {
      builder.whereIn(`courses.${FACET_COLUMNS[facet]}`, ids);
    }
  }
  if (query.q) builder.whereRaw('courses.folded_text like ? escape ?', [likePattern(foldText(query.q)), '\\']);
  return builder;
}

async function facetCounts(db: Knex, locale: Locale, query: CourseQuery, facet: CourseFacet): Promise<Map<string, number>> {
  const others = filteredCourses(db, locale, query, facet);
  const rows =
    facet === 'topic'
      ? await db('course_topics')
          .select({ id: 'topic_id' })
          .count({ count: '*' })
          .where({ locale })
          .whereIn('course_id', others.clone().select('courses.id'))
          .groupBy<{ id: string; count: unknown }[]>('topic_id')
      : await others.clone().select({ id: FACET_COLUMNS[facet] }).count({ count: '*' }).groupBy<{ id: string; count: unknown }[]>(FACET_COLUMNS[facet]);
  return new Map(rows.map((row) => [row.id, toNumber(row.count)]));
}

/** Courses under the chosen facets and text, with every facet's values counted under the other facets. */
export async function listCourses(db: Knex, locale: Locale, query: CourseQuery): Promise<Paginated<Course> & { facets: Record<string, FacetValue[]> }> {
  const filtered = filteredCourses(db, locale, query);
  const totalRow = (await filtered.clone().count({ count: '*' }).first()) as { count: unknown } | undefined;
  const rows = (await filtered
    .clone()
    .select('doc')
    .orderBy([
      { column: 'title', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)) as { doc: string }[];
  const terms = (await db('taxonomy_terms')
    .select('vocabulary', 'id', 'label')
    .where({ locale })
    .whereIn(
      'vocabulary',
      COURSE_FACETS.map((facet) => `course.${facet}`),
    )
    .orderBy(['vocabulary', 'sort', 'id'])) as { vocabulary: string; id: string; label: string }[];
  const facets: Record<string, FacetValue[]> = {};
  for (const facet of COURSE_FACETS) {
    const counts = await facetCounts(db, locale, query, facet);
    facets[facet] = terms
      .filter((term) => term.vocabulary === `course.${facet}`)
      .map((term) => ({ id: term.id, label: term.label, count: counts.get(term.id) ?? 0 }));
  }
  return {
    items: rows.map((row) => {
      const { levelId: _l, formatId: _f, languageId: _g, durationId: _d, topicIds: _t, ...course } = JSON.parse(row.doc) as CourseRecord;
      return course;
    }),
    total: toNumber(totalRow?.count),
    page: query.page,
    pageSize: query.pageSize,
    facets,
  };
}

export async function listResearchAreas(db: Knex, locale: Locale): Promise<ResearchArea[]> {
  const rows = (await db('research_areas').select('doc').where({ locale }).orderBy(['sort', 'id'])) as { doc: string }[];
  return rows.map((row) => {
    const { sort: _sort, ...area } = JSON.parse(row.doc) as ResearchRecord;
    return area;
  });
}

export async function listHistory(db: Knex, locale: Locale): Promise<HistoryEntry[]> {
  const rows = (await db('history_entries').select('doc').where({ locale }).orderBy(['year', 'id'])) as { doc: string }[];
  return rows.map((row) => JSON.parse(row.doc) as HistoryEntry);
}
