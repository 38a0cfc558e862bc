import { useLocation } from 'react-router-dom';

/** The page's query string: forms take their subject (a vacancy, a program, an event) from it, e.g. `/apply?eventId=1`. */
export function usePageQuery(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

/** A prop given by the page wins over the query; ids arrive as numbers or strings, forms send strings. */
export function subjectId(fromProps: string | number | undefined, fromQuery: string | null | undefined): string | undefined {
  const value = fromProps ?? fromQuery ?? undefined;
  const text = value === undefined ? '' : String(value).trim();
  return text || undefined;
}
