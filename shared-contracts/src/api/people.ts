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
