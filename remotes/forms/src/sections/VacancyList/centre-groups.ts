import type { Vacancy, VacancyCentre } from '@site/contracts/forms';

export interface CentreGroup {
  id: string;
  title: string;
  vacancies: Vacancy[];
}

/**
 * Vacancies grouped by centre in the centres' order, a centre without vacancies kept with an empty group (the page
 * then says there are none), and vacancies of a centre missing from the list kept in a group of their own.
 */
export function groupByCentre(centres: readonly VacancyCentre[], vacancies: readonly Vacancy[]): CentreGroup[] {
  const groups = new Map<string, CentreGroup>(centres.map((centre) => [centre.id, { id: centre.id, title: centre.title, vacancies: [] }]));
  for (const vacancy of vacancies) {
    const group = groups.get(vacancy.centreId) ?? { id: vacancy.centreId, title: vacancy.centre, vacancies: [] };
    group.vacancies.push(vacancy);
    groups.set(vacancy.centreId, group);
  }
  return [...groups.values()];
}

/** The resume form lives on the vacancies page under the `resume` anchor; it reads the vacancy from the query. */
export const RESUME_PAGE_PATH = '/vacancies';
export const RESUME_ANCHOR = 'resume';
