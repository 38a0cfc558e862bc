/** A prop given by the page wins over the query; ids arrive as numbers or strings, forms send strings. */
export function subjectId(fromProps: string | number | undefined, fromQuery: string | null | undefined): string | undefined {
  const value = fromProps ?? fromQuery ?? undefined;
  const text = value === undefined ? '' : String(value).trim();
  return text || undefined;
}
