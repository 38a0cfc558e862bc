import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { DEFAULT_LOCALE, splitLocaleFromPath } from '@site/contracts';

/** Backend HTML allows the standard HTML tags plus img and br; never SVG, MathML or scripts (the HTML is inserted as markup, so anything executable is an attack). */
const SANITIZE_CONFIG: Config = {
  USE_PROFILES: { html: true },
  ADD_TAGS: ['img', 'br'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
};

export interface SanitizeOptions {
  /** Gives a link to a page of the site (`/about`, `/pdf-redirect?…`) the locale of the page the HTML is shown on. */
  localizePath?: (path: string) => string;
}

export type Sanitizer = (html: string, options?: SanitizeOptions) => string;

/**
 * Whether a link target is a page of the site that has a version per locale: a root-relative path, not a file the
 * API serves (`/media/…`, `/api/…`) and not already under a locale prefix (`/en/…`).
 */
function isLocalisablePagePath(href: string): boolean {
  if (!href.startsWith('/') || href.startsWith('//') || /^\/(api|media)(\/|$)/.test(href)) return false;
  return splitLocaleFromPath(href.split(/[?#]/)[0] ?? '/').locale === DEFAULT_LOCALE;
}

/**
 * Whether stored HTML may load an image from `source`: the site's own media (`/media/…`, `/api/media/…`) or an https
 * URL on a configured media host. Anything else would let stored content fetch from anywhere (tracking beacons).
 */
function allowedImageSource(source: string, mediaHosts: readonly string[]): boolean {
  const value = source.trim();
  if (/^\/(api\/)?media\/[^\\]*$/.test(value) && !value.startsWith('//')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && mediaHosts.some((host) => host.toLowerCase() === url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/** A sanitizer bound to a window: the browser's, or a jsdom window on the server. */
export function createSanitizer(window: WindowLike, mediaHosts: readonly string[] = []): Sanitizer {
  const purify = createDOMPurify(window);
  // Image sources outside the site's media and the configured hosts are dropped (a srcset keeps its allowed entries).
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const name of ['src', 'poster', 'background']) {
      const value = node.getAttribute?.(name);
      if (value === null || value === undefined) continue;
      if (name === 'src' && !['IMG', 'SOURCE', 'VIDEO', 'AUDIO'].includes(node.tagName)) continue;
      if (!allowedImageSource(value, mediaHosts)) node.removeAttribute(name);
    }
    const srcset = node.getAttribute?.('srcset');
    if (srcset !== null && srcset !== undefined) {
      const kept = srcset
        .split(',')
        .map((candidate) => candidate.trim())
        .filter((candidate) => candidate && allowedImageSource(candidate.split(/\s+/)[0] ?? '', mediaHosts));
      if (kept.length > 0) node.setAttribute('srcset', kept.join(', '));
      else node.removeAttribute('srcset');
    }
  });
  // Links that open a new tab must not give the opened page a handle on ours.
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  // The locale of the page being sanitised for: set for one synchronous call at a time.
  let localizePath: SanitizeOptions['localizePath'];
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!localizePath || node.tagName !== 'A') return;
    const href = node.getAttribute('href');
    if (href && isLocalisablePagePath(href)) node.setAttribute('href', localizePath(href));
  });
  return (html: string, options?: SanitizeOptions) => {
    localizePath = options?.localizePath;
    try {
      return String(purify.sanitize(html, { ...SANITIZE_CONFIG, RETURN_TRUSTED_TYPE: false }));
    } finally {
      localizePath = undefined;
    }
  };
}
