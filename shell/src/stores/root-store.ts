import type { ApiClient, Locale } from '@site/contracts';
import { InitStore, type InitSnapshot } from './init-store';
import { LeaveGuardStore } from './leave-guard-store';
import { LoadingBarStore } from './loading-bar-store';
import { LocaleStore } from './locale-store';
import { PageStore, type PageSnapshot } from './page-store';
import type { Persistence } from './persistence';
import { UiStore, type UiSnapshot } from './ui-store';

/** A remote as the page uses it: the browser hydrates with exactly these versions. */
export interface RemoteUse {
  name: string;
  version: string;
  manifestUrl: string;
  sections: string[];
  health: string;
  /** SRI values of the version's browser files by path in its folder (see federation/subresource-integrity.ts). */
  integrity?: Record<string, string>;
}

/** Everything the server hands the browser to continue where it stopped (serialized into the HTML). */
export interface RootSnapshot {
  locale: Locale;
  init: InitSnapshot | null;
  page: PageSnapshot;
  ui: UiSnapshot;
  remotes: { revision: number; list: RemoteUse[] };
  /** The request's HTTP status (404 and 500 render the error page). */
  status: number;
}

export interface RootStoreEnvironment {
  api: ApiClient;
  persistence: Persistence;
  isServer: boolean;
}

/** One root store per request on the server and one per page load in the browser; stores reach each other here. */
export class RootStore {
  readonly locale: LocaleStore;
  readonly init: InitStore;
  readonly page: PageStore;
  readonly ui: UiStore;
  readonly loadingBar = new LoadingBarStore();
  readonly leaveGuards = new LeaveGuardStore(this.loadingBar);
  readonly remotes: RootSnapshot['remotes'];
  status: number;

  constructor(
    readonly env: RootStoreEnvironment,
    snapshot: RootSnapshot,
  ) {
    this.locale = new LocaleStore(snapshot.locale, env.persistence);
    this.init = new InitStore(snapshot.init);
    this.page = new PageStore(snapshot.page);
    this.ui = new UiStore(snapshot.ui, env.persistence);
    this.remotes = snapshot.remotes;
    this.status = snapshot.status;
  }

  snapshot(): RootSnapshot {
    return {
      locale: this.locale.locale,
      init: this.init.data,
      page: this.page.snapshot(),
      ui: this.ui.snapshot(),
      remotes: this.remotes,
      status: this.status,
    };
  }
}
