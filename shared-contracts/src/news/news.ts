import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema, IsoDateSchema, TaxonomyEntrySchema } from '../api/common';

/** The kinds a news query may filter by, `All` included. */
export const CONTENT_KINDS = ['NotSet', 'Media', 'News', 'All'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const NEWS_TYPES = ['News', 'Media', 'NotSet'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

export const FEATURE_SORTS = ['First', 'Second', 'NotSet'] as const;
export type FeatureSort = (typeof FEATURE_SORTS)[number];

/** Feature slots as presentation modifiers. */
export const FEATURES = ['NotSet', 'first-feature', 'second-feature'] as const;
export type Feature = (typeof FEATURES)[number];

/** Latest news kept per type, and the most featured items a page may show. */
export const LATEST_NEWS_PER_TYPE = 4;
export const MAX_FEATURED_NEWS = 2;

export const NewsItemSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  image: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
  date: IsoDateSchema,
  type: Type.Union(NEWS_TYPES.map((type) => Type.Literal(type))),
  isFeatured: Type.Boolean(),
  featureSort: Type.Union(FEATURE_SORTS.map((sort) => Type.Literal(sort))),
  lead: Type.Optional(Type.String()),
  categories: Type.Optional(Type.Array(Type.String())),
  formats: Type.Optional(Type.Array(Type.String())),
  themes: Type.Optional(Type.Array(Type.String())),
  targets: Type.Optional(Type.Array(Type.String())),
});
export type NewsItem = Static<typeof NewsItemSchema>;

export const NEWS_FILTER_GROUPS = ['categories', 'formats', 'themes', 'targets'] as const;
export type NewsFilterGroup = (typeof NEWS_FILTER_GROUPS)[number];

export const DATE_SELECTIONS = ['all', 'last-week'] as const;
export type DateSelection = (typeof DATE_SELECTIONS)[number];

export const NewsFiltersSchema = Type.Object({
  categories: Type.Array(TaxonomyEntrySchema),
  formats: Type.Array(TaxonomyEntrySchema),
  themes: Type.Array(TaxonomyEntrySchema),
  targets: Type.Array(TaxonomyEntrySchema),
});
export type NewsFilters = Static<typeof NewsFiltersSchema>;

export const OfficeSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  description: Type.Optional(Type.String()),
  workHoursTitle: Type.Optional(Type.String()),
  workHours: Type.Optional(Type.String()),
  vrMapUrl: Type.Optional(Type.String()),
  contactsTitle: Type.Optional(Type.String()),
  contacts: Type.Array(Type.Object({ label: Type.String(), value: Type.String(), href: Type.Optional(Type.String()) })),
  campusLocationTitle: Type.Optional(Type.String()),
  campusLocation: Type.Optional(Type.String()),
});
export type Office = Static<typeof OfficeSchema>;

/** Office dictionary: office id → its slug and the ids of its news. */
export const OfficeDictionarySchema = Type.Record(
  Type.String(),
  Type.Object({ slug: Type.String(), newsIds: Type.Array(Type.Union([Type.String(), Type.Number()])) }),
);
export type OfficeDictionary = Static<typeof OfficeDictionarySchema>;

/** `GET {locale}/news`: newest first, filtered by type, the four filter groups, date selection and page. */
export const NewsListResponseSchema = Type.Object({
  data: Type.Object({
    items: Type.Array(NewsItemSchema),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  }),
});
export type NewsListResponse = Static<typeof NewsListResponseSchema>;

/** `GET {locale}/news/filters`: the entries of the four filter groups. */
export const NewsFiltersResponseSchema = Type.Object({ data: NewsFiltersSchema });
export type NewsFiltersResponse = Static<typeof NewsFiltersResponseSchema>;

/** One news item with its body (HTML, sanitised before render) and the office that published it. */
export const NewsArticleSchema = Type.Composite([
  NewsItemSchema,
  Type.Object({
    body: Type.String(),
    author: Type.Optional(Type.String()),
    /** When the article last changed (ISO time): `dateModified` for search engines. Added in 1.1.0. */
    updatedAt: Type.Optional(Type.String()),
    office: Type.Optional(Type.Union([Type.Object({ id: Type.String(), slug: Type.String(), title: Type.String() }), Type.Null()])),
  }),
]);
export type NewsArticle = Static<typeof NewsArticleSchema>;

/** `GET {locale}/news/{id}`. */
export const NewsArticleResponseSchema = Type.Object({ data: NewsArticleSchema });
export type NewsArticleResponse = Static<typeof NewsArticleResponseSchema>;

/** `GET {locale}/offices`: the offices and the dictionary id → slug and news ids. */
export const OfficesResponseSchema = Type.Object({
  data: Type.Object({
    items: Type.Array(Type.Composite([OfficeSchema, Type.Object({ slug: Type.Optional(Type.String()) })])),
    dictionary: OfficeDictionarySchema,
  }),
});
export type OfficesResponse = Static<typeof OfficesResponseSchema>;
