/**
 * `/pdf-redirect?url=…` sends visitors to a PDF document, and only to a PDF on an allowed host or on the site's
 * own media path: anything else is a 404, never an open redirect (CWE-601).
 */
export function pdfRedirectTarget(rawUrl: string | null, allowedHosts: readonly string[]): string | null {
  if (!rawUrl || rawUrl.length > 2000) return null;
  if (/^\/api\/media\/[A-Za-z0-9._~/-]+\.pdf$/i.test(rawUrl) && !rawUrl.includes('..')) return rawUrl;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  if (!allowedHosts.some((allowed) => host === allowed.toLowerCase())) return null;
  if (!/\.pdf$/i.test(url.pathname)) return null;
  return url.toString();
}
