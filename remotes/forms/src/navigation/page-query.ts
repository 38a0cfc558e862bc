/**
 * The id a form is about: the page's query (the link the visitor followed, `?eventId=…`) wins over the default
 * the page's editor gave the section; ids arrive as numbers or strings, forms send strings.
 */
export function subjectId(fromQuery: string | null | undefined, fromProps: string | number | undefined): string | undefined {
  for (const value of [fromQuery, fromProps]) {
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text) return text;
  }
  return undefined;
}
