import { PeopleListResponseSchema, type PeopleListResponse } from '@site/contracts/education';
import { parseContract, type SectionLoader } from '@site/contracts';
import { idFromQuery, pageFromQuery, textFromQuery } from '../../listing/list-query';

export interface PeopleDirectoryProps {
  /** Fixes the directory to one department (its filter is then not offered). */
  department?: string;
  title?: string;
}

export interface PeopleDirectoryData {
  people: PeopleListResponse['data'];
  q: string;
  /** The department the list was asked for: the fixed one, or the page's `department`. */
  department: string | null;
}

/** People by the page's `q` (name or position), `department` and `page`. */
export const load: SectionLoader<PeopleDirectoryProps, PeopleDirectoryData> = async ({ api, locale, query, signal }, { props }) => {
  const q = textFromQuery(query.q);
  const department = idFromQuery(props.department) ?? idFromQuery(query.department) ?? null;
  const path = `${locale}/people`;
  const answer = await api.get(path, { params: { q, department, page: pageFromQuery(query.page) }, signal });
  return { people: parseContract(path, PeopleListResponseSchema, answer).data, q, department };
};
