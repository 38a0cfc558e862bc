import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema } from '../api/common';

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
