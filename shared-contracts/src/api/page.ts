import { Type, type Static } from '@sinclair/typebox';
import { SeoSchema } from './init';

export const SECTION_THEMES = ['dark', 'light', 'grey', 'secondary', 'colorScheme'] as const;
export type SectionTheme = (typeof SECTION_THEMES)[number];
export const SECTION_SIZES = ['medium'] as const;
export type SectionSize = (typeof SECTION_SIZES)[number];
export const SLIDER_TYPES = ['cards', 'gallery', 'fullwidth'] as const;
export type SliderType = (typeof SLIDER_TYPES)[number];

/** Section names are PascalCase identifiers; they double as federated expose names. */
export const SECTION_NAME_PATTERN = '^[A-Z][A-Za-z0-9]{1,63}$';

/**
 * One named section of a page. `name` is the section type the shell resolves to a remote;
 * `props` are the section's own, validated by the section itself.
 */
export const SectionDescriptorSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  name: Type.String({ minLength: 1 }),
  lazy: Type.Optional(Type.Boolean()),
  theme: Type.Optional(Type.Union(SECTION_THEMES.map((theme) => Type.Literal(theme)))),
  size: Type.Optional(Type.Union(SECTION_SIZES.map((size) => Type.Literal(size)))),
  slider: Type.Optional(Type.Union(SLIDER_TYPES.map((slider) => Type.Literal(slider)))),
  /** The colour scheme id (from init `colors`) for the colorScheme theme. */
  colorSchemeId: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  /** An anchor id, so that hash links can scroll to the section. */
  anchor: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]*$' })),
  title: Type.Optional(Type.String()),
  props: Type.Record(Type.String(), Type.Unknown()),
});
export interface SectionDescriptor<P = Record<string, unknown>> extends Omit<Static<typeof SectionDescriptorSchema>, 'props'> {
  props: P;
}

/** A query parameter rule of a page's validation step: a failing rule answers 404. */
export const QueryRuleSchema = Type.Object({
  pattern: Type.String(),
  required: Type.Optional(Type.Boolean()),
});
export type QueryRule = Static<typeof QueryRuleSchema>;

export const PageSchema = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  seo: Type.Optional(SeoSchema),
  /** true: any query change refetches the page; a list: only changes of those keys do. */
  watchQuery: Type.Optional(Type.Union([Type.Boolean(), Type.Array(Type.String())])),
  validate: Type.Optional(Type.Object({ query: Type.Optional(Type.Record(Type.String(), QueryRuleSchema)) })),
  /** Sections are validated one by one so that one malformed descriptor degrades only itself. */
  components: Type.Array(Type.Unknown()),
});
export type Page = Static<typeof PageSchema>;

/** `GET {locale}/pages/{slug}`. */
export const PageResponseSchema = Type.Object({ data: PageSchema });
export type PageResponse = Static<typeof PageResponseSchema>;
