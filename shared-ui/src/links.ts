/** How a link target behaves. */
export type LinkKind = 'internal' | 'hash' | 'mail-or-phone' | 'external' | 'legacy';

/** A stand-in origin to read a target against: whatever lands elsewhere names a host of its own. */
const HERE = 'http://here.invalid/';

/**
 * A target is read the way a browser reads it: `//evil.example`, `/\evil.example` (and the same with tabs or line
 * breaks, which browsers drop) name another host, not a path on the site, so they are external like `https://…`.
 */
export function classifyHref(href: string, ownLegacyHosts: readonly string[] = []): LinkKind {
  if (href.startsWith('#')) return 'hash';
  if (/^(mailto|tel):/i.test(href)) return 'mail-or-phone';
  let url: URL;
  try {
    url = new URL(href, HERE);
  } catch {
    return /^http/i.test(href) ? 'external' : 'internal';
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  if (!http || url.origin === new URL(HERE).origin) return /^http/i.test(href) ? 'external' : 'internal';
  const host = url.hostname.toLowerCase();
  return ownLegacyHosts.some((legacy) => host === legacy.toLowerCase()) ? 'legacy' : 'external';
}

/**
 * Internal paths the server answers itself rather than the router: the PDF redirect and the feed and calendar files.
 * A link to one needs a document request, never a client navigation.
 */
export function servedAsDocument(path: string): boolean {
  return /^\/(en\/)?pdf-redirect/.test(path) || /\.(ics|xml)(\?|#|$)/.test(path);
}

/** Scrolls smoothly to an anchor (honouring reduced motion) and moves focus there for keyboard users. */
export function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return false;
  const target = document.getElementById(id);
  if (!target) return false;
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return true;
}
