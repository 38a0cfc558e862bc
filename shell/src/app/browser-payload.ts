import type { RootSnapshot } from '../stores/root-store';

/** What the browser needs besides the store: settings of this deployment. */
interface BrowserConfig {
  publicApiBase: string;
  ownLegacyHosts: string[];
  /** Image hosts stored HTML may use: the browser's sanitizer must keep what the server's kept. */
  mediaHosts?: string[];
  analyticsCounterId: string;
  analyticsEndpoint?: string;
  remoteLoadTimeoutMs: number;
  sectionLoadBudgetMs: number;
  captcha: import('../forms/captcha').CaptchaConfig | null;
  /** The origin of the page's absolute links, so that the browser renders sections' absolute URLs as the server did. */
  siteOrigin?: string;
}

/** What the server hands the browser in the page: the store to continue from and the browser's settings. */
export interface BrowserPayload {
  store: RootSnapshot;
  config: BrowserConfig;
  /** The ids of the sections whose server render sanitised backend HTML: hydrating one needs the sanitizer's code. */
  sanitizedSections?: string[];
}

export const PAYLOAD_ELEMENT_ID = '__SITE_STATE__';
