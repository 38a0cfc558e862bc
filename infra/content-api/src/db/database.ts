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

/** A better-sqlite3 connection, as much of it as a bulk insert uses. */
interface SqliteConnection {
  prepare(sql: string): { run(...values: unknown[]): unknown };
}

/** A value as better-sqlite3 binds it, converted the way knex's better-sqlite3 dialect converts bindings. */
function sqliteBinding(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.valueOf();
  if (typeof value === 'boolean') return Number(value);
  return value;
}

/**
 * Inserts many rows. On PostgreSQL, in slices of multi-row inserts, so that no statement hits the bound-parameter
 * limit. On SQLite, through one prepared statement (compiled by knex) run for every row on the transaction's
 * connection: knex writes a multi-row insert there as a `select … union all select …` that SQLite parses anew for
 * every slice, which made seeding the demo university's 51,000 rows take 2 s. Columns a row lacks are NULL, as with
 * knex's `useNullAsDefault`.
 */
export async function insertInBatches(db: Knex | Knex.Transaction, table: string, rows: Record<string, unknown>[], size = 200): Promise<void> {
  if (rows.length === 0) return;
  if (db.client.config.client === 'better-sqlite3') {
    if (!db.isTransaction) return db.transaction((trx) => insertInBatches(trx, table, rows, size));
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    // Each column's position as its value: the compiled statement's bindings say in which order knex put them.
    const { sql, bindings } = db(table)
      .insert(Object.fromEntries(columns.map((column, position) => [column, position])))
      .toSQL();
    const order = (bindings as number[]).map((position) => columns[position]!);
    const connection = (await db.client.acquireConnection()) as SqliteConnection;
    const statement = connection.prepare(sql);
    for (const row of rows) statement.run(...order.map((column) => sqliteBinding(row[column])));
    return;
  }
  for (let start = 0; start < rows.length; start += size) {
    await db(table).insert(rows.slice(start, start + size));
  }
}
