import { HistoryListResponseSchema, type HistoryEntry } from '@site/contracts/education';
import { parseContract, type SectionLoader } from '@site/contracts';

/** Oldest first; the API promises that order, the sort keeps it if an editor's import does not. */
export function oldestFirst(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return [...entries].sort((a, b) => a.year - b.year);
}

export const load: SectionLoader<Record<string, unknown>, HistoryEntry[]> = async ({ api, locale, signal }) => {
  const path = `${locale}/history`;
  return oldestFirst(parseContract(path, HistoryListResponseSchema, await api.get(path, { signal })).data.items);
};
