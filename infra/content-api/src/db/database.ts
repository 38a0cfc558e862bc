import fs from 'node:fs';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { sqliteFileOf, type ContentApiConfig } from '../config';

export type Engine = 'sqlite' | 'postgres';

export interface Database {
  db: Knex;
  engine: Engine;
  close(): Promise<void>;
}

/** PostgreSQL identifiers we create ourselves; anything else is refused rather than quoted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * One query builder over both engines. SQLite is a file in the data folder (created on first start);
 * PostgreSQL is used when a connection string is configured, optionally inside a dedicated schema.
 */
export async function openDatabase(config: ContentApiConfig): Promise<Database> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`DATABASE_SCHEMA "${schema}" is not a plain identifier`);
    const db = knex({
      client: 'pg',
      connection: config.databaseUrl,
      pool: { min: 0, max: 10 },
      ...(schema ? { searchPath: [schema] } : {}),
    });
    if (schema) await db.raw(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = sqliteFileOf(config);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      // WAL lets readers of other processes (the CLI) work while the server writes.
      afterCreate: (connection: { pragma(statement: string): unknown }, done: (error: Error | null) => void) => {
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        done(null);
      },
    },
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** True when an error is a unique-constraint violation, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; message?: string } | null;
  if (!candidate) return false;
  return candidate.code === '23505' || candidate.code === 'SQLITE_CONSTRAINT_UNIQUE' || candidate.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Counts come back as strings from PostgreSQL and numbers from SQLite. */
export function toNumber(value: unknown): number {
  return typeof value === 'number' ? value : Number(value ?? 0);
}

export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Inserts many rows in slices, so that neither engine hits its bound-parameter limit. */
export async function insertInBatches(db: Knex | Knex.Transaction, table: string, rows: Record<string, unknown>[], size = 200): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db(table).insert(rows.slice(start, start + size));
  }
}
