import type { Knex } from 'knex';
import type { ColorSchemeItem, InitResponse, Locale, Redirect, Settings } from '@site/contracts';
import type { SearchCategory } from '@site/contracts/search';
import { parseJson } from '../db/database';

/** `{locale}/init`: settings, colours, redirects and every layout component as its own key. */
export async function readInitData(db: Knex, locale: Locale): Promise<InitResponse['data'] | null> {
  const settingsRow = (await db('settings').select('doc').where({ locale }).first()) as { doc: string } | undefined;
  if (!settingsRow) return null;
  const layoutRows = (await db('layout_components').select('key', 'doc').where({ locale }).orderBy(['sort', 'key'])) as {
    key: string;
    doc: string;
  }[];
  const colorRows = (await db('color_schemes').select('*').orderBy(['sort', 'id'])) as {
    id: string;
    bg: string;
    color: string;
    text: string;
  }[];
  const redirectRows = (await db('redirects').select('*').orderBy('from_path')) as { from_path: string; to_path: string; status: number }[];

  const colors: ColorSchemeItem[] = colorRows.map((row) => ({ id: row.id, color: { bg: row.bg, color: row.color, text: row.text } }));
  const redirects: Redirect[] = redirectRows.map((row) => ({
    from: row.from_path,
    to: row.to_path,
    status: Number(row.status) as Redirect['status'],
  }));
  const data: InitResponse['data'] = {
    settings: parseJson<Settings>(settingsRow.doc, { siteName: '' }),
    colors,
    redirects,
  };
  for (const row of layoutRows) (data as Record<string, unknown>)[row.key] = parseJson<unknown>(row.doc, null);
  return data;
}

export async function readSearchCategories(db: Knex, locale: Locale): Promise<SearchCategory[]> {
  const rows = (await db('search_categories').select('id', 'label').where({ locale }).orderBy(['sort', 'id'])) as SearchCategory[];
  return rows.map((row) => ({ id: row.id, label: row.label }));
}
