/** Reading server-rendered markup the way a visitor meets it: plain text, links, and the controls of a form. */

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'", '&#39;': "'", '&lt;': '<', '&gt;': '>', '&nbsp;': ' ' };

export function decode(text: string): string {
  return text.replace(/&(amp|quot|#x27|#39|lt|gt|nbsp);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The visible text of some markup, tags removed and whitespace collapsed. */
export function textOf(html: string): string {
  return decode(html.replace(/<[^>]+>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
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
  if (!link)
    throw new Error(
      `no link "${text}" among: ${linksOf(html)
        .map((candidate) => candidate.text)
        .join(' | ')}`,
    );
  return link;
}

/** The text of the label tied to a control by `for`, for every labelled control: what a screen reader announces. */
export function labelledControls(html: string): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const match of html.matchAll(/<label\b[^>]*\bfor="([^"]+)"[^>]*>([\s\S]*?)<\/label>/g)) labels[match[1]!] = textOf(match[2]!);
  const controls: Record<string, string> = {};
  for (const match of html.matchAll(/<(input|select|textarea)\b([^>]*)>/g)) {
    const attributes = match[2] ?? '';
    const id = /\bid="([^"]+)"/.exec(attributes)?.[1];
    const name = /\bname="([^"]+)"/.exec(attributes)?.[1];
    if (id && name && labels[id] !== undefined) controls[name] = labels[id]!;
  }
  return controls;
}

/** The opening tag of the control with this name (its attributes: type, aria-*, accept...). */
export function controlTag(html: string, name: string): string {
  const tag = [...html.matchAll(/<(input|select|textarea)\b[^>]*>/g)].map((match) => match[0]).find((candidate) => candidate.includes(`name="${name}"`));
  if (!tag) throw new Error(`no control named "${name}"`);
  return tag;
}
