import type { Knex } from 'knex';
import type { Locale, Page } from '@site/contracts';
import { parseJson } from '../db/database';
import { rebuildSearchIndex, removeSearchDocument, replaceSearchDocument, type SearchDocument } from '../search/search-index';
import { ENTITIES, rowsOfEntity, type EntityDefinition } from './entities';
import { listPages, pageRow, pageSearchDocument } from './pages';

type Record_ = { id: string | number };

export async function readEntity(db: Knex | Knex.Transaction, entity: EntityDefinition, locale: Locale, id: string | number): Promise<Record_ | null> {
  const row = (await db(entity.table).select('doc').where({ locale, id }).first()) as { doc: string } | undefined;
  return row ? parseJson<Record_ | null>(row.doc, null) : null;
}

async function deleteRows(trx: Knex.Transaction, entity: EntityDefinition, locale: Locale, id: string | number): Promise<number> {
  for (const link of entity.links ?? [])
    await trx(link.table)
      .where({ locale, [link.column]: id })
      .delete();
  return trx(entity.table).where({ locale, id }).delete();
}

/** Creates or replaces one entity in one locale and re-indexes it, in one transaction. */
export async function saveEntity(db: Knex, entity: EntityDefinition, locale: Locale, given: Record_): Promise<void> {
  const record = entity.stampsChangeTime ? { ...given, updatedAt: new Date().toISOString() } : given;
  await db.transaction(async (trx) => {
    await deleteRows(trx, entity, locale, record.id);
    for (const [table, rows] of Object.entries(rowsOfEntity(entity, locale, record))) {
      if (rows.length > 0) await trx(table).insert(rows);
    }
    if (entity.searchDocument) await replaceSearchDocument(trx, locale, entity.searchDocument(record));
  });
}

/** Deletes one entity in one locale with its links and its search document; false when there was none. */
export async function deleteEntity(db: Knex, entity: EntityDefinition, locale: Locale, id: string | number): Promise<boolean> {
  return db.transaction(async (trx) => {
    const existing = await readEntity(trx, entity, locale, id);
    if (!existing) return false;
    await deleteRows(trx, entity, locale, id);
    if (entity.searchDocument) await removeSearchDocument(trx, locale, entity.searchDocument(existing).key);
    return true;
  });
}

export async function savePage(db: Knex, locale: Locale, page: Page): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('pages').where({ locale, slug: page.slug }).delete();
    await trx('pages').insert(pageRow(locale, page));
    await replaceSearchDocument(trx, locale, pageSearchDocument(page));
  });
}

export async function deletePage(db: Knex, locale: Locale, slug: string): Promise<boolean> {
  return db.transaction(async (trx) => {
    const deleted = await trx('pages').where({ locale, slug }).delete();
    await removeSearchDocument(trx, locale, `page:${slug}`);
    return deleted > 0;
  });
}

/** Every searchable document currently stored: pages and the entities that have a search document. */
export async function collectSearchDocuments(db: Knex | Knex.Transaction): Promise<{ locale: Locale; document: SearchDocument }[]> {
  const documents: { locale: Locale; document: SearchDocument }[] = [];
  for (const { locale, page } of await listPages(db)) documents.push({ locale, document: pageSearchDocument(page) });
  for (const entity of ENTITIES) {
    const toDocument = entity.searchDocument;
    if (!toDocument) continue;
    const rows = (await db(entity.table).select('locale', 'doc').orderBy(['locale', 'id'])) as { locale: Locale; doc: string }[];
    for (const row of rows) documents.push({ locale: row.locale, document: toDocument(JSON.parse(row.doc) as Record_) });
  }
  return documents;
}

export async function reindexEverything(db: Knex): Promise<void> {
  await db.transaction(async (trx) => rebuildSearchIndex(trx, await collectSearchDocuments(trx)));
}
