import { ResearchListResponseSchema, type ResearchArea } from '@site/contracts/education';
import { parseContract, type SectionLoader } from '@site/contracts';

/** The research areas with their laboratories and heads. */
export const load: SectionLoader<Record<string, unknown>, ResearchArea[]> = async ({ api, locale, signal }) => {
  const path = `${locale}/research`;
  return parseContract(path, ResearchListResponseSchema, await api.get(path, { signal })).data.items;
};
