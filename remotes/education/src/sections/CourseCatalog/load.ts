import { COURSE_FACETS, CourseListResponseSchema, type CourseFacet, type CourseListResponse } from '@site/contracts/education';
import { parseContract, type SectionLoader } from '@site/contracts';
import { idListFromQuery, pageFromQuery, textFromQuery } from '../../listing/list-query';

export type ActiveFacets = Record<CourseFacet, string[]>;

export interface CourseCatalogData {
  courses: CourseListResponse['data'];
  /** The facet values and the text the list was asked for, as read from the page's query. */
  active: ActiveFacets;
  q: string;
}

export function activeFacetsOf(query: Readonly<Record<string, string>>): ActiveFacets {
  return Object.fromEntries(COURSE_FACETS.map((facet) => [facet, idListFromQuery(query[facet])])) as ActiveFacets;
}

/** Courses under the page's facets (`level`, `format`, `language`, `topic`, `duration`: comma lists), `q` and `page`. */
export const load: SectionLoader<Record<string, unknown>, CourseCatalogData> = async ({ api, locale, query, signal }) => {
  const active = activeFacetsOf(query);
  const q = textFromQuery(query.q);
  const path = `${locale}/courses`;
  const params = { ...Object.fromEntries(COURSE_FACETS.map((facet) => [facet, active[facet].join(',')])), q, page: pageFromQuery(query.page) };
  const answer = await api.get(path, { params, signal });
  return { courses: parseContract(path, CourseListResponseSchema, answer).data, active, q };
};
