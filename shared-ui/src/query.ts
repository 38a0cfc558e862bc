/**
 * Builds a link to the current page with some query parameters changed (filters, tabs, pagination), so every
 * control is a real link: it works before scripts load and the page watches the query for changes.
 */
export function hrefWithQuery(path: string, search: string, changes: Record<string, string | number | null | undefined>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') params.delete(key);
    else params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** Reads a comma list parameter (`categories=a,b`) into ids. */
export function listParam(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** Adds or removes one id of a comma list; the result is null when the list becomes empty. */
export function toggleInList(list: string[], id: string): string | null {
  const next = list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
  return next.length ? next.join(',') : null;
}
