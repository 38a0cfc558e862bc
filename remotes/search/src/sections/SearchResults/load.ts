import {
  HandbooksResponseSchema,
  SEARCH_QUERY_REQUIRED_MESSAGE,
  SearchResponseSchema,
  SearchResultsPropsSchema,
  apiPaths,
  parseContract,
  validate,
  type SearchCategory,
  type SearchResultsProps,
  type SectionLoader,
} from '@site/contracts';

export interface SearchData {
  query: string;
  category: string | null;
  categories: SearchCategory[];
  results: SearchResultsProps | null;
}

/** Longest query the section sends; longer input is cut rather than refused. */
export const MAX_QUERY_LENGTH = 200;

/**
 * Reads `query` and `category` from the page's query string. The query is required: an empty one is reported in
 * the console with the spec's message, and the call still proceeds (spec point 5).
 */
export const load: SectionLoader<Record<string, unknown>, SearchData> = async ({ api, locale, query: pageQuery, signal }) => {
  const query = (pageQuery.query ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const category = pageQuery.category?.trim() || null;
  if (!query) console.error(SEARCH_QUERY_REQUIRED_MESSAGE);
  const [handbooks, search] = await Promise.all([
    api.get(apiPaths.handbooks(locale), { signal }),
    api.get(apiPaths.search(locale, query, category ?? undefined), { signal }),
  ]);
  const categories = parseContract(apiPaths.handbooks(locale), HandbooksResponseSchema, handbooks).data.searchCategories;
  const components = parseContract('search', SearchResponseSchema, search).components;
  const resultsComponent = components.find(
    (component): component is { name: string; props: unknown } =>
      typeof component === 'object' && component !== null && (component as { name?: unknown }).name === 'SearchResults',
  );
  const props = resultsComponent ? validate(SearchResultsPropsSchema, resultsComponent.props) : null;
  return { query, category, categories, results: props?.ok ? props.value : null };
};
