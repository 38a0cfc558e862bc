import { DEFAULT_LOCALE, LOCALE_COOKIE, isLocale, type BreakpointType, type Locale } from '@site/contracts';

/** The best supported locale from an Accept-Language header, by quality; null when none is supported. */
function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const candidates = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const quality = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0] ?? '', q: quality ? Number(quality.slice(2)) : 1 };
    })
    .filter((candidate) => Number.isFinite(candidate.q) && candidate.q > 0)
    .sort((a, b) => b.q - a.q);
  return candidates.map((candidate) => candidate.language).find(isLocale) ?? null;
}

/** The root path's locale: the stored cookie, then the browser language, then ru. */
export function detectLocale(cookies: Record<string, string | undefined>, acceptLanguage: string | undefined): Locale {
  const stored = cookies[LOCALE_COOKIE];
  if (isLocale(stored)) return stored;
  return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}

/** The breakpoint type to render with before the browser measures: the device type from the user agent or the mobile client hint, so the first paint rarely changes layout after hydration. */
export function breakpointFromDevice(userAgent: string | undefined, mobileHint: string | undefined): BreakpointType {
  if (mobileHint === '?1') return 'mobile';
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|(Android(?!.*Mobile))/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android.*Mobile|Opera Mini|IEMobile/i.test(ua)) return 'mobile';
  return 'desktop';
}
