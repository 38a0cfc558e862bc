import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema } from '../api/common';

export const PROGRAM_LEVELS = ['bachelor', 'specialist', 'master', 'phd', 'continuing'] as const;
export type ProgramLevel = (typeof PROGRAM_LEVELS)[number];

export const ProgramSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  level: Type.Union(PROGRAM_LEVELS.map((level) => Type.Literal(level))),
  /** Human-readable duration, e.g. "4 года" / "4 years". */
  duration: Type.String(),
  format: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  image: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
});
export type Program = Static<typeof ProgramSchema>;

export const CourseSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  duration: Type.String(),
  durationWeeks: Type.Optional(Type.Integer({ minimum: 0 })),
  level: Type.String(),
  format: Type.String(),
  language: Type.String(),
  topics: Type.Optional(Type.Array(Type.String())),
  description: Type.Optional(Type.String()),
});
export type Course = Static<typeof CourseSchema>;

/** `GET {locale}/programs`, optionally by `level`. */
export const ProgramListResponseSchema = Type.Object({ data: Type.Object({ items: Type.Array(ProgramSchema) }) });
export type ProgramListResponse = Static<typeof ProgramListResponseSchema>;

export const COURSE_FACETS = ['level', 'format', 'language', 'topic', 'duration'] as const;
export type CourseFacet = (typeof COURSE_FACETS)[number];

/** A value of a course facet with the number of courses that have it under the other active facets. */
export const FacetValueSchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
});
export type FacetValue = Static<typeof FacetValueSchema>;

/**
 * `GET {locale}/courses`: filtered by the facets (comma lists: `level`, `format`, `language`, `topic`, `duration`),
 * a free-text `q` and `page`; `facets` lists every facet's values with counts.
 */
export const CourseListResponseSchema = Type.Object({
  data: Type.Object({
    items: Type.Array(CourseSchema),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    facets: Type.Record(Type.String(), Type.Array(FacetValueSchema)),
  }),
});
export type CourseListResponse = Static<typeof CourseListResponseSchema>;

export const ResearchAreaSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  description: Type.String(),
  head: Type.Optional(Type.String()),
  laboratories: Type.Optional(Type.Array(Type.String())),
  image: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
});
export type ResearchArea = Static<typeof ResearchAreaSchema>;

/** `GET {locale}/research`. */
export const ResearchListResponseSchema = Type.Object({ data: Type.Object({ items: Type.Array(ResearchAreaSchema) }) });
export type ResearchListResponse = Static<typeof ResearchListResponseSchema>;

export const HistoryEntrySchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  year: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  image: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
});
export type HistoryEntry = Static<typeof HistoryEntrySchema>;

/** `GET {locale}/history`: oldest first. */
export const HistoryListResponseSchema = Type.Object({ data: Type.Object({ items: Type.Array(HistoryEntrySchema) }) });
export type HistoryListResponse = Static<typeof HistoryListResponseSchema>;
