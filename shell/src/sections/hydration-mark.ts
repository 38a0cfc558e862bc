/**
 * The name of the browser's performance mark set when a section's code has rendered in the browser: hydrated over
 * the server's HTML, or mounted after a client navigation. Its `detail` names the section type and instance, so a
 * lab run (the interactivity bench) or a monitoring script can tell when each section became interactive.
 */
export const SECTION_HYDRATED_MARK = 'site:section-hydrated';

/** The mark set once the whole page has hydrated (the shell's layout and stores answer the visitor). */
export const PAGE_HYDRATED_MARK = 'site:page-hydrated';

export interface SectionHydratedDetail {
  section: string;
  id: string;
}

/** Records the moment a section became interactive in this browser (no-op where the timeline is missing). */
export function markSectionHydrated(detail: SectionHydratedDetail): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  performance.mark(SECTION_HYDRATED_MARK, { detail });
}
