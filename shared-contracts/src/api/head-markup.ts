import type { Seo, SeoLink, SeoMeta } from './init';

/**
 * What editors may put in a page's head through `seo.htmlAttrs`, `seo.meta[]` and `seo.link[]`: an allow-list, so
 * that head markup can describe a page (for search engines, sharing, icons, languages) but never run code, redirect,
 * set cookies or load styles and scripts from other hosts. Anything else is dropped when the page is rendered.
 */

/** Attributes of `<meta>`. `http-equiv` only with a value from SAFE_HTTP_EQUIV. */
const META_ATTRIBUTES = new Set(['name', 'property', 'content', 'charset', 'itemprop', 'media', 'http-equiv']);
/** `http-equiv` values that only describe the document (never refresh, set-cookie, content-security-policy…). */
const SAFE_HTTP_EQUIV = new Set(['content-language', 'x-ua-compatible']);

/**
 * `rel` values a `<link>` may have: what a page is, its other languages and formats, its icons, and early connections
 * to hosts it uses (a connection loads nothing; what may load is the policy's business). Never anything that loads
 * styles or scripts (stylesheet, preload, modulepreload, prefetch, prerender).
 */
const LINK_RELS = new Set([
  'preconnect',
  'dns-prefetch',
  'canonical',
  'alternate',
  'icon',
  'shortcut',
  'apple-touch-icon',
  'apple-touch-icon-precomposed',
  'mask-icon',
  'manifest',
  'author',
  'license',
  'help',
  'me',
  'search',
]);
const LINK_ATTRIBUTES = new Set(['rel', 'href', 'hreflang', 'type', 'sizes', 'media', 'title', 'color']);

/** Root attributes: the language and direction, classes and data attributes. */
const HTML_ATTRIBUTE = /^(lang|dir|class|data-[a-z0-9][a-z0-9-]*)$/;

/**
 * Whether a link target is an http(s) URL without credentials, or a path on the site: it is read the way browsers
 * read it, so `//host`, `/\\host` and `javascript:` are what they are to a browser.
 */
function safeHref(href: string): boolean {
  // A URL on another host says its scheme: `//host` and `/\\host` only look like paths on the site.
  if (/^\s*[/\\]{2}/.test(href)) return false;
  try {
    const url = new URL(href, 'https://site.invalid/');
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Why an entry is refused, or null when it is allowed as it is. */
function metaRefusal(entry: SeoMeta): string | null {
  for (const name of Object.keys(entry)) if (!META_ATTRIBUTES.has(name.toLowerCase())) return `attribute ${name}`;
  const equiv = entry['http-equiv'];
  if (equiv !== undefined && !SAFE_HTTP_EQUIV.has(equiv.trim().toLowerCase())) return `http-equiv ${equiv}`;
  return null;
}

function linkRefusal(entry: SeoLink): string | null {
  for (const name of Object.keys(entry)) if (!LINK_ATTRIBUTES.has(name.toLowerCase())) return `attribute ${name}`;
  const rels = entry.rel.trim().toLowerCase().split(/\s+/);
  const refused = rels.find((rel) => !LINK_RELS.has(rel));
  if (refused !== undefined || rels.length === 0) return `rel ${entry.rel}`;
  if (!safeHref(entry.href)) return `href ${entry.href}`;
  return null;
}

export interface HeadMarkupRefusal {
  /** Which list it came from and what about it is refused, e.g. `meta http-equiv refresh`. */
  reason: string;
  /** The refused entry as the backend sent it, for the log. */
  entry: Record<string, string>;
}

/**
 * The allowed part of a page's head markup, and what was dropped with the reason. Root attributes are kept one by
 * one; a meta or link entry with any refused attribute or value is dropped whole (its meaning may hang on it).
 */
export function allowedHeadMarkup(seo: Seo): { seo: Seo; refused: HeadMarkupRefusal[] } {
  const refused: HeadMarkupRefusal[] = [];
  const htmlAttrs: Record<string, string> = {};
  for (const [name, value] of Object.entries(seo.htmlAttrs ?? {})) {
    if (HTML_ATTRIBUTE.test(name)) htmlAttrs[name] = value;
    else refused.push({ reason: `htmlAttrs ${name}`, entry: { [name]: value } });
  }
  const meta = (seo.meta ?? []).filter((entry) => {
    const reason = metaRefusal(entry);
    if (reason) refused.push({ reason: `meta ${reason}`, entry });
    return reason === null;
  });
  const link = (seo.link ?? []).filter((entry) => {
    const reason = linkRefusal(entry);
    if (reason) refused.push({ reason: `link ${reason}`, entry });
    return reason === null;
  });
  return { seo: { ...seo, htmlAttrs, meta, link }, refused };
}
