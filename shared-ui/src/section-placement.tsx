import { createContext, useContext, type ReactNode } from 'react';

/**
 * Where the shell placed a section on its page. Only the page's first section leads it: an image that asks for
 * priority (a hero) gets it there, and further down it loads like any other, so a page never has two images
 * competing for the first screen's bandwidth.
 */
export interface SectionPlacement {
  /** The section is the first on its page: its main image is likely the page's largest paint. */
  leadsPage: boolean;
}

// Outside the shell's sections (a section's own tests, the UI-kit page) an image keeps the priority it asks for.
const SectionPlacementReact = createContext<SectionPlacement>({ leadsPage: true });
SectionPlacementReact.displayName = 'SectionPlacement';

export function SectionPlacementProvider({ value, children }: { value: SectionPlacement; children: ReactNode }) {
  return <SectionPlacementReact.Provider value={value}>{children}</SectionPlacementReact.Provider>;
}

export function useSectionPlacement(): SectionPlacement {
  return useContext(SectionPlacementReact);
}
