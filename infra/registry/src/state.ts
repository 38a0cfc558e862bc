import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface DeployedVersion {
  version: string;
  /** Path of the manifest under the static host (`news/1.0.0-abc/mf-manifest.json`), or an absolute URL for a remote hosted elsewhere. */
  manifest: string;
  deployedAt: string;
  contractsVersion?: string;
  sections?: string[];
  /** sha256 (hex) of every published file, by path inside the version folder; recorded once, never changed. */
  files?: Record<string, string>;
  /** The shared singletons the build asks the host for (`react: ^19.3.1`). */
  shared?: Record<string, string>;
  /** Set when the version was judged bad (a failed canary, refused by shells): rollback skips it. */
  bad?: string;
}

export interface CanaryState {
  version: string;
  /** Share of visitors (0–100) served the canary. */
  percent: number;
  startedAt: string;
  /** Who started it, for the audit entry of the automatic verdict. */
  actor: string;
}

interface RemoteState {
  current: string;
  /** Every version ever published, oldest first; rollback picks from here. */
  history: DeployedVersion[];
  canary?: CanaryState | null;
}

export interface RegistryState {
  revision: number;
  updatedAt: string;
  remotes: Record<string, RemoteState>;
  /** Which remote owns each section name; a release defining another remote's name is refused. */
  owners?: Record<string, string>;
}

export interface AuditEntry {
  id: number;
  at: string;
  actor: string;
  action: string;
  remote: string;
  from: string | null;
  to: string | null;
  outcome: 'ok' | 'refused' | 'failed';
  detail: string | null;
}

export const EMPTY_STATE: RegistryState = { revision: 0, updatedAt: new Date(0).toISOString(), remotes: {}, owners: {} };

/** Where the registry keeps its state: SQLite by default, PostgreSQL when configured (see pg-store.ts). */
export interface RegistryStore {
  read(): RegistryState;
  update(change: (state: RegistryState) => void): RegistryState;
  audit(entry: Omit<AuditEntry, 'id' | 'at'>): void;
  auditLog(limit?: number, remote?: string): AuditEntry[];
  /** Keeps a shell's latest report (several registry instances on one database see the same fleet). */
  saveFleetReport(instance: string, report: unknown): void;
  fleet(): Array<{ instance: string; at: string; report: unknown }>;
  close(): void;
}

/** One audit row as stored (both databases use the same column names). */
export function auditEntryOf(row: Record<string, unknown>): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at as string,
    actor: row.actor as string,
    action: row.action as string,
    remote: row.remote as string,
    from: (row.from_version as string | null) ?? null,
    to: (row.to_version as string | null) ?? null,
    outcome: row.outcome as AuditEntry['outcome'],
    detail: (row.detail as string | null) ?? null,
  };
}

/**
 * The registry's state in SQLite (`<DATA_DIR>/registry/registry.db`): the document of live versions in one row and
 * the audit log in a table. Every change runs in an IMMEDIATE transaction, which takes the database's write lock
 * before reading, so concurrent changes from any number of processes (registry instances, the CLI) queue up instead
 * of losing each other's updates; WAL lets the readers (shell polls) go on meanwhile.
 */
export class SqliteRegistryStore implements RegistryStore {
  private readonly db: Database.Database;

  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 10000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS registry_state (id INTEGER PRIMARY KEY CHECK (id = 1), document TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS registry_fleet (instance TEXT PRIMARY KEY, at TEXT NOT NULL, report TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS registry_audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
        remote TEXT NOT NULL, from_version TEXT, to_version TEXT, outcome TEXT NOT NULL, detail TEXT
      );
    `);
  }

  read(): RegistryState {
    const row = this.db.prepare('SELECT document FROM registry_state WHERE id = 1').get() as { document: string } | undefined;
    const state = row ? (JSON.parse(row.document) as RegistryState) : structuredClone(EMPTY_STATE);
    state.owners ??= {};
    return state;
  }

  update(change: (state: RegistryState) => void): RegistryState {
    const run = this.db.transaction(() => {
      const state = this.read();
      change(state);
      state.revision += 1;
      state.updatedAt = new Date().toISOString();
      this.db
        .prepare('INSERT INTO registry_state (id, document) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET document = excluded.document')
        .run(JSON.stringify(state));
      return state;
    });
    return run.immediate();
  }

  audit(entry: Omit<AuditEntry, 'id' | 'at'>): void {
    this.db
      .prepare('INSERT INTO registry_audit (at, actor, action, remote, from_version, to_version, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(new Date().toISOString(), entry.actor, entry.action, entry.remote, entry.from, entry.to, entry.outcome, entry.detail);
  }

  auditLog(limit = 200, remote?: string): AuditEntry[] {
    const rows = (
      remote
        ? this.db.prepare('SELECT * FROM registry_audit WHERE remote = ? ORDER BY id DESC LIMIT ?').all(remote, limit)
        : this.db.prepare('SELECT * FROM registry_audit ORDER BY id DESC LIMIT ?').all(limit)
    ) as Array<Record<string, unknown>>;
    return rows.map(auditEntryOf);
  }

  saveFleetReport(instance: string, report: unknown): void {
    this.db
      .prepare(
        'INSERT INTO registry_fleet (instance, at, report) VALUES (?, ?, ?) ON CONFLICT (instance) DO UPDATE SET at = excluded.at, report = excluded.report',
      )
      .run(instance, new Date().toISOString(), JSON.stringify(report));
  }

  fleet(): Array<{ instance: string; at: string; report: unknown }> {
    return (
      this.db.prepare('SELECT instance, at, report FROM registry_fleet ORDER BY instance').all() as Array<{ instance: string; at: string; report: string }>
    ).map((row) => ({
      instance: row.instance,
      at: row.at,
      report: JSON.parse(row.report) as unknown,
    }));
  }

  close(): void {
    this.db.close();
  }
}
