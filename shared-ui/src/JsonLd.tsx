import { useShell } from './shell-context';

/** A schema.org object (or a list of them) for search engines' rich results. */
export type StructuredData = Record<string, unknown>;

/**
 * JSON for a `<script type="application/ld+json">`: `<` and `>` as JSON escapes (so no text can close the script or
 * open a comment), `&` too, and the line separators some parsers refuse.
 */
export function jsonLdText(data: StructuredData | StructuredData[]): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Structured data in a section's server HTML, built from the same data the section shows. Crawlers read it from
 * the server's HTML; the browser keeps the element as it is.
 */
export function JsonLd({ data }: { data: StructuredData | StructuredData[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}

/**
 * Absolute URLs for structured data and share links: a media path through the shell's image URL, a site path
 * localised, both on the site's origin (relative when an older shell does not give it).
 */
export function useAbsoluteUrl(): (source: string, options?: { localise?: boolean }) => string {
  const shell = useShell();
  const origin = shell.siteOrigin ?? '';
  return (source, options = {}) => {
    if (/^https?:\/\//i.test(source)) return source;
    if (source.startsWith('/media/')) {
      const image = shell.imageUrl(source);
      return /^https?:\/\//i.test(image) ? image : `${origin}${image}`;
    }
    return `${origin}${options.localise ? shell.localePath(source) : source}`;
  };
}
