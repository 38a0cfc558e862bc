import type { Knex } from 'knex';
import { addRevisionTime, createRevisionTable, dropRevisionTable, dropRevisionTime } from '../content/revision';
import { createSvedenTable, dropSvedenTable } from '../content/sveden';
import { createFormRateTables, dropFormRateTables } from '../forms/rate-limit-postgres';
import { createAuthFailureTable, dropAuthFailureTable } from '../http/auth-throttle';

interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * Content tables: every localised entity is one row per (locale, id), with typed columns for what lists
 * filter and sort on and the full record as JSON in `doc` (validated against the contracts on write).
 */
const contentTables: Migration = {
  name: '001_content',
  async up(db) {
    await db.schema.createTable('settings', (table) => {
      table.string('locale', 8).primary();
      table.text('doc').notNullable();
    });
    await db.schema.createTable('layout_components', (table) => {
      table.string('locale', 8).notNullable();
      table.string('key', 64).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.text('doc').notNullable();
      table.primary(['locale', 'key']);
    });
    await db.schema.createTable('color_schemes', (table) => {
      table.string('id', 64).primary();
      table.string('bg', 32).notNullable();
      table.string('color', 32).notNullable();
      table.string('text', 32).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
    });
    await db.schema.createTable('redirects', (table) => {
      table.string('from_path', 512).primary();
      table.string('to_path', 1024).notNullable();
      table.integer('status').notNullable().defaultTo(301);
    });
    await db.schema.createTable('pages', (table) => {
      table.string('locale', 8).notNullable();
      table.string('slug', 255).notNullable();
      table.text('doc').notNullable();
      table.string('updated_at', 32).notNullable();
      table.primary(['locale', 'slug']);
    });
    await db.schema.createTable('taxonomy_terms', (table) => {
      table.string('locale', 8).notNullable();
      table.string('vocabulary', 64).notNullable();
      table.string('id', 64).notNullable();
      table.string('label', 255).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.primary(['locale', 'vocabulary', 'id']);
    });
    await db.schema.createTable('search_categories', (table) => {
      table.string('locale', 8).notNullable();
      table.string('id', 64).notNullable();
      table.string('label', 255).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('offices', (table) => {
      table.string('locale', 8).notNullable();
      table.string('id', 64).notNullable();
      table.string('slug', 128).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('news', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('id').notNullable();
      table.string('date', 32).notNullable();
      table.string('type', 16).notNullable();
      table.boolean('is_featured').notNullable().defaultTo(false);
      table.string('feature_sort', 16).notNullable().defaultTo('NotSet');
      table.string('office_id', 64).nullable();
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
      table.index(['locale', 'date']);
    });
    await db.schema.createTable('news_terms', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('news_id').notNullable();
      table.string('vocabulary', 32).notNullable();
      table.string('term_id', 64).notNullable();
      table.primary(['locale', 'news_id', 'vocabulary', 'term_id']);
      table.index(['locale', 'vocabulary', 'term_id']);
    });
    await db.schema.createTable('events', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('id').notNullable();
      table.string('starts_at', 32).notNullable();
      table.string('ends_at', 32).notNullable();
      table.boolean('is_recommended').notNullable().defaultTo(false);
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
      table.index(['locale', 'starts_at']);
    });
    await db.schema.createTable('programs', (table) => {
      table.string('locale', 8).notNullable();
      table.string('id', 64).notNullable();
      table.string('level', 32).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('courses', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('id').notNullable();
      table.string('title', 512).notNullable();
      table.string('level', 64).notNullable();
      table.string('format', 64).notNullable();
      table.string('language', 64).notNullable();
      table.string('duration', 64).notNullable();
      table.string('folded_text', 2048).notNullable();
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('course_topics', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('course_id').notNullable();
      table.string('topic_id', 64).notNullable();
      table.primary(['locale', 'course_id', 'topic_id']);
    });
    await db.schema.createTable('people', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('id').notNullable();
      table.string('name', 255).notNullable();
      table.string('department_id', 64).nullable();
      table.string('folded_text', 1024).notNullable();
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('research_areas', (table) => {
      table.string('locale', 8).notNullable();
      table.string('id', 64).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('history_entries', (table) => {
      table.string('locale', 8).notNullable();
      table.string('id', 64).notNullable();
      table.integer('year').notNullable();
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('vacancy_centres', (table) => {
      table.string('locale', 8).notNullable();
      table.string('id', 64).notNullable();
      table.string('title', 255).notNullable();
      table.integer('sort').notNullable().defaultTo(0);
      table.primary(['locale', 'id']);
    });
    await db.schema.createTable('vacancies', (table) => {
      table.string('locale', 8).notNullable();
      table.integer('id').notNullable();
      table.string('centre_id', 64).notNullable();
      table.string('published_at', 32).notNullable();
      table.text('doc').notNullable();
      table.primary(['locale', 'id']);
    });
  },
  async down(db) {
    for (const name of [
      'vacancies',
      'vacancy_centres',
      'history_entries',
      'research_areas',
      'people',
      'course_topics',
      'courses',
      'programs',
      'events',
      'news_terms',
      'news',
      'offices',
      'search_categories',
      'taxonomy_terms',
      'pages',
      'redirects',
      'color_schemes',
      'layout_components',
      'settings',
    ]) {
      await db.schema.dropTableIfExists(name);
    }
  },
};

/** Our own inverted index: the same stemmed terms and ranking on both engines. */
const searchTables: Migration = {
  name: '002_search',
  async up(db) {
    await db.schema.createTable('search_documents', (table) => {
      table.string('locale', 8).notNullable();
      table.string('doc_key', 96).notNullable();
      table.string('kind', 16).notNullable();
      table.string('category', 64).notNullable();
      table.string('title', 512).notNullable();
      table.text('excerpt').notNullable();
      table.string('href', 512).notNullable();
      table.string('date', 32).nullable();
      table.integer('length').notNullable();
      table.primary(['locale', 'doc_key']);
    });
    await db.schema.createTable('search_terms', (table) => {
      table.string('locale', 8).notNullable();
      table.string('term', 128).notNullable();
      table.string('doc_key', 96).notNullable();
      table.float('weight').notNullable();
      /** The document's own spellings of the term, space-separated, for highlighting. */
      table.string('forms', 1024).notNullable();
      table.primary(['locale', 'term', 'doc_key']);
      table.index(['locale', 'doc_key']);
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('search_terms');
    await db.schema.dropTableIfExists('search_documents');
  },
};

const intakeTables: Migration = {
  name: '003_intake',
  async up(db) {
    await db.schema.createTable('form_submissions', (table) => {
      table.string('id', 36).primary();
      table.string('kind', 32).notNullable();
      table.string('locale', 8).notNullable();
      table.string('idempotency_key', 128).nullable();
      table.text('payload').notNullable();
      table.string('client_ip', 64).nullable();
      table.float('captcha_score').nullable();
      table.string('created_at', 32).notNullable();
      table.unique(['kind', 'idempotency_key']);
    });
    await db.schema.createTable('form_attachments', (table) => {
      table.string('id', 36).primary();
      table.string('submission_id', 36).notNullable().references('id').inTable('form_submissions').onDelete('CASCADE');
      table.string('original_name', 255).notNullable();
      table.string('storage_name', 128).notNullable();
      table.string('extension', 8).notNullable();
      table.string('media_type', 128).notNullable();
      table.bigInteger('size_bytes').notNullable();
    });
    await db.schema.createTable('vacancy_subscriptions', (table) => {
      table.string('id', 36).primary();
      table.string('email', 254).notNullable().unique();
      table.string('locale', 8).notNullable();
      table.text('centre_ids').notNullable();
      table.string('created_at', 32).notNullable();
      table.string('updated_at', 32).notNullable();
    });
  },
  async down(db) {
    await db.schema.dropTableIfExists('form_attachments');
    await db.schema.dropTableIfExists('form_submissions');
    await db.schema.dropTableIfExists('vacancy_subscriptions');
  },
};

/** The content revision caches read to tell fresh pages from stale ones. */
const revisionTable: Migration = {
  name: '004_content_revision',
  up: createRevisionTable,
  down: dropRevisionTable,
};

/** The time of the last content change, beside the revision (sitemaps' `lastmod`). */
const revisionTime: Migration = {
  name: '005_content_revision_time',
  up: addRevisionTime,
  down: dropRevisionTime,
};

/** "Сведения об образовательной организации": the subsections of Rosobrnadzor order No. 1493 of 04.08.2023. */
const svedenTable: Migration = {
  name: '006_sveden',
  up: createSvedenTable,
  down: dropSvedenTable,
};

/**
 * Search hits link with locale-neutral paths, like every other link the API gives (the site adds the locale):
 * English documents indexed before kept the `/en` prefix, which the site then prefixed again.
 */
const localeNeutralSearchLinks: Migration = {
  name: '007_search_locale_neutral_links',
  async up(db) {
    await db('search_documents').where({ locale: 'en', href: '/en' }).update({ href: '/' });
    await db('search_documents')
      .where({ locale: 'en' })
      .andWhere('href', 'like', '/en/%')
      .update({ href: db.raw('substr(href, 4)') });
  },
  async down() {
    // The prefixed links were the fault this migration removes; there is nothing to restore.
  },
};

/** The form rate limits' windows and the failed-authentication counts, shared by every replica on PostgreSQL. */
const sharedLimitTables: Migration = {
  name: '008_shared_limits',
  async up(db) {
    await createFormRateTables(db);
    await createAuthFailureTable(db);
  },
  async down(db) {
    await dropAuthFailureTable(db);
    await dropFormRateTables(db);
  },
};

const MIGRATIONS: Migration[] = [
  contentTables,
  searchTables,
  intakeTables,
  revisionTable,
  revisionTime,
  svedenTable,
  localeNeutralSearchLinks,
  sharedLimitTables,
];

/** Migrations live in code, so the built server and the tests run exactly the same ones on both engines. */
const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => MIGRATIONS,
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => ({ up: migration.up, down: migration.down }),
};

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** How many of this build's migrations the database has not run (another replica may still be migrating it). */
export async function pendingMigrations(db: Knex): Promise<number> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.length;
}

/** Every content table, in an order that satisfies foreign keys on insert; used by export/import. */
export const CONTENT_TABLES = [
  'settings',
  'layout_components',
  'color_schemes',
  'redirects',
  'pages',
  'taxonomy_terms',
  'search_categories',
  'offices',
  'news',
  'news_terms',
  'events',
  'programs',
  'courses',
  'course_topics',
  'people',
  'research_areas',
  'history_entries',
  'vacancy_centres',
  'vacancies',
  'sveden_subsections',
] as const;
