import {
  HandbooksResponseSchema,
  SEARCH_QUERY_REQUIRED_MESSAGE,
  SearchResponseSchema,
  SearchResultsPropsSchema,
  type SearchCategory,
  type SearchResultsProps,
} from '@site/contracts/search';
import { apiPaths, parseContract, validate, type SectionLoader } from '@site/contracts';

export interface SearchData {
  query: string;
  category: string | null;
  /** The page of results asked for (`?page=`, from 1). */
  page: number;
  categories: SearchCategory[];
  results: SearchResultsProps | null;
}

/** Longest query the section sends; longer input is cut rather than refused. */
const MAX_QUERY_LENGTH = 200;

/**
 * Reads `query` and `category` from the page's query string. The query is required: an empty one is reported in
 * the console with SEARCH_QUERY_REQUIRED_MESSAGE, and the call still proceeds.
 */
export const load: SectionLoader<Record<string, unknown>, SearchData> = async ({ api, locale, query: pageQuery, signal }) => {
  const query = (pageQuery.query ?? '').trim().slice(0, MAX_QUERY_LENGTH);
  const category = pageQuery.category?.trim() || null;
  const page = pageNumberOf(pageQuery.page);
  // In the browser the section itself says it once rendered (server data is not loaded again there).
  if (!query && typeof window === 'undefined') console.error(SEARCH_QUERY_REQUIRED_MESSAGE);
  const [handbooks, search] = await Promise.all([
    api.get(apiPaths.handbooks(locale), { signal }),
    api.get(apiPaths.search(locale, query, category ?? undefined), { signal, params: page > 1 ? { page } : {} }),
  ]);
  const categories = parseContract(apiPaths.handbooks(locale), HandbooksResponseSchema, handbooks).data.searchCategories;
  const components = parseContract('search', SearchResponseSchema, search).components;
  const resultsComponent = components.find(
    (component): component is { name: string; props: unknown } =>
      typeof component === 'object' && component !== null && (component as { name?: unknown }).name === 'SearchResults',
  );
  const props = resultsComponent ? validate(SearchResultsPropsSchema, resultsComponent.props) : null;
  return { query, category, page, categories, results: props?.ok ? props.value : null };
};

/** `?page=` as a page number: anything that is not a whole number from 1 is the first page. */
export function pageNumberOf(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}
