import { SvedenIndexResponseSchema, type SvedenIndexResponse } from '@site/contracts/education';
import { parseContract, type SectionLoadContext } from '@site/contracts';

export type SvedenIndexData = SvedenIndexResponse['data'];

/** The subsections of "Сведения об образовательной организации", in the order's order, with their titles. */
export async function loadSvedenIndex({ api, locale, signal }: SectionLoadContext): Promise<SvedenIndexData> {
  const path = `${locale}/sveden`;
  return parseContract(path, SvedenIndexResponseSchema, await api.get(path, { signal })).data;
}
