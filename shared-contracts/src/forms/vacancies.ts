import { Type, type Static } from '@sinclair/typebox';

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
