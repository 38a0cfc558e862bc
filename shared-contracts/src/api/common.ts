import { Type, type Static } from '@sinclair/typebox';

export const LinkSchema = Type.Object({
  label: Type.String(),
  href: Type.String(),
});
export type Link = Static<typeof LinkSchema>;

/** An image reference as the backend sends it: a media path or an absolute URL, with its text alternative. */
export const ImageSchema = Type.Object({
  url: Type.String(),
  alt: Type.Optional(Type.String()),
  width: Type.Optional(Type.Integer({ minimum: 1 })),
  height: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type Image = Static<typeof ImageSchema>;

/** Every backend error, and every error the HTTP client raises, has this shape. */
export const ApiErrorSchema = Type.Object({
  statusCode: Type.Integer({ minimum: 100, maximum: 599 }),
  message: Type.String(),
});
export type ApiError = Static<typeof ApiErrorSchema>;

/** An entry of a taxonomy (news categories, formats, themes, targets; course facets). */
export const TaxonomyEntrySchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
});
export type TaxonomyEntry = Static<typeof TaxonomyEntrySchema>;

export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** ISO 8601 date or date-time string as the backend sends it. */
export const IsoDateSchema = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}' });
