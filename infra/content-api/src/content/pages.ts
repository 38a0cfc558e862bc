import type { Knex } from 'knex';
import { SVEDEN_SUBSECTIONS } from '@site/contracts/education';
import type { Locale, Page } from '@site/contracts';
import { parseJson } from '../db/database';
import type { SearchDocument } from '../search/search-index';
import { SEARCH_CATEGORY_OF_KIND } from './entities';

type Executor = Knex | Knex.Transaction;

/** Slugs are lowercase path segments (`index`, `news`, `dev/student-life`). */
const PAGE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/;

/**
 * A page slug: lowercase path segments, or one of the subsections of "Сведения об образовательной организации",
 * whose addresses Rosobrnadzor order No. 1493 fixes in mixed case (`sveden/eduStandarts`, `sveden/paid_edu`).
 */
export function isPageSlug(slug: string): boolean {
  if (PAGE_SLUG_PATTERN.test(slug)) return true;
  const [section, subsection, ...rest] = slug.split('/');
  return section === 'sveden' && rest.length === 0 && (SVEDEN_SUBSECTIONS as readonly string[]).includes(subsection ?? '');
}

export async function readPage(db: Executor, locale: Locale, slug: string): Promise<Page | null> {
  const row = (await db('pages').select('doc').where({ locale, slug }).first()) as { doc: string } | undefined;
  return row ? parseJson<Page | null>(row.doc, null) : null;
}

export async function listPages(db: Executor, locale?: Locale): Promise<{ locale: Locale; page: Page }[]> {
  const query = db('pages').select('locale', 'doc').orderBy(['locale', 'slug']);
  if (locale) query.where({ locale });
  const rows = (await query) as { locale: Locale; doc: string }[];
  return rows.map((row) => ({ locale: row.locale, page: parseJson<Page>(row.doc, { slug: '', title: '', components: [] }) }));
}

export function pageRow(locale: Locale, page: Page, now = new Date().toISOString()) {
  return { locale, slug: page.slug, doc: JSON.stringify(page), updated_at: now };
}

/** The searchable text of a page: its title, SEO description and the texts its sections carry in their props. */
function textsOfProps(value: unknown, texts: string[], depth = 0): void {
  if (depth > 6) return;
  if (typeof value === 'string') {
    if (!value.startsWith('/') && !value.startsWith('http')) texts.push(value);
  } else if (Array.isArray(value)) {
    for (const entry of value) textsOfProps(entry, texts, depth + 1);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (['title', 'lead', 'html', 'text', 'label', 'items'].includes(key)) textsOfProps(entry, texts, depth + 1);
    }
  }
}

export function pageSearchDocument(page: Page): SearchDocument {
  const texts: string[] = [page.seo?.description ?? ''];
  for (const component of page.components) {
    const descriptor = component as { title?: unknown; props?: unknown };
    if (typeof descriptor.title === 'string') texts.push(descriptor.title);
    textsOfProps(descriptor.props, texts);
  }
  return {
    key: `page:${page.slug}`,
    kind: 'page',
    category: SEARCH_CATEGORY_OF_KIND.page,
    title: page.title,
    body: texts.join(' '),
    href: page.slug === 'index' ? '/' : `/${page.slug}`,
  };
}
