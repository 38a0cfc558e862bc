import { Type, type Static } from '@sinclair/typebox';
import { CourseSchema, HistoryEntrySchema, PersonSchema, ProgramSchema, ResearchAreaSchema } from '@site/contracts/education';
import { EventDetailsSchema } from '@site/contracts/events';
import { NewsItemSchema, OfficeSchema } from '@site/contracts/news';
import { VacancySchema } from '@site/contracts/forms';

/**
 * What the content store keeps per entity and locale: the contract shape the API serves, plus the ids the
 * lists filter on. The write API validates against these.
 */
const NumericId = Type.Integer({ minimum: 1, maximum: 2_000_000_000 });
const TextId = Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,63}$' });

export const NewsRecordSchema = Type.Composite([
  Type.Omit(NewsItemSchema, ['id']),
  Type.Object({
    id: NumericId,
    body: Type.String(),
    author: Type.Optional(Type.String()),
    officeId: Type.Optional(Type.Union([TextId, Type.Null()])),
    /** Set by the store on every save. */
    updatedAt: Type.Optional(Type.String()),
  }),
]);
export type NewsRecord = Static<typeof NewsRecordSchema>;

export const EventRecordSchema = Type.Composite([Type.Omit(EventDetailsSchema, ['id']), Type.Object({ id: NumericId })]);
export type EventRecord = Static<typeof EventRecordSchema>;

export const ProgramRecordSchema = Type.Composite([Type.Omit(ProgramSchema, ['id']), Type.Object({ id: TextId })]);
export type ProgramRecord = Static<typeof ProgramRecordSchema>;

export const CourseRecordSchema = Type.Composite([
  Type.Omit(CourseSchema, ['id']),
  Type.Object({
    id: NumericId,
    levelId: TextId,
    formatId: TextId,
    languageId: TextId,
    durationId: TextId,
    topicIds: Type.Array(TextId),
  }),
]);
export type CourseRecord = Static<typeof CourseRecordSchema>;

export const PersonRecordSchema = Type.Composite([
  Type.Omit(PersonSchema, ['id']),
  Type.Object({ id: NumericId, departmentId: Type.Optional(TextId), bio: Type.Optional(Type.String()) }),
]);
export type PersonRecord = Static<typeof PersonRecordSchema>;

export const ResearchRecordSchema = Type.Composite([Type.Omit(ResearchAreaSchema, ['id']), Type.Object({ id: TextId, sort: Type.Optional(Type.Integer()) })]);
export type ResearchRecord = Static<typeof ResearchRecordSchema>;

export const HistoryRecordSchema = Type.Composite([Type.Omit(HistoryEntrySchema, ['id']), Type.Object({ id: TextId })]);
export type HistoryRecord = Static<typeof HistoryRecordSchema>;

export const VacancyRecordSchema = Type.Composite([Type.Omit(VacancySchema, ['id']), Type.Object({ id: NumericId })]);
export type VacancyRecord = Static<typeof VacancyRecordSchema>;

export const OfficeRecordSchema = Type.Composite([
  Type.Omit(OfficeSchema, ['id']),
  Type.Object({ id: TextId, slug: TextId, sort: Type.Optional(Type.Integer()) }),
]);
export type OfficeRecord = Static<typeof OfficeRecordSchema>;
