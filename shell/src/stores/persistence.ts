import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '@site/contracts';

/** The localStorage keys (and cookie names) under which visitor preferences are kept between visits. */
export const STORAGE_KEYS = {
  hiddenAlerts: 'hiddenAlerts',
  cookies: 'cookies',
  colorScheme: 'colorScheme',
  fontSize: 'fontSize',
  letterSpacing: 'letterSpacing',
  lineHeight: 'lineHeight',
  fontFamily: 'fontFamily',
  images: 'images',
  speech: 'speech',
  locale: LOCALE_COOKIE,
} as const;

/**
 * Set on the root element, before first paint, by the document's preference script when the cookies flag is stored:
 * the server HTML carries the cookie notice for every visitor, and this attribute hides it for one who accepted.
 */
export const COOKIES_ACCEPTED_ATTRIBUTE = 'data-cookies-accepted';

/**
 * Where visitor preferences live. In the browser: localStorage, mirrored into cookies for the preferences the
 * server must know for the first paint (colour scheme, font size, locale). On the server: the request's cookies.
 */
export interface Persistence {
  get(key: string): string | null;
  set(key: string, value: string, options?: { cookie?: boolean; maxAgeDays?: number }): void;
  remove(key: string): void;
}

export class RequestCookiePersistence implements Persistence {
  constructor(private readonly cookies: Record<string, string | undefined>) {}
  get(key: string): string | null {
    return this.cookies[key] ?? null;
  }
  set(): void {
    // The server never changes a visitor's preferences.
  }
  remove(): void {}
}

export class BrowserPersistence implements Persistence {
  get(key: string): string | null {
    try {
      const stored = window.localStorage.getItem(key);
      if (stored !== null) return stored;
    } catch {
      // Storage can be disabled; cookies still work.
    }
    return readCookie(key);
  }

  set(key: string, value: string, options: { cookie?: boolean; maxAgeDays?: number } = {}): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Quota or privacy mode: the cookie below (when asked for) still persists the choice.
    }
    if (options.cookie) writeCookie(key, value, options.maxAgeDays ?? LOCALE_COOKIE_MAX_AGE_DAYS);
  }

  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
    writeCookie(key, '', -1);
  }
}

function readCookie(key: string): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${encodeURIComponent(key)}=`));
  return match ? decodeURIComponent(match.slice(match.indexOf('=') + 1)) : null;
}

/** Cookies are site-wide, last `maxAgeDays` and are SameSite=Lax (the server reads the locale cookie to render the root path in the visitor's language). */
function writeCookie(key: string, value: string, maxAgeDays: number): void {
  const maxAge = Math.round(maxAgeDays * 24 * 60 * 60);
  document.cookie = `${encodeURIComponent(key)}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

export class MemoryPersistence implements Persistence {
  readonly values = new Map<string, string>();
  get(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  set(key: string, value: string): void {
    this.values.set(key, value);
  }
  remove(key: string): void {
    this.values.delete(key);
  }
}
