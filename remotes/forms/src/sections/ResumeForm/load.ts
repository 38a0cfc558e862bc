import { VacancyListResponseSchema } from '@site/contracts/forms';
import { parseContract, type SectionLoader } from '@site/contracts';

export interface ResumeFormProps {
  vacancyId?: string | number;
  title?: string;
}

export interface VacancyOption {
  id: string;
  title: string;
  centre: string;
}

export interface ResumeFormData {
  /** Open vacancies to choose from; null when they could not be loaded (the form then sends the page's vacancy as is). */
  vacancies: VacancyOption[] | null;
}

/**
 * All vacancies, so the form can name the one chosen on the page (`/vacancies?vacancyId=…#resume`) and let the
 * visitor change it. A form must not fail for this help: a failed call is logged and the list left out.
 */
export const load: SectionLoader<ResumeFormProps, ResumeFormData> = async ({ api, locale, signal }) => {
  const path = `${locale}/vacancies`;
  try {
    const answer = parseContract(path, VacancyListResponseSchema, await api.get(path, { signal }));
    return { vacancies: answer.data.items.map((vacancy) => ({ id: String(vacancy.id), title: vacancy.title, centre: vacancy.centre })) };
  } catch (error) {
    console.warn(`ResumeForm: ${path} failed, the vacancy choice is left out`, error);
    return { vacancies: null };
  }
};
