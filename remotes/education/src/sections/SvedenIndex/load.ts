import type { SectionLoader } from '@site/contracts';
import { loadSvedenIndex, type SvedenIndexData } from '../../sveden/load';

/** The list of subsections with their titles. */
export const load: SectionLoader<Record<string, unknown>, SvedenIndexData> = (context) => loadSvedenIndex(context);
