export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'ru';

/** BCP 47 tags of the supported locales. */
export const LOCALE_ISO: Record<Locale, string> = { ru: 'ru-RU', en: 'en-US' };

/** The cookie that stores a visitor's chosen locale, and its lifetime. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

/** Route names carry the locale after this separator, e.g. `search___en`. */
export const ROUTE_NAME_SEPARATOR = '___';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The path prefix of a locale: none for the default locale, `/en` for English. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * Localises an internal path: `/about` stays `/about` in Russian and becomes `/en/about` in English.
 * Query strings and hashes are kept.
 */
export function localizePath(path: string, locale: Locale): string {
  const normalised = path.startsWith('/') || path.startsWith('#') || path.startsWith('?') ? path : `/${path}`;
  if (normalised.startsWith('#') || normalised.startsWith('?')) return normalised;
  const prefix = localePrefix(locale);
  if (!prefix) return normalised;
  return normalised === '/' ? prefix : `${prefix}${normalised}`;
}

/** Splits `/en/news/x` into `{locale: 'en', path: '/news/x'}`; a path with no locale prefix is Russian. */
export function splitLocaleFromPath(pathname: string): { locale: Locale; path: string } {
  for (const locale of LOCALES) {
    if (locale === DEFAULT_LOCALE) continue;
    const prefix = `/${locale}`;
    if (pathname === prefix || pathname === `${prefix}/`) return { locale, path: '/' };
    if (pathname.startsWith(`${prefix}/`)) return { locale, path: pathname.slice(prefix.length) };
  }
  return { locale: DEFAULT_LOCALE, path: pathname || '/' };
}

export function routeName(name: string, locale: Locale): string {
  return `${name}${ROUTE_NAME_SEPARATOR}${locale}`;
}

/** Reads the locale code after the triple-underscore separator of a route name. */
export function localeOfRouteName(name: string | undefined | null): string | null {
  if (!name) return null;
  const index = name.lastIndexOf(ROUTE_NAME_SEPARATOR);
  return index === -1 ? null : name.slice(index + ROUTE_NAME_SEPARATOR.length);
}
