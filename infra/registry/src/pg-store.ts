import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { auditEntryOf, EMPTY_STATE, type AuditEntry, type RegistryState, type RegistryStore } from './state';

export interface PgStoreOptions {
  /** postgres://… of the database every registry instance shares. */
  databaseUrl: string;
  /** A schema to keep the tables in (created when missing); the connection's default (public) otherwise. */
  schema?: string;
  /** Longest wait for one statement's answer: a database that does not answer fails the change, never hangs it. */
  statementTimeoutMs?: number;
}

type Answer = { id: number; rows?: Array<Record<string, unknown>>; error?: string };

/**
 * The `pg` client in a worker thread. The worker owns one connection and runs one statement at a time; the caller
 * blocks on a shared flag until the answer is posted (Atomics.wait) and takes it with receiveMessageOnPort. The
 * registry's operations are synchronous (as with SQLite, whose better-sqlite3 blocks too), so they stay the same
 * on both databases, and a transaction's statements run on that one connection.
 */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const { Client } = require(workerData.pgPath);
const { port, flag, databaseUrl, schema, statementTimeoutMs } = workerData;
const signal = new Int32Array(flag);
const client = new Client({ connectionString: databaseUrl, statement_timeout: statementTimeoutMs, connectionTimeoutMillis: statementTimeoutMs });
const connected = client.connect().then(async () => {
  if (schema) {
    await client.query('CREATE SCHEMA IF NOT EXISTS ' + client.escapeIdentifier(schema));
    await client.query('SET search_path TO ' + client.escapeIdentifier(schema));
  }
});
connected.catch(() => undefined);
client.on('error', () => undefined);
port.on('message', async ({ id, statements }) => {
  let answer;
  try {
    await connected;
    let result = { rows: [] };
    for (const { sql, params } of statements) result = await client.query(sql, params);
    answer = { id, rows: result.rows };
  } catch (error) {
    answer = { id, error: error.message || String(error) };
  }
  port.postMessage(answer);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
});
`;

class SyncPgConnection {
  private worker: Worker | null = null;
  private port: MessagePort | null = null;
  private flag: Int32Array | null = null;
  private nextId = 1;

  constructor(private readonly options: PgStoreOptions) {}

  private open(): void {
    const { port1, port2 } = new MessageChannel();
    const shared = new SharedArrayBuffer(4);
    this.flag = new Int32Array(shared);
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        pgPath: require.resolve('pg'),
        port: port2,
        flag: shared,
        databaseUrl: this.options.databaseUrl,
        schema: this.options.schema ?? null,
        statementTimeoutMs: this.options.statementTimeoutMs ?? 10_000,
      },
      transferList: [port2],
    });
    this.worker.unref();
    this.port = port1;
  }

  query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): T[] {
    return this.batch<T>([{ sql, params }]);
  }

  /** Runs statements one after the other in one hop to the worker; answers the last one's rows, or the first error. */
  batch<T = Record<string, unknown>>(statements: Array<{ sql: string; params?: unknown[] }>): T[] {
    if (!this.worker) this.open();
    const id = this.nextId++;
    const timeoutMs = (this.options.statementTimeoutMs ?? 10_000) + 2_000;
    Atomics.store(this.flag!, 0, 0);
    this.port!.postMessage({ id, statements: statements.map(({ sql, params }) => ({ sql, params: params ?? [] })) });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const remaining = deadline - Date.now();
      if (remaining <= 0 || Atomics.wait(this.flag!, 0, 0, remaining) === 'timed-out') {
        // The connection's state is unknown (a transaction may be open): start over with a new one.
        this.close();
        throw new Error(`PostgreSQL did not answer within ${timeoutMs} ms`);
      }
      const message = receiveMessageOnPort(this.port!)?.message as Answer | undefined;
      if (!message) {
        Atomics.store(this.flag!, 0, 0);
        continue;
      }
      if (message.id !== id) continue;
      if (message.error !== undefined) throw new Error(`PostgreSQL: ${message.error}`);
      return (message.rows ?? []) as T[];
    }
  }

  close(): void {
    void this.worker?.terminate();
    this.port?.close();
    this.worker = null;
    this.port = null;
  }
}

/** Serialises the creation of the tables when several registry instances start on one database. */
const SCHEMA_LOCK = 7_312_001;

/**
 * The registry's state in PostgreSQL, for several registry instances on one database: the document of live versions
 * in one row, changed in a transaction that locks that row first (`SELECT … FOR UPDATE`), so concurrent changes from
 * any number of instances queue up instead of losing each other's updates; the audit log and the fleet in tables.
 */
export class PgRegistryStore implements RegistryStore {
  private readonly connection: SyncPgConnection;

  constructor(options: PgStoreOptions) {
    this.connection = new SyncPgConnection(options);
    this.transaction(() => {
      this.connection.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      this.connection.query('CREATE TABLE IF NOT EXISTS registry_state (id INTEGER PRIMARY KEY CHECK (id = 1), document TEXT NOT NULL)');
      this.connection.query('CREATE TABLE IF NOT EXISTS registry_fleet (instance TEXT PRIMARY KEY, at TEXT NOT NULL, report TEXT NOT NULL)');
      this.connection.query(`CREATE TABLE IF NOT EXISTS registry_audit (
        id BIGSERIAL PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, remote TEXT NOT NULL,
        from_version TEXT, to_version TEXT, outcome TEXT NOT NULL, detail TEXT
      )`);
      this.connection.query('INSERT INTO registry_state (id, document) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [JSON.stringify(EMPTY_STATE)]);
    });
  }

  private transaction<T>(run: () => T): T {
    this.connection.query('BEGIN');
    try {
      const result = run();
      this.connection.query('COMMIT');
      return result;
    } catch (error) {
      try {
        this.connection.query('ROLLBACK');
      } catch {
        // The connection is gone: PostgreSQL ends its transaction by itself.
      }
      throw error;
    }
  }

  private parse(rows: Array<{ document: string }>): RegistryState {
    const state = rows[0] ? (JSON.parse(rows[0].document) as RegistryState) : structuredClone(EMPTY_STATE);
    state.owners ??= {};
    return state;
  }

  read(): RegistryState {
    return this.parse(this.connection.query<{ document: string }>('SELECT document FROM registry_state WHERE id = 1'));
  }

  update(change: (state: RegistryState) => void): RegistryState {
    // Two hops: open the transaction and lock the row; write the document and commit.
    const locked = this.connection.batch<{ document: string }>([{ sql: 'BEGIN' }, { sql: 'SELECT document FROM registry_state WHERE id = 1 FOR UPDATE' }]);
    try {
      const state = this.parse(locked);
      change(state);
      state.revision += 1;
      state.updatedAt = new Date().toISOString();
      this.connection.batch([{ sql: 'UPDATE registry_state SET document = $1 WHERE id = 1', params: [JSON.stringify(state)] }, { sql: 'COMMIT' }]);
      return state;
    } catch (error) {
      try {
        this.connection.query('ROLLBACK');
      } catch {
        // The connection is gone: PostgreSQL ends its transaction by itself.
      }
      throw error;
    }
  }

  audit(entry: Omit<AuditEntry, 'id' | 'at'>): void {
    this.connection.query(
      'INSERT INTO registry_audit (at, actor, action, remote, from_version, to_version, outcome, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
      [new Date().toISOString(), entry.actor, entry.action, entry.remote, entry.from, entry.to, entry.outcome, entry.detail],
    );
  }

  auditLog(limit = 200, remote?: string): AuditEntry[] {
    const rows = remote
      ? this.connection.query('SELECT * FROM registry_audit WHERE remote = $1 ORDER BY id DESC LIMIT $2', [remote, limit])
      : this.connection.query('SELECT * FROM registry_audit ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map(auditEntryOf);
  }

  saveFleetReport(instance: string, report: unknown): void {
    this.connection.query(
      'INSERT INTO registry_fleet (instance, at, report) VALUES ($1, $2, $3) ON CONFLICT (instance) DO UPDATE SET at = excluded.at, report = excluded.report',
      [instance, new Date().toISOString(), JSON.stringify(report)],
    );
  }

  fleet(): Array<{ instance: string; at: string; report: unknown }> {
    return this.connection
      .query<{ instance: string; at: string; report: string }>('SELECT instance, at, report FROM registry_fleet ORDER BY instance')
      .map((row) => ({ instance: row.instance, at: row.at, report: JSON.parse(row.report) as unknown }));
  }

  close(): void {
    this.connection.close();
  }
}
