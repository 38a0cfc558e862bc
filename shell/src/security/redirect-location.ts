import { localizePath, redirectTarget, type Locale } from '@site/contracts';

/**
 * The Location of a backend redirect for a visitor in `locale`: a same-site path (prefixed with the locale) or an
 * absolute URL on the allow-list; null when the stored target would leave the site otherwise (then the page is
 * served as if there were no redirect, and the caller logs the refusal).
 */
export function redirectLocation(to: string, locale: Locale, allowedHosts: readonly string[]): string | null {
  const target = redirectTarget(to, allowedHosts);
  if (!target) return null;
  return target.kind === 'absolute' ? target.url : localizePath(target.path, locale);
}
