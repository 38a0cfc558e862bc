import type { TSchema } from '@sinclair/typebox';
import type { Locale } from '@site/contracts';
import type { SearchDocument } from '../search/search-index';
import { foldText } from '../search/text-analysis';
import {
  CourseRecordSchema,
  EventRecordSchema,
  HistoryRecordSchema,
  NewsRecordSchema,
  OfficeRecordSchema,
  PersonRecordSchema,
  ProgramRecordSchema,
  ResearchRecordSchema,
  VacancyRecordSchema,
  type CourseRecord,
  type EventRecord,
  type HistoryRecord,
  type NewsRecord,
  type OfficeRecord,
  type PersonRecord,
  type ProgramRecord,
  type ResearchRecord,
  type VacancyRecord,
} from './records';

type Row = Record<string, string | number | boolean | null>;

/** The search category of each kind of document; the categories themselves come from the handbooks. */
export const SEARCH_CATEGORY_OF_KIND = {
  page: 'pages',
  news: 'news',
  event: 'events',
  program: 'education',
  course: 'education',
  person: 'people',
  vacancy: 'vacancies',
} as const;

/**
 * One kind of content entity: where it lives, how it is validated, which rows it writes (its own row plus
 * link rows for filters) and what it contributes to search. Seed, write API and import all go through these.
 */
export interface EntityDefinition<R extends { id: string | number } = { id: string | number }> {
  /** The URL segment of the write API, e.g. `news`. */
  name: string;
  table: string;
  idType: 'integer' | 'text';
  schema: TSchema;
  /** The entity's own row (without locale and doc, which are added for every entity). */
  columns(record: R): Row;
  /** Link rows in other tables, keyed by table; each table must have `locale` and the link column. */
  links?: { table: string; column: string; rows(record: R): Row[] }[];
  /** The record keeps the time of its last change (`updatedAt`, set on every save): sitemaps and `dateModified`. */
  stampsChangeTime?: boolean;
  /** Its search document; `href` is the locale-neutral path, as every link the API gives (the site localises it). */
  searchDocument?(record: R): SearchDocument;
}

const define = <R extends { id: string | number }>(definition: EntityDefinition<R>) => definition as unknown as EntityDefinition;

export const ENTITIES: EntityDefinition[] = [
  define<NewsRecord>({
    name: 'news',
    table: 'news',
    idType: 'integer',
    schema: NewsRecordSchema,
    stampsChangeTime: true,
    columns: (news) => ({
      date: news.date,
      type: news.type,
      is_featured: news.isFeatured,
      feature_sort: news.featureSort,
      office_id: news.officeId ?? null,
    }),
    links: [
      {
        table: 'news_terms',
        column: 'news_id',
        rows: (news) =>
          (['categories', 'formats', 'themes', 'targets'] as const).flatMap((vocabulary) =>
            [...new Set(news[vocabulary] ?? [])].map((termId) => ({ news_id: news.id, vocabulary, term_id: termId })),
          ),
      },
    ],
    searchDocument: (news) => ({
      key: `news:${news.id}`,
      kind: 'news',
      category: SEARCH_CATEGORY_OF_KIND.news,
      title: news.title,
      body: `${news.lead ?? ''} ${news.body}`,
      href: news.link,
      date: news.date,
    }),
  }),
  define<EventRecord>({
    name: 'events',
    table: 'events',
    idType: 'integer',
    schema: EventRecordSchema,
    stampsChangeTime: true,
    columns: (event) => ({ starts_at: event.startsAt, ends_at: event.endsAt ?? event.startsAt, is_recommended: event.isRecommended }),
    searchDocument: (event) => ({
      key: `event:${event.id}`,
      kind: 'event',
      category: SEARCH_CATEGORY_OF_KIND.event,
      title: event.title,
      body: `${event.lead ?? ''} ${event.place ?? ''} ${event.body}`,
      href: event.link,
      date: event.startsAt,
    }),
  }),
  define<ProgramRecord>({
    name: 'programs',
    table: 'programs',
    idType: 'text',
    schema: ProgramRecordSchema,
    columns: (program) => ({ level: program.level, sort: 0 }),
    searchDocument: (program) => ({
      key: `program:${program.id}`,
      kind: 'program',
      category: SEARCH_CATEGORY_OF_KIND.program,
      title: program.title,
      body: `${program.description ?? ''} ${program.duration}`,
      href: program.link,
    }),
  }),
  define<CourseRecord>({
    name: 'courses',
    table: 'courses',
    idType: 'integer',
    schema: CourseRecordSchema,
    columns: (course) => ({
      title: course.title.slice(0, 512),
      level: course.levelId,
      format: course.formatId,
      language: course.languageId,
      duration: course.durationId,
      folded_text: foldText(`${course.title} ${course.description ?? ''}`).slice(0, 2048),
    }),
    links: [
      {
        table: 'course_topics',
        column: 'course_id',
        rows: (course) => [...new Set(course.topicIds)].map((topicId) => ({ course_id: course.id, topic_id: topicId })),
      },
    ],
    searchDocument: (course) => ({
      key: `course:${course.id}`,
      kind: 'course',
      category: SEARCH_CATEGORY_OF_KIND.course,
      title: course.title,
      body: `${course.description ?? ''} ${(course.topics ?? []).join(' ')}`,
      href: course.link,
    }),
  }),
  define<PersonRecord>({
    name: 'people',
    table: 'people',
    idType: 'integer',
    schema: PersonRecordSchema,
    columns: (person) => ({
      name: person.name,
      department_id: person.departmentId ?? null,
      folded_text: foldText(`${person.name} ${person.position} ${person.department ?? ''}`).slice(0, 1024),
    }),
    searchDocument: (person) => ({
      key: `person:${person.id}`,
      kind: 'person',
      category: SEARCH_CATEGORY_OF_KIND.person,
      title: person.name,
      body: `${person.position} ${person.department ?? ''} ${person.bio ?? ''}`,
      href: person.link,
    }),
  }),
  define<ResearchRecord>({
    name: 'research',
    table: 'research_areas',
    idType: 'text',
    schema: ResearchRecordSchema,
    columns: (area) => ({ sort: area.sort ?? 0 }),
  }),
  define<HistoryRecord>({
    name: 'history',
    table: 'history_entries',
    idType: 'text',
    schema: HistoryRecordSchema,
    columns: (entry) => ({ year: entry.year }),
  }),
  define<VacancyRecord>({
    name: 'vacancies',
    table: 'vacancies',
    idType: 'integer',
    schema: VacancyRecordSchema,
    columns: (vacancy) => ({ centre_id: vacancy.centreId, published_at: vacancy.publishedAt }),
    searchDocument: (vacancy) => ({
      key: `vacancy:${vacancy.id}`,
      kind: 'vacancy',
      category: SEARCH_CATEGORY_OF_KIND.vacancy,
      title: vacancy.title,
      body: `${vacancy.centre} ${vacancy.description ?? ''} ${vacancy.employment ?? ''}`,
      href: `/vacancies?centreId=${encodeURIComponent(vacancy.centreId)}#vacancy-${vacancy.id}`,
      date: vacancy.publishedAt,
    }),
  }),
  define<OfficeRecord>({
    name: 'offices',
    table: 'offices',
    idType: 'text',
    schema: OfficeRecordSchema,
    columns: (office) => ({ slug: office.slug, sort: office.sort ?? 0 }),
  }),
];

export function entityNamed(name: string): EntityDefinition | undefined {
  return ENTITIES.find((entity) => entity.name === name);
}

/** All rows an entity writes for one locale, by table: its own row and its link rows. */
export function rowsOfEntity(entity: EntityDefinition, locale: Locale, record: { id: string | number }): Record<string, Row[]> {
  const rows: Record<string, Row[]> = {
    [entity.table]: [{ locale, id: record.id, ...entity.columns(record), doc: JSON.stringify(record) }],
  };
  for (const link of entity.links ?? []) {
    rows[link.table] = link.rows(record).map((row) => ({ locale, ...row }));
  }
  return rows;
}
