import type { VacancyOption } from './load';

/** Vacancies grouped by centre, in the order the centres first appear, for the select's option groups. */
export function vacanciesByCentre(vacancies: readonly VacancyOption[]): Array<{ centre: string; vacancies: VacancyOption[] }> {
  const groups = new Map<string, VacancyOption[]>();
  for (const vacancy of vacancies) {
    const group = groups.get(vacancy.centre) ?? [];
    group.push(vacancy);
    groups.set(vacancy.centre, group);
  }
  return [...groups].map(([centre, members]) => ({ centre, vacancies: members }));
}
