import { SVEDEN_SUBSECTIONS, SvedenSubsectionResponseSchema, type SvedenSubsection, type SvedenSubsectionId } from '@site/contracts/education';
import { parseContract, type SectionLoader } from '@site/contracts';
import { loadSvedenIndex, type SvedenIndexData } from '../../sveden/load';

export interface SvedenSectionProps {
  /** Which subsection: one of the order's ids, e.g. `common`, `eduStandarts`, `paid_edu`; `common` when absent. */
  subsection?: SvedenSubsectionId;
}

export interface SvedenSectionData {
  subsection: SvedenSubsection;
  /** Every subsection, for the navigation between them. */
  index: SvedenIndexData;
}

/** One subsection with its items, and the list of all of them, fetched side by side. */
export const load: SectionLoader<SvedenSectionProps, SvedenSectionData> = async (context, { props }) => {
  const id = props.subsection ?? 'common';
  if (!(SVEDEN_SUBSECTIONS as readonly string[]).includes(id)) {
    throw new Error(`SvedenSection: "${String(id)}" is not a subsection of the order (${SVEDEN_SUBSECTIONS.join(', ')})`);
  }
  const path = `${context.locale}/sveden/${id}`;
  const [answer, index] = await Promise.all([context.api.get(path, { signal: context.signal }), loadSvedenIndex(context)]);
  return { subsection: parseContract(path, SvedenSubsectionResponseSchema, answer).data, index };
};
