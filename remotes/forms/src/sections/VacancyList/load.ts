import { VacancyListResponseSchema, type VacancyListResponse } from '@site/contracts/forms';
import { parseContract, type SectionLoader } from '@site/contracts';

export interface VacancyListProps {
  /** Shows one centre only, without the centre tabs. */
  centreId?: string;
  title?: string;
}

export type VacancyListData = VacancyListResponse['data'];

/**
 * Every vacancy and every centre (a centre may have none). The centre tab (`?centre=`) is applied by the component
 * from the page's URL, so switching tabs needs no new request and works on pages that do not watch that parameter.
 */
export const load: SectionLoader<VacancyListProps, VacancyListData> = async ({ api, locale, signal }, { props }) => {
  const path = `${locale}/vacancies`;
  const answer = await api.get(path, { params: { centreId: props.centreId }, signal });
  return parseContract(path, VacancyListResponseSchema, answer).data;
};
