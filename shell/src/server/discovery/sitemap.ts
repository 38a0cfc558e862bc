import { localizePath, type Locale, type SitemapEntry } from '@site/contracts';

/** The sitemaps protocol's limit of URLs per file; a larger site gets a sitemap index over numbered files. */
const SITEMAP_MAX_URLS = 50_000;

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

function xml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

export interface SitemapInput {
  origin: string;
  entries: SitemapEntry[];
  /** When the content last changed (ISO time): the `lastmod` of a URL without a time of its own; omitted when unknown. */
  changedAt: string | null;
  maxUrls?: number;
}

/** The sitemap answer: one urlset, or an index over numbered urlsets (`/sitemap-1.xml`, …). */
export interface Sitemaps {
  /** The document at `/sitemap.xml`. */
  root: string;
  /** The numbered files when `root` is an index; empty otherwise. */
  parts: string[];
}

/** `lastmod` in the W3C datetime form the protocol asks for, to the second. */
function lastmodOf(changedAt: string | null): string | null {
  if (!changedAt) return null;
  const time = Date.parse(changedAt);
  return Number.isFinite(time) ? new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
}

/**
 * One `<url>` per locale version, each naming every version of the same page (and x-default: the Russian one),
 * with that version's own last change (else the site's).
 */
function urlElements(entry: SitemapEntry, origin: string, siteLastmod: string | null): string[] {
  const href = (locale: Locale) => `${origin}${localizePath(entry.path, locale)}`;
  const defaultLocale: Locale = entry.locales.includes('ru') ? 'ru' : entry.locales[0]!;
  const alternates =
    entry.locales.length > 1
      ? [
          ...entry.locales.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${xml(href(locale))}"/>`),
          `<xhtml:link rel="alternate" hreflang="x-default" href="${xml(href(defaultLocale))}"/>`,
        ].join('')
      : '';
  return entry.locales.map((locale) => {
    const lastmod = lastmodOf(entry.updatedAt?.[locale] ?? null) ?? siteLastmod;
    return `<url><loc>${xml(href(locale))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`;
  });
}

function urlset(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

export function sitemapPartPath(index: number): string {
  return `/sitemap-${index + 1}.xml`;
}

/** Builds the site's sitemap(s) from the content API's list of public addresses. */
export function buildSitemaps({ origin, entries, changedAt, maxUrls = SITEMAP_MAX_URLS }: SitemapInput): Sitemaps {
  const lastmod = lastmodOf(changedAt);
  const urls = entries.flatMap((entry) => urlElements(entry, origin, lastmod));
  if (urls.length <= maxUrls) return { root: urlset(urls), parts: [] };
  const parts: string[] = [];
  for (let start = 0; start < urls.length; start += maxUrls) parts.push(urlset(urls.slice(start, start + maxUrls)));
  const index = parts
    .map((_part, position) => `<sitemap><loc>${xml(`${origin}${sitemapPartPath(position)}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`)
    .join('');
  return { root: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${index}</sitemapindex>\n`, parts };
}
