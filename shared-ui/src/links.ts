/** How a link target behaves (spec point 2, links). */
export type LinkKind = 'internal' | 'hash' | 'mail-or-phone' | 'external' | 'legacy';

export function classifyHref(href: string, ownLegacyHosts: readonly string[] = []): LinkKind {
  if (href.startsWith('#')) return 'hash';
  if (/^(mailto|tel):/i.test(href)) return 'mail-or-phone';
  if (!/^http/i.test(href)) return 'internal';
  try {
    const host = new URL(href).hostname.toLowerCase();
    return ownLegacyHosts.some((legacy) => host === legacy.toLowerCase()) ? 'legacy' : 'external';
  } catch {
    return 'external';
  }
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
