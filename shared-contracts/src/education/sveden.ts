import { Type, type Static } from '@sinclair/typebox';

/**
 * "Сведения об образовательной организации": the special section every Russian educational organisation's site
 * must have, structured by the Requirements approved by Rosobrnadzor order No. 1493 of 04.08.2023 (in force since
 * 01.03.2024; it replaced order No. 831 of 14.08.2020). The subsections, in the order's order, with their URL
 * segments (`/sveden/{id}`) exactly as the order names them.
 */
export const SVEDEN_ORDER = 'Приказ Рособрнадзора от 04.08.2023 № 1493';
export const SVEDEN_SUBSECTIONS = [
  'common',
  'struct',
  'document',
  'education',
  'eduStandarts',
  'managers',
  'employees',
  'objects',
  'paid_edu',
  'budget',
  'vacant',
  'grants',
  'inter',
  'catering',
] as const;
export type SvedenSubsectionId = (typeof SVEDEN_SUBSECTIONS)[number];

/** The microdata name the order's format prescribes for an item, e.g. `fullName`, `rucovodstvo`, `fio`. */
const ItemProp = Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]{0,63}$' });

/**
 * One value: text, optionally a link (a document, a site, `tel:`/`mailto:`) and, for dates, the ISO date the
 * page puts in `<time datetime>`.
 */
export const SvedenValueSchema = Type.Object({
  text: Type.String(),
  href: Type.Optional(Type.String()),
  datetime: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
});
export type SvedenValue = Static<typeof SvedenValueSchema>;

/** A labelled value carrying its item's `itemprop`. */
export const SvedenFieldSchema = Type.Object({
  label: Type.String(),
  itemprop: ItemProp,
  value: SvedenValueSchema,
});
export type SvedenField = Static<typeof SvedenFieldSchema>;

/**
 * The blocks a subsection is made of. `fields`: labelled values, optionally grouped under one item (`itemprop`
 * on the group, e.g. `uchredLaw` around `nameUchred`…). `table`: one row per item; `rowItemprop` goes on each row
 * (e.g. `teachingStaff`), each column's `itemprop` on its cells (e.g. `fio`).
 */
export const SvedenFieldsBlockSchema = Type.Object({
  kind: Type.Literal('fields'),
  title: Type.Optional(Type.String()),
  itemprop: Type.Optional(ItemProp),
  fields: Type.Array(SvedenFieldSchema),
});
export const SvedenTableBlockSchema = Type.Object({
  kind: Type.Literal('table'),
  title: Type.String(),
  rowItemprop: Type.Optional(ItemProp),
  columns: Type.Array(Type.Object({ label: Type.String(), itemprop: Type.Optional(ItemProp) }), { minItems: 1 }),
  rows: Type.Array(Type.Array(SvedenValueSchema)),
});
export const SvedenBlockSchema = Type.Union([SvedenFieldsBlockSchema, SvedenTableBlockSchema]);
export type SvedenBlock = Static<typeof SvedenBlockSchema>;
export type SvedenTableBlock = Static<typeof SvedenTableBlockSchema>;
export type SvedenFieldsBlock = Static<typeof SvedenFieldsBlockSchema>;

export const SvedenSubsectionIdSchema = Type.Union(SVEDEN_SUBSECTIONS.map((id) => Type.Literal(id)));

export const SvedenSubsectionSchema = Type.Object({
  id: SvedenSubsectionIdSchema,
  title: Type.String(),
  /** When the subsection's information was last updated (ISO date). */
  updatedAt: IsoDay(),
  blocks: Type.Array(SvedenBlockSchema),
});
export type SvedenSubsection = Static<typeof SvedenSubsectionSchema>;

function IsoDay() {
  return Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
}

/** `GET {locale}/sveden`: the subsections in the order's order, with their titles. */
export const SvedenIndexResponseSchema = Type.Object({
  data: Type.Object({
    order: Type.String(),
    items: Type.Array(Type.Object({ id: SvedenSubsectionIdSchema, title: Type.String(), updatedAt: IsoDay() })),
  }),
});
export type SvedenIndexResponse = Static<typeof SvedenIndexResponseSchema>;

/** `GET {locale}/sveden/{id}`. */
export const SvedenSubsectionResponseSchema = Type.Object({ data: SvedenSubsectionSchema });
export type SvedenSubsectionResponse = Static<typeof SvedenSubsectionResponseSchema>;
