import type { ApiClient, BreakpointType, Locale } from '@site/contracts';
import type { InitSnapshot } from '../stores/init-store';
import { MemoryPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';

/** An API client for tests that need none: every call is refused. */
const noApi: ApiClient = {
  get: () => Promise.reject(new Error('no API here')),
  post: () => Promise.reject(new Error('no API here')),
};

export interface TestRootStoreOptions {
  isServer?: boolean;
  locale?: Locale;
  init?: InitSnapshot | null;
  breakpoint?: BreakpointType;
  api?: ApiClient;
}

/** A root store as a page without a current page starts with (no remotes, status 200), its preferences in memory. */
export function testRootStore({ isServer = false, locale = 'ru', init = null, breakpoint = 'desktop', api = noApi }: TestRootStoreOptions = {}): RootStore {
  const persistence = new MemoryPersistence();
  return new RootStore(
    { api, persistence, isServer },
    {
      locale,
      init,
      page: { current: null, error: null, fetchedAt: 1 },
      ui: UiStore.snapshotFrom(persistence, breakpoint),
      remotes: { revision: 1, list: [] },
      status: 200,
    },
  );
}
