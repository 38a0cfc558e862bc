import { rfc822, type WallTime } from './moscow-time';

/** An RSS 2.0 writer for the news feeds: absolute links, RFC 822 dates, text escaped for XML. */

interface FeedItem {
  title: string;
  /** Absolute URL of the article; it is the item's guid too. */
  link: string;
  published: WallTime | null;
  description?: string | undefined;
  categories: string[];
  /** Absolute URL of the article's picture and its type, as an enclosure. */
  image?: { url: string; type: string } | null;
}

export interface FeedInput {
  title: string;
  /** Absolute URL of the page the feed follows (the news list). */
  link: string;
  /** Absolute URL of the feed itself (atom:link rel="self"). */
  self: string;
  description: string;
  /** BCP 47 language of the items (`ru`, `en`). */
  language: string;
  /** When this copy was written. */
  built: Date;
  items: FeedItem[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for XML content and attributes, dropping the control characters XML 1.0 does not allow. */
function escapeXml(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;

/** The feed document, UTF-8. */
export function writeRss(feed: FeedInput): string {
  const channel: string[] = [
    element('title', feed.title),
    element('link', feed.link),
    element('description', feed.description),
    element('language', feed.language),
    element('lastBuildDate', feed.built.toUTCString()),
    element('generator', 'University site'),
    `<atom:link href="${escapeXml(feed.self)}" rel="self" type="application/rss+xml"/>`,
  ];
  for (const item of feed.items) {
    const parts = [element('title', item.title), element('link', item.link), `<guid isPermaLink="true">${escapeXml(item.link)}</guid>`];
    if (item.published) parts.push(element('pubDate', rfc822(item.published)));
    if (item.description) parts.push(element('description', item.description));
    for (const category of item.categories) parts.push(element('category', category));
    // RSS wants the enclosure's length; an unknown one is given as 0, which readers accept.
    if (item.image) parts.push(`<enclosure url="${escapeXml(item.image.url)}" length="0" type="${escapeXml(item.image.type)}"/>`);
    channel.push(`<item>${parts.join('')}</item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>${channel.join('')}</channel></rss>\n`;
}
