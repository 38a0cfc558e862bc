import { makeAutoObservable, observableRef } from 'mobx';
import {
  AlertSchema,
  ColorSchemeItemSchema,
  CookiesNoticeSchema,
  FooterSchema,
  HeaderSchema,
  INIT_RESERVED_KEYS,
  NotifySchema,
  RedirectSchema,
  keepValidEntries,
  validate,
  type Alert,
  type ColorSchemeItem,
  type CookiesNotice,
  type FooterData,
  type HeaderData,
  type InitResponse,
  type Notify,
  type Redirect,
  type Settings,
} from '@site/contracts';
import type { Sanitizer } from '../security/sanitize';

/** The default colour scheme entry: dark grey on white, used when the init data names no scheme. */
export const DEFAULT_COLOR_SCHEME: ColorSchemeItem['color'] = { bg: '#2F312E', color: '#FFFFFF', text: '#FFFFFF' };

export interface InitSnapshot {
  settings: Settings;
  colors: ColorSchemeItem[];
  redirects: Redirect[];
  header: HeaderData | null;
  footer: FooterData | null;
  /** Their `text` is sanitised HTML, ready for the page: see normaliseInit. */
  alerts: Alert[];
  cookies: CookiesNotice | null;
  notify: Notify | null;
  /** Layout component keys the shell does not render itself, kept for sections. */
  extra: Record<string, unknown>;
}

function optional<T>(schema: Parameters<typeof validate>[0], value: unknown): T | null {
  if (value === undefined || value === null) return null;
  const result = validate(schema, value);
  return result.ok ? (result.value as T) : null;
}

/**
 * Turns an init response into what the layout renders: every key other than settings, colours and redirects
 * is a layout component; malformed components and entries are dropped one by one. The alerts' HTML is
 * sanitised here, once per init response, by whoever fetched it: the server for the init data it puts in the page (so
 * a page whose sections all keep their server HTML needs no sanitizer code in the browser), the browser for init data
 * it fetches itself (a language switch).
 */
export function normaliseInit(response: InitResponse, sanitize: Sanitizer): InitSnapshot {
  const { data } = response;
  const components: Record<string, unknown> = { ...(data.layoutComponents ?? {}) };
  for (const [key, value] of Object.entries(data)) {
    if (!(INIT_RESERVED_KEYS as readonly string[]).includes(key)) components[key] = value;
  }
  const { header, footer, alerts, cookies, notify, ...extra } = components;
  return {
    settings: data.settings,
    colors: keepValidEntries(ColorSchemeItemSchema, data.colors),
    redirects: keepValidEntries(RedirectSchema, data.redirects),
    header: optional<HeaderData>(HeaderSchema, header),
    footer: optional<FooterData>(FooterSchema, footer),
    alerts: keepValidEntries(AlertSchema, alerts).map((alert) => ({ ...alert, text: sanitize(alert.text) })),
    cookies: optional<CookiesNotice>(CookiesNoticeSchema, cookies),
    notify: optional<Notify>(NotifySchema, notify),
    extra,
  };
}

/** Settings, layout components, colours and redirects of the current locale. */
export class InitStore {
  data: InitSnapshot | null = null;

  constructor(snapshot: InitSnapshot | null = null) {
    this.data = snapshot;
    // Replaced wholesale, never edited in place: a reference is enough, and deep conversion is costly per request.
    makeAutoObservable(this, { data: observableRef });
  }

  set(snapshot: InitSnapshot): void {
    this.data = snapshot;
  }

  get siteName(): string {
    return this.data?.settings.siteName ?? '';
  }

  get titlePostfix(): string {
    return this.data?.settings.seo?.titlePostfix || this.siteName;
  }

  colorOf(id: string | number | undefined): ColorSchemeItem['color'] {
    const match = this.data?.colors.find((item) => String(item.id) === String(id));
    return match?.color ?? DEFAULT_COLOR_SCHEME;
  }

  /** The backend redirect for a path (without locale prefix), if any. */
  redirectFor(path: string): Redirect | null {
    const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
    return this.data?.redirects.find((redirect) => redirect.from === normalised) ?? null;
  }
}
