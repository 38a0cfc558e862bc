import { Type, type Static } from '@sinclair/typebox';

/** What a search hit is: the entity it came from. */
export const SEARCH_KINDS = ['page', 'news', 'event', 'course', 'program', 'person', 'vacancy'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The message logged when a search is called with an empty query, word for word. */
export const SEARCH_QUERY_REQUIRED_MESSAGE = 'Параметр query обязателен!';

export const SearchCategorySchema = Type.Object({
  id: Type.String(),
  label: Type.String(),
});
export type SearchCategory = Static<typeof SearchCategorySchema>;

/** `GET {locale}/handbooks`: the search categories and other reference lists. */
export const HandbooksResponseSchema = Type.Object({
  data: Type.Object({ searchCategories: Type.Array(SearchCategorySchema) }, { additionalProperties: Type.Unknown() }),
});
export type HandbooksResponse = Static<typeof HandbooksResponseSchema>;

export const SearchResultSchema = Type.Object({
  id: Type.String(),
  kind: Type.Union(SEARCH_KINDS.map((kind) => Type.Literal(kind))),
  category: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  href: Type.String(),
  date: Type.Optional(Type.String()),
  /** The words of the document that matched the query, for highlighting. */
  matchedWords: Type.Array(Type.String()),
  score: Type.Number(),
});
export type SearchResult = Static<typeof SearchResultSchema>;

export const SearchResultsPropsSchema = Type.Object({
  query: Type.String(),
  category: Type.Optional(Type.String()),
  total: Type.Integer({ minimum: 0 }),
  results: Type.Array(SearchResultSchema),
  /** Hits per category for the category tabs, before the category filter. */
  categoryCounts: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  /** The page of results shown (`?page=`), and its size. */
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type SearchResultsProps = Static<typeof SearchResultsPropsSchema>;

/**
 * `GET {locale}/pages/search/{query}/{category?}`: the spec reads the response's `components` field,
 * the sections that present the results (descriptors as on any page).
 */
export const SearchResponseSchema = Type.Object({
  components: Type.Array(Type.Unknown()),
});
export type SearchResponse = Static<typeof SearchResponseSchema>;
