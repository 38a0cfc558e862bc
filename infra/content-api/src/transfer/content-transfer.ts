import type { Knex } from 'knex';
import { CONTENT_TABLES } from '../db/migrations';
import { insertInBatches } from '../db/database';
import { collectSearchDocuments } from '../content/entity-store';
import { rebuildSearchIndex } from '../search/search-index';
import { restartContentRevision } from '../content/revision';

const EXPORT_FORMAT = 'site-content-export';
const EXPORT_VERSION = 1;

export interface ContentExport {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  tables: Record<string, Record<string, unknown>[]>;
}

const BOOLEAN_COLUMNS: Record<string, string[]> = { news: ['is_featured'], events: ['is_recommended'] };

/** Key columns per table: exports list rows in key order, compared in code so both engines' collations agree. */
const KEY_COLUMNS: Record<string, string[]> = {
  settings: ['locale'],
  layout_components: ['locale', 'key'],
  color_schemes: ['id'],
  redirects: ['from_path'],
  pages: ['locale', 'slug'],
  taxonomy_terms: ['locale', 'vocabulary', 'id'],
  news_terms: ['locale', 'news_id', 'vocabulary', 'term_id'],
  course_topics: ['locale', 'course_id', 'topic_id'],
};

function compareByKey(columns: string[]) {
  return (a: Record<string, unknown>, b: Record<string, unknown>) => {
    for (const column of columns) {
      const left = a[column] as string | number;
      const right = b[column] as string | number;
      if (left < right) return -1;
      if (left > right) return 1;
    }
    return 0;
  };
}

/** Every content table as rows (booleans normalised, so an export from either engine reads the same). */
export async function exportContent(db: Knex): Promise<ContentExport> {
  const tables: ContentExport['tables'] = {};
  for (const table of CONTENT_TABLES) {
    const rows = (await db(table).select('*')) as Record<string, unknown>[];
    for (const row of rows) for (const column of BOOLEAN_COLUMNS[table] ?? []) row[column] = Boolean(row[column]);
    tables[table] = rows.sort(compareByKey(KEY_COLUMNS[table] ?? ['locale', 'id']));
  }
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: new Date().toISOString(), tables };
}

/**
 * Replaces the whole content with an export, in one transaction, and rebuilds the search index from it.
 * Form submissions and subscriptions are not content and are left alone.
 */
export async function importContent(db: Knex, data: unknown): Promise<Record<string, number>> {
  const candidate = data as Partial<ContentExport> | null;
  if (!candidate || candidate.format !== EXPORT_FORMAT || typeof candidate.tables !== 'object' || candidate.tables === null) {
    throw new Error(`not a content export (expected format "${EXPORT_FORMAT}")`);
  }
  if (candidate.version !== EXPORT_VERSION) throw new Error(`unsupported export version ${String(candidate.version)}`);
  const tables = candidate.tables;
  const unknownTables = Object.keys(tables).filter((table) => !(CONTENT_TABLES as readonly string[]).includes(table));
  if (unknownTables.length > 0) throw new Error(`unknown tables in the export: ${unknownTables.join(', ')}`);
  const counts: Record<string, number> = {};
  await db.transaction(async (trx) => {
    for (const table of [...CONTENT_TABLES].reverse()) await trx(table).delete();
    for (const table of CONTENT_TABLES) {
      const rows = tables[table] ?? [];
      if (!Array.isArray(rows)) throw new Error(`table ${table} must be a list of rows`);
      await insertInBatches(trx, table, rows);
      counts[table] = rows.length;
    }
    await rebuildSearchIndex(trx, await collectSearchDocuments(trx));
    await restartContentRevision(trx);
  });
  return counts;
}
