import { VacancyListResponseSchema, type VacancyCentre } from '@site/contracts/forms';
import { parseContract, type SectionLoader } from '@site/contracts';

export interface VacancySubscriptionData {
  /** Centres one may subscribe to; null when they could not be loaded (the subscription then covers all centres). */
  centres: VacancyCentre[] | null;
}

/** The centres for the optional choice. A form must not fail for it: a failed call is logged and the choice left out. */
export const load: SectionLoader<Record<string, unknown>, VacancySubscriptionData> = async ({ api, locale, signal }) => {
  const path = `${locale}/vacancies`;
  try {
    return { centres: parseContract(path, VacancyListResponseSchema, await api.get(path, { signal })).data.centres };
  } catch (error) {
    console.warn(`VacancySubscription: ${path} failed, the centre choice is left out`, error);
    return { centres: null };
  }
};
