/**
 * What a stored redirect may send a visitor to, judged the way the browser will read the Location header (WHATWG URL
 * parsing: backslashes are slashes, tabs and newlines vanish, `//host` is another site):
 * - a path on the site, returned normalised (never starting with `//`);
 * - an absolute `https:`/`http:` URL without credentials whose host is on the allow-list, returned as parsed.
 * Anything else (`//evil.example`, `/\evil.example`, `/<TAB>//evil.example`, `//evil.example\@site`, `javascript:`,
 * hosts not listed) is null: refused.
 */
export type RedirectTarget = { kind: 'path'; path: string } | { kind: 'absolute'; url: string };

const PROBE_ORIGIN = 'https://site.invalid';

export function redirectTarget(to: unknown, allowedHosts: readonly string[]): RedirectTarget | null {
  if (typeof to !== 'string' || to.length === 0 || to.length > 2000) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(to.trim())) {
    let url: URL;
    try {
      url = new URL(to);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    const host = url.hostname.toLowerCase();
    return allowedHosts.some((allowed) => allowed.toLowerCase() === host) ? { kind: 'absolute', url: url.href } : null;
  }
  // A path must start with exactly one slash as written, and still be on the site once the browser has parsed it.
  if (!to.startsWith('/') || /^\/[\\/]/.test(to)) return null;
  let url: URL;
  try {
    url = new URL(to, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || url.pathname.startsWith('//')) return null;
  return { kind: 'path', path: `${url.pathname}${url.search}${url.hash}` };
}
