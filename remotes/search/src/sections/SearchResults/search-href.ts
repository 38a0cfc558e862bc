/** The search page's address for a query, a category tab and a page of results (the first page has no `page`). */
export function searchHref(query: string, category?: string | null, page = 1): string {
  const params = new URLSearchParams({ query });
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  return `/search?${params.toString()}`;
}
