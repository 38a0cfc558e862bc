import { createContext, useContext } from 'react';
import type { SectionModule } from '@site/contracts';
import type { RootStore } from './root-store';
import type { SectionView } from './page-store';

const StoreContext = createContext<RootStore | null>(null);
StoreContext.displayName = 'RootStore';
export const StoreProvider = StoreContext.Provider;

export function useStore(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore() needs a StoreProvider');
  return store;
}

/**
 * How sections get their code: on the server every module is resolved before rendering; in the browser
 * modules load before hydration, or when a lazy section nears the viewport, or after hydration for deferred ones.
 */
export interface SectionRuntime {
  isServer: boolean;
  /** The module of a section rendered on this page, if already loaded. */
  moduleFor(view: SectionView): SectionModule | undefined;
  /**
   * Browser only: true for a static section of the server-rendered page while the page shows the location the
   * server rendered (`location`: path and query): its server HTML is final, kept as it is, and its code is never
   * loaded. Another location (a tab of the section, another page) renders it with its code from then on.
   */
  keepsServerHtml?(view: SectionView, location: string): boolean;
  /** Loads a section's module in the browser (and its data for a deferred section). */
  loadInBrowser?(view: SectionView, options: { withData: boolean; whenVisible: boolean }): Promise<{ module: SectionModule; data?: unknown }>;
  /** Server only: told when a section's render sanitises backend HTML (the browser needs the sanitizer to hydrate it). */
  noteSanitizerUse?(view: SectionView): void;
}

const SectionRuntimeContext = createContext<SectionRuntime | null>(null);
SectionRuntimeContext.displayName = 'SectionRuntime';
export const SectionRuntimeProvider = SectionRuntimeContext.Provider;

export function useSectionRuntime(): SectionRuntime {
  const runtime = useContext(SectionRuntimeContext);
  if (!runtime) throw new Error('useSectionRuntime() needs a SectionRuntimeProvider');
  return runtime;
}
