import { LOCALES, localizePath, type Locale, type Seo, type SeoMeta } from '@site/contracts';

// How a page's head is described, shared by the server's document and the browser's head updates.

/** Page title format: `{title} | {postfix}`; the postfix defaults to the product name. */
export function formatTitle(title: string | null, postfix: string): string {
  if (!title) return postfix;
  if (!postfix || title === postfix) return title;
  return `${title} | ${postfix}`;
}

/** A meta entry's identity: a page's entry replaces the site's entry with the same name or property. */
function metaKey(entry: SeoMeta): string {
  return entry.name ? `name:${entry.name}` : entry.property ? `property:${entry.property}` : JSON.stringify(entry);
}

/**
 * The SEO of a page: the site's settings.seo with the page's own on top. Scalars are replaced; htmlAttrs merge;
 * meta entries merge by name or property; links add up.
 */
export function mergeSeo(site: Seo | undefined, page: Seo | undefined): Seo {
  const meta = new Map<string, SeoMeta>();
  for (const entry of [...(site?.meta ?? []), ...(page?.meta ?? [])]) meta.set(metaKey(entry), entry);
  return {
    ...site,
    ...page,
    htmlAttrs: { ...site?.htmlAttrs, ...page?.htmlAttrs },
    meta: [...meta.values()],
    link: [...(site?.link ?? []), ...(page?.link ?? [])],
  };
}

/**
 * The page a page declares itself a copy of: a root-relative `canonical` link in its own SEO (`/dev/student-life`
 * for `/dev/students-life`), without the locale prefix; null when it names none (it is its own canonical page).
 */
export function declaredCanonicalPath(pageSeo: Seo | undefined): string | null {
  const href = pageSeo?.link?.find((entry) => entry.rel.toLowerCase() === 'canonical')?.href;
  if (!href || !href.startsWith('/') || href.startsWith('//')) return null;
  return href.split(/[?#]/)[0] || '/';
}

/** The SEO links the head prints as they are: all but `canonical`, which the shell writes itself (once). */
export function extraSeoLinks(seo: Seo): NonNullable<Seo['link']> {
  return (seo.link ?? []).filter((entry) => entry.rel.toLowerCase() !== 'canonical');
}

/** The canonical URL and the hreflang alternates of a path (ru, en and x-default → ru). */
export function pageUrls(origin: string, path: string, locale: Locale): { canonical: string; alternates: Array<{ hreflang: string; href: string }> } {
  return {
    canonical: `${origin}${localizePath(path, locale)}`,
    alternates: [
      ...LOCALES.map((alternate) => ({ hreflang: alternate, href: `${origin}${localizePath(path, alternate)}` })),
      { hreflang: 'x-default', href: `${origin}${localizePath(path, 'ru')}` },
    ],
  };
}
