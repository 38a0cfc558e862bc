/** Reading server-rendered markup the way a visitor meets it: plain text and links. */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' };

export function decode(text: string): string {
  return text.replace(/&(amp|quot|#x27|#39|lt|gt|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The visible text of some markup, tags removed and whitespace collapsed. */
export function textOf(html: string): string {
  return decode(html.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim();
}

export interface RenderedLink {
  href: string;
  text: string;
  attributes: string;
}

export function linksOf(html: string): RenderedLink[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
    href: decode(/href="([^"]*)"/.exec(match[1] ?? '')?.[1] ?? ''),
    text: textOf(match[2] ?? ''),
    attributes: match[1] ?? '',
  }));
}

export function linkNamed(html: string, text: string): RenderedLink {
  const link = linksOf(html).find((candidate) => candidate.text === text);
  if (!link) throw new Error(`no link "${text}" among: ${linksOf(html).map((candidate) => candidate.text).join(' | ')}`);
  return link;
}
