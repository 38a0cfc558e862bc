import { Pool, type PoolClient, type PoolConfig } from 'pg';
import {
  AUDIT_INSERT,
  auditEntryOf,
  auditValues,
  EMPTY_STATE,
  VERDICT_COUNTS_SQL,
  verdictCountsOf,
  type AuditEntry,
  type AuditInput,
  type ChangeOutcome,
  type Leadership,
  type RegistryState,
  type RegistryStore,
  type VerdictCounts,
} from './state';

export interface PgStoreOptions {
  /** postgres://… of the database every registry instance shares. */
  databaseUrl: string;
  /** A schema to keep the tables in (created when missing); the connection's default (public) otherwise. */
  schema?: string;
  /** Longest run of one statement on the server: a statement that takes longer fails, never hangs the change. */
  statementTimeoutMs?: number;
  /** Longest wait for a new connection to the database. */
  connectionTimeoutMs?: number;
  /** Connections the registry keeps at most (requests beyond wait for a free one). */
  poolSize?: number;
}

/** Serialises the creation of the tables when several registry instances start on one database. */
const SCHEMA_LOCK = 7_312_001;
/** The first key of the judge's advisory lock; the second is the schema's hash, so each fleet (schema) has its own judge. */
const JUDGE_LOCK = 7_312_002;

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The registry's state in PostgreSQL, for several registry instances on one database, through a `pg` pool used
 * directly (every call awaits its statement; the event loop never waits for the database). The document of live
 * versions is one row, changed in a transaction that locks that row first (`SELECT … FOR UPDATE`), so concurrent
 * changes from any number of instances queue up instead of losing each other's updates; the audit log, the fleet and
 * the judge's verdicts are tables.
 */
export class PgRegistryStore implements RegistryStore {
  private readonly pool: Pool;
  private readonly ready: Promise<void>;

  constructor(options: PgStoreOptions) {
    if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) throw new Error(`${JSON.stringify(options.schema)} is not a schema name`);
    const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
    const config: PoolConfig = {
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: statementTimeoutMs,
      // The client's own bound, for a server that stops answering altogether (the statement timeout runs on the server).
      query_timeout: statementTimeoutMs + 2_000,
      // Every connection works in the registry's schema from its start (no SET that a pooled client could miss).
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    };
    this.pool = new Pool(config);
    // A connection that breaks while idle in the pool is dropped by the pool; the error must not end the process.
    this.pool.on('error', () => undefined);
    this.ready = this.createTables(options.schema);
    this.ready.catch(() => undefined);
  }

  private async createTables(schema: string | undefined): Promise<void> {
    await this.withTransaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS ${client.escapeIdentifier(schema)}`);
      await client.query('CREATE TABLE IF NOT EXISTS registry_state (id INTEGER PRIMARY KEY CHECK (id = 1), document TEXT NOT NULL)');
      await client.query('CREATE TABLE IF NOT EXISTS registry_fleet (instance TEXT PRIMARY KEY, at TEXT NOT NULL, report TEXT NOT NULL)');
      await client.query('CREATE TABLE IF NOT EXISTS registry_verdicts (remote TEXT PRIMARY KEY, verdict TEXT NOT NULL)');
      await client.query(`CREATE TABLE IF NOT EXISTS registry_audit (
        id BIGSERIAL PRIMARY KEY, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL, remote TEXT NOT NULL,
        from_version TEXT, to_version TEXT, outcome TEXT NOT NULL, detail TEXT
      )`);
      await client.query('INSERT INTO registry_state (id, document) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [JSON.stringify(EMPTY_STATE)]);
    }, false);
  }

  private async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    await this.ready;
    return (await this.pool.query(sql, params)).rows as T[];
  }

  private async withTransaction<T>(run: (client: PoolClient) => Promise<T>, waitReady = true): Promise<T> {
    if (waitReady) await this.ready;
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await run(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // The connection is gone (PostgreSQL ends its transaction by itself): the pool must not hand it out again.
        broken = rollbackError as Error;
      }
      throw error;
    } finally {
      client.release(broken);
    }
  }

  private parse(rows: Array<{ document: string }>): RegistryState {
    const state = rows[0] ? (JSON.parse(rows[0].document) as RegistryState) : structuredClone(EMPTY_STATE);
    state.owners ??= {};
    return state;
  }

  async read(): Promise<RegistryState> {
    return this.parse(await this.query<{ document: string }>('SELECT document FROM registry_state WHERE id = 1'));
  }

  update(change: (state: RegistryState) => ChangeOutcome): Promise<RegistryState> {
    return this.withTransaction(async (client) => {
      const state = this.parse((await client.query<{ document: string }>('SELECT document FROM registry_state WHERE id = 1 FOR UPDATE')).rows);
      const outcome = change(state);
      if (outcome?.skip) return state;
      state.revision += 1;
      state.updatedAt = new Date().toISOString();
      await client.query('UPDATE registry_state SET document = $1 WHERE id = 1', [JSON.stringify(state)]);
      for (const entry of outcome?.audit ?? []) await client.query(`${AUDIT_INSERT} ($1, $2, $3, $4, $5, $6, $7, $8)`, auditValues(entry));
      return state;
    });
  }

  async audit(entry: AuditInput): Promise<void> {
    await this.query(`${AUDIT_INSERT} ($1, $2, $3, $4, $5, $6, $7, $8)`, auditValues(entry));
  }

  async auditLog(limit = 200, remote?: string): Promise<AuditEntry[]> {
    const rows = remote
      ? await this.query('SELECT * FROM registry_audit WHERE remote = $1 ORDER BY id DESC LIMIT $2', [remote, limit])
      : await this.query('SELECT * FROM registry_audit ORDER BY id DESC LIMIT $1', [limit]);
    return rows.map(auditEntryOf);
  }

  async verdictCounts(): Promise<VerdictCounts> {
    return verdictCountsOf(await this.query<{ remote: string; action: string; count: string }>(VERDICT_COUNTS_SQL));
  }

  async saveFleetReport(instance: string, report: unknown): Promise<void> {
    await this.query(
      'INSERT INTO registry_fleet (instance, at, report) VALUES ($1, $2, $3) ON CONFLICT (instance) DO UPDATE SET at = excluded.at, report = excluded.report',
      [instance, new Date().toISOString(), JSON.stringify(report)],
    );
  }

  async fleet(): Promise<Array<{ instance: string; at: string; report: unknown }>> {
    return (await this.query<{ instance: string; at: string; report: string }>('SELECT instance, at, report FROM registry_fleet ORDER BY instance')).map(
      (row) => ({ instance: row.instance, at: row.at, report: JSON.parse(row.report) as unknown }),
    );
  }

  async saveVerdict(remote: string, verdict: unknown): Promise<void> {
    await this.query('INSERT INTO registry_verdicts (remote, verdict) VALUES ($1, $2) ON CONFLICT (remote) DO UPDATE SET verdict = excluded.verdict', [
      remote,
      JSON.stringify(verdict),
    ]);
  }

  async verdicts(): Promise<Record<string, unknown>> {
    const rows = await this.query<{ remote: string; verdict: string }>('SELECT remote, verdict FROM registry_verdicts');
    return Object.fromEntries(rows.map((row) => [row.remote, JSON.parse(row.verdict) as unknown]));
  }

  leadership(idleMs: number): Leadership {
    return new AdvisoryLockLeadership(this.pool, this.ready, idleMs);
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.pool.end();
  }
}

/**
 * The judge's role through a PostgreSQL session advisory lock, held on one pooled connection kept for as long as this
 * process leads. An advisory lock rather than a lease row: PostgreSQL releases it the moment the leader's connection
 * ends (a killed process's socket closes at once), so a standby takes over on its next try without waiting out a
 * lease, and no clocks of different machines are compared. A leader that hangs without dying (stopped, or cut off)
 * keeps its session open, so the session gets an idle timeout: the leader touches it on every tick, and a session
 * idle for longer than a few of the judge's ticks is ended by the server, which frees the lock for a standby. The lock is keyed by the
 * schema, so fleets on separate schemas of one database each have their own judge.
 */
class AdvisoryLockLeadership implements Leadership {
  private client: PoolClient | null = null;

  constructor(
    private readonly pool: Pool,
    private readonly ready: Promise<void>,
    /** A leader whose process hangs (stopped, or cut off from the database) loses its session, and the lock, after this long. */
    private readonly idleMs: number,
  ) {}

  async hold(): Promise<boolean> {
    await this.ready;
    if (this.client) {
      try {
        // Proves the session (and so the lock) is still ours, and keeps it from going idle.
        await this.client.query('SELECT 1');
        return true;
      } catch (error) {
        this.drop(error as Error);
        return false;
      }
    }
    const client = await this.pool.connect();
    let locked = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, hashtext(current_schema())) AS locked', [JUDGE_LOCK]);
      locked = rows[0]?.locked === true;
      if (locked) await client.query(`SET idle_session_timeout = ${Math.round(this.idleMs)}`);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    if (!locked) {
      client.release();
      return false;
    }
    client.on('error', (error) => this.drop(error));
    this.client = client;
    return true;
  }

  /** Gives the lock up; the connection is closed rather than returned to the pool (it carries the lock and the idle timeout). */
  async release(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.client = null;
    try {
      await client.query('SELECT pg_advisory_unlock($1, hashtext(current_schema()))', [JUDGE_LOCK]);
    } catch {
      // The session is gone already, and the lock with it.
    }
    client.release(true);
  }

  private drop(error: Error): void {
    const client = this.client;
    this.client = null;
    client?.release(error);
  }
}
