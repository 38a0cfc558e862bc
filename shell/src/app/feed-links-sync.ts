import type { Locale } from '@site/contracts';
import { feedAlternates } from './feed-links';

const FEED_LINKS = 'link[rel="alternate"][type="application/rss+xml"], link[rel="alternate"][type="text/calendar"]';

/**
 * After a client navigation, the head advertises the feeds the server would have put in the new page's head (the
 * news feed on the home and news pages, the events calendar on the events pages), after the hreflang alternates.
 */
export function syncFeedLinks(doc: Document, input: { origin: string; locale: Locale; path: string; siteName: string }): void {
  for (const element of doc.head.querySelectorAll(FEED_LINKS)) element.remove();
  const hreflangs = doc.head.querySelectorAll('link[rel="alternate"][hreflang], link[rel="canonical"]');
  let anchor: Element | null = hreflangs[hreflangs.length - 1] ?? null;
  for (const feed of feedAlternates(input)) {
    const link = doc.createElement('link');
    link.rel = 'alternate';
    link.type = feed.type;
    link.title = feed.title;
    link.href = feed.href;
    if (anchor) anchor.after(link);
    else doc.head.appendChild(link);
    anchor = link;
  }
}
