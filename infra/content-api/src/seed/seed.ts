import type { Knex } from 'knex';
import { LOCALES, type Locale } from '@site/contracts';
import type { ContentApiConfig } from '../config';
import { addDays, todayIn } from '../content/calendar';
import { entityNamed, rowsOfEntity } from '../content/entities';
import { pageRow, pageSearchDocument } from '../content/pages';
import { insertInBatches } from '../db/database';
import { rebuildSearchIndex, type SearchDocument } from '../search/search-index';
import { coursesSeed, historySeed, programsSeed, researchSeed } from './education-seed';
import { seededChangeTime } from './edit-times';
import { eventsSeed } from './events-seed';
import { COLOR_SCHEMES_SEED, REDIRECTS_SEED, SEARCH_CATEGORIES_SEED, layoutSeed, settingsSeed, taxonomySeed } from './layout-seed';
import { newsSeed, officesSeed } from './news-seed';
import { pagesSeed } from './pages-seed';
import { VACANCY_CENTRES, peopleSeed, vacanciesSeed } from './people-seed';
import type { Bilingual } from './random';
import { restartContentRevision } from '../content/revision';
import { svedenRow } from '../content/sveden';
import { svedenSeed } from './sveden-seed';

type Row = Record<string, unknown>;

/** The whole demo university as table rows plus its search documents. */
function buildSeed(referenceDate: string): { tables: Record<string, Row[]>; documents: { locale: Locale; document: SearchDocument }[] } {
  const tables: Record<string, Row[]> = {};
  const documents: { locale: Locale; document: SearchDocument }[] = [];
  const add = (table: string, rows: Row[]) => (tables[table] ??= []).push(...rows);

  const settings = settingsSeed();
  const layout = layoutSeed(referenceDate);
  for (const locale of LOCALES) {
    add('settings', [{ locale, doc: JSON.stringify(settings[locale]) }]);
    add(
      'layout_components',
      layout[locale].map(([key, doc], sort) => ({ locale, key, sort, doc: JSON.stringify(doc) })),
    );
    add(
      'taxonomy_terms',
      taxonomySeed().map((term, sort) => ({ locale, vocabulary: term.vocabulary, id: term.id, label: term.label[locale], sort })),
    );
    add(
      'search_categories',
      SEARCH_CATEGORIES_SEED.map((category, sort) => ({ locale, id: category.id, label: category[locale], sort })),
    );
    add(
      'vacancy_centres',
      VACANCY_CENTRES.map((centre, sort) => ({ locale, id: centre.id, title: centre[locale], sort })),
    );
    for (const [index, page] of pagesSeed(locale).entries()) {
      // Each page last edited on a day of its own in the two months before the reference day.
      add('pages', [pageRow(locale, page, seededChangeTime(addDays(referenceDate, -((index * 11) % 60)), index % 8, referenceDate))]);
      documents.push({ locale, document: pageSearchDocument(page) });
    }
  }
  add('color_schemes', COLOR_SCHEMES_SEED);
  add('redirects', REDIRECTS_SEED);

  const collections: [string, Bilingual<{ id: string | number }>[]][] = [
    ['offices', officesSeed()],
    ['news', newsSeed(referenceDate)],
    ['events', eventsSeed(referenceDate)],
    ['programs', programsSeed()],
    ['courses', coursesSeed()],
    ['research', researchSeed()],
    ['history', historySeed()],
    ['people', peopleSeed()],
    ['vacancies', vacanciesSeed(referenceDate)],
  ];
  for (const [name, records] of collections) {
    const entity = entityNamed(name);
    if (!entity) throw new Error(`no entity definition named ${name}`);
    for (const pair of records) {
      for (const locale of LOCALES) {
        for (const [table, rows] of Object.entries(rowsOfEntity(entity, locale, pair[locale]))) add(table, rows);
        if (entity.searchDocument) documents.push({ locale, document: entity.searchDocument(pair[locale]) });
      }
    }
  }
  for (const pair of svedenSeed(referenceDate)) {
    for (const locale of LOCALES) add('sveden_subsections', [svedenRow(locale, pair[locale])]);
  }
  // programs.sort keeps the curated order of the seed list.
  tables.programs?.forEach((row, index) => (row.sort = index));
  return { tables, documents };
}

async function writeTables(trx: Knex.Transaction, tables: Record<string, Row[]>): Promise<void> {
  for (const [table, rows] of Object.entries(tables)) await insertInBatches(trx, table, rows);
}

/** Seeds the demo university into an empty database; a database with settings is left as it is. */
export async function seedIfEmpty(db: Knex, config: ContentApiConfig): Promise<boolean> {
  const existing = await db('settings').select('locale').first();
  if (existing) return false;
  const { tables, documents } = buildSeed(config.seedReferenceDate ?? todayIn(config.timeZone));
  await db.transaction(async (trx) => {
    await writeTables(trx, tables);
    await rebuildSearchIndex(trx, documents);
    await restartContentRevision(trx);
  });
  return true;
}
