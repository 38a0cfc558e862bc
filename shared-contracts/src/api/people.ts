import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema } from './common';

export const PersonSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  name: Type.String(),
  position: Type.String(),
  link: Type.String(),
  department: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  photo: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
});
export type Person = Static<typeof PersonSchema>;

export const VacancySchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  centre: Type.String(),
  centreId: Type.String(),
  employment: Type.Optional(Type.String()),
  salary: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  publishedAt: Type.String(),
});
export type Vacancy = Static<typeof VacancySchema>;

/** `GET {locale}/people`: by `q` (name or position), `department` and `page`; `departments` lists the filter values. */
export const PeopleListResponseSchema = Type.Object({
  data: Type.Object({
    items: Type.Array(PersonSchema),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    departments: Type.Array(Type.Object({ id: Type.String(), label: Type.String() })),
  }),
});
export type PeopleListResponse = Static<typeof PeopleListResponseSchema>;

/** A centre that publishes vacancies; a centre may have none (the UI then says so). */
export const VacancyCentreSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  vacancyCount: Type.Integer({ minimum: 0 }),
});
export type VacancyCentre = Static<typeof VacancyCentreSchema>;

/** `GET {locale}/vacancies`, optionally by `centreId`: the vacancies and every centre with its count. */
export const VacancyListResponseSchema = Type.Object({
  data: Type.Object({ items: Type.Array(VacancySchema), centres: Type.Array(VacancyCentreSchema) }),
});
export type VacancyListResponse = Static<typeof VacancyListResponseSchema>;
