import type { Locale, Seo } from '@site/contracts';
import { declaredCanonicalPath, formatTitle, mergeSeo, pageUrls } from './seo';
import { syncFeedLinks } from './feed-links-sync';

export interface HeadState {
  locale: Locale;
  /** The path without the locale prefix. */
  path: string;
  title: string | null;
  postfix: string;
  siteSeo: Seo | undefined;
  pageSeo: Seo | undefined;
  /** The site's name, for the titles of the feeds the page advertises. */
  siteName?: string;
}

function setMeta(doc: Document, attribute: 'name' | 'property', key: string, content: string | undefined): void {
  let element = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!content) {
    element?.remove();
    return;
  }
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(attribute, key);
    doc.head.appendChild(element);
  }
  element.content = content;
}

/**
 * After a client navigation, the head describes the new page as the server would have: title, description,
 * Open Graph title, description and URL, canonical and hreflang alternates, so shared links and crawlers see the page the visitor sees.
 */
export function syncHead(doc: Document, state: HeadState): void {
  const seo = mergeSeo(state.siteSeo, state.pageSeo);
  const title = formatTitle(state.title ?? seo.title ?? null, state.postfix);
  doc.title = title;
  const canonicalLink = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  const origin = canonicalLink ? new URL(canonicalLink.href).origin : doc.location.origin;
  const { canonical, alternates } = pageUrls(origin, declaredCanonicalPath(state.pageSeo) ?? state.path, state.locale);
  canonicalLink?.setAttribute('href', canonical);
  for (const alternate of alternates) {
    doc.head.querySelector(`link[rel="alternate"][hreflang="${alternate.hreflang}"]`)?.setAttribute('href', alternate.href);
  }
  setMeta(doc, 'name', 'description', seo.description);
  setMeta(doc, 'property', 'og:title', title);
  setMeta(doc, 'property', 'og:description', seo.description);
  setMeta(doc, 'property', 'og:url', state.pageSeo?.url ?? canonical);
  syncFeedLinks(doc, { origin, locale: state.locale, path: state.path, siteName: state.siteName ?? '' });
  removeServerStructuredData(doc);
}

/** The head's JSON-LD described the page the server rendered; after a navigation it would describe the wrong one. */
function removeServerStructuredData(doc: Document): void {
  for (const script of doc.head.querySelectorAll('script[type="application/ld+json"]')) script.remove();
}
