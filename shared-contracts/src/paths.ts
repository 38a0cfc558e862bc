import type { Locale } from './locale';

/** Encodes each segment of a slug, keeping the slashes between them (`dev/student-life`). */
export function encodeSlug(slug: string): string {
  return slug.split('/').map(encodeURIComponent).join('/');
}

/** Paths of the content API calls, relative to the API base. */
export const apiPaths = {
  init: (locale: Locale) => `${locale}/init`,
  page: (locale: Locale, slug: string) => `${locale}/pages/${encodeSlug(slug)}`,
  handbooks: (locale: Locale) => `${locale}/handbooks`,
  /** The query is URL-encoded; the category is optional. */
  search: (locale: Locale, query: string, category?: string) =>
    `${locale}/pages/search/${encodeURIComponent(query)}${category ? `/${encodeURIComponent(category)}` : ''}`,
};
