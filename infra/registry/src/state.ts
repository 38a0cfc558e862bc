import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { AuditEntry } from '@site/contracts/fleet';

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
  /** Each section's compressed first-load JavaScript and CSS in bytes, measured by the registry at publish. */
  sizes?: Record<string, { js: number; css: number }>;
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

/**
 * A published version shown only to the browsers that opened its link: the link carries a random secret, the
 * registry keeps only its sha256 (and lists it for the shells while the preview is active).
 */
export interface PreviewState {
  id: string;
  remote: string;
  version: string;
  tokenSha256: string;
  createdAt: string;
  expiresAt: string;
  actor: string;
  revokedAt?: string;
  revokedBy?: string;
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
  /** Previews, active or ended (ended ones are dropped a week after they end). */
  previews?: PreviewState[];
}

/** One entry of the audit log, as `GET /api/audit` answers it. */
export type { AuditEntry };

export const EMPTY_STATE: RegistryState = { revision: 0, updatedAt: new Date(0).toISOString(), remotes: {}, owners: {} };

/** An audit entry as a change records it (the store stamps its id and time). */
export type AuditInput = Omit<AuditEntry, 'id' | 'at'>;

/**
 * What a change answers: nothing (write the changed state), `{ skip: true }` to leave the state as it is (nothing is
 * written, the revision stays), or audit entries to record in the same transaction as the change, so that a
 * conditional change (a verdict on a canary that may already be judged) is recorded exactly when it is made.
 */
export type ChangeOutcome = void | { skip?: boolean; audit?: AuditInput[] };

/** Automatic verdicts recorded per remote (from the audit log, so every replica counts the same). */
export type VerdictCounts = Record<string, { promoted: number; rolledBack: number }>;

/**
 * Holds the right to judge canaries for the whole fleet (one judge per database). `hold` answers whether this
 * process is the judge now, taking the role when it is free; `release` gives it up.
 */
export interface Leadership {
  hold(): Promise<boolean>;
  release(): Promise<void>;
}

/** Where the registry keeps its state: SQLite by default, PostgreSQL when configured (see pg-store.ts). */
export interface RegistryStore {
  read(): Promise<RegistryState>;
  /** Runs `change` on the state under its write lock (a transaction) and stores the result with the next revision. */
  update(change: (state: RegistryState) => ChangeOutcome): Promise<RegistryState>;
  audit(entry: AuditInput): Promise<void>;
  auditLog(limit?: number, remote?: string): Promise<AuditEntry[]>;
  verdictCounts(): Promise<VerdictCounts>;
  /** Keeps a shell's latest report (several registry instances on one database see the same fleet). */
  saveFleetReport(instance: string, report: unknown): Promise<void>;
  fleet(): Promise<Array<{ instance: string; at: string; report: unknown }>>;
  /** The judge's latest verdict per remote, so that every replica answers what the judging one decided. */
  saveVerdict(remote: string, verdict: unknown): Promise<void>;
  verdicts(): Promise<Record<string, unknown>>;
  /** The judge's role; a leader that shows no sign of life for `idleMs` (PostgreSQL) loses it. */
  leadership(idleMs: number): Leadership;
  close(): Promise<void>;
}

const AUDIT_INSERT_COLUMNS = 'at, actor, action, remote, from_version, to_version, outcome, detail';

/** The values of one audit row, in the order of AUDIT_INSERT_COLUMNS. */
export function auditValues(entry: AuditInput): unknown[] {
  return [new Date().toISOString(), entry.actor, entry.action, entry.remote, entry.from, entry.to, entry.outcome, entry.detail];
}

export const AUDIT_INSERT = `INSERT INTO registry_audit (${AUDIT_INSERT_COLUMNS}) VALUES`;

/** Counts the judge's verdicts from audit rows grouped by remote and action. */
export function verdictCountsOf(rows: Array<{ remote: string; action: string; count: number | string }>): VerdictCounts {
  const counts: VerdictCounts = {};
  for (const row of rows) {
    const entry = (counts[row.remote] ??= { promoted: 0, rolledBack: 0 });
    if (row.action === 'canary-promote') entry.promoted += Number(row.count);
    if (row.action === 'canary-rollback') entry.rolledBack += Number(row.count);
  }
  return counts;
}

/** The audit rows of the judge's verdicts, grouped (both databases speak this SQL). */
export const VERDICT_COUNTS_SQL =
  "SELECT remote, action, COUNT(*) AS count FROM registry_audit WHERE actor = 'canary-analysis' AND outcome = 'ok' AND action IN ('canary-promote', 'canary-rollback') GROUP BY remote, action";

/** The one process that uses a SQLite file judges: nothing to elect. */
const SOLE_LEADER: Leadership = { hold: async () => true, release: async () => undefined };

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
      CREATE TABLE IF NOT EXISTS registry_verdicts (remote TEXT PRIMARY KEY, verdict TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS registry_audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
        remote TEXT NOT NULL, from_version TEXT, to_version TEXT, outcome TEXT NOT NULL, detail TEXT
      );
    `);
  }

  private readNow(): RegistryState {
    const row = this.db.prepare('SELECT document FROM registry_state WHERE id = 1').get() as { document: string } | undefined;
    const state = row ? (JSON.parse(row.document) as RegistryState) : structuredClone(EMPTY_STATE);
    state.owners ??= {};
    return state;
  }

  private auditNow(entry: AuditInput): void {
    this.db.prepare(`${AUDIT_INSERT} (?, ?, ?, ?, ?, ?, ?, ?)`).run(...auditValues(entry));
  }

  // better-sqlite3 answers synchronously (a local file, no network): the methods are async for the common interface.
  async read(): Promise<RegistryState> {
    return this.readNow();
  }

  async update(change: (state: RegistryState) => ChangeOutcome): Promise<RegistryState> {
    const run = this.db.transaction(() => {
      const state = this.readNow();
      const outcome = change(state);
      if (outcome?.skip) return state;
      state.revision += 1;
      state.updatedAt = new Date().toISOString();
      this.db
        .prepare('INSERT INTO registry_state (id, document) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET document = excluded.document')
        .run(JSON.stringify(state));
      for (const entry of outcome?.audit ?? []) this.auditNow(entry);
      return state;
    });
    return run.immediate();
  }

  async audit(entry: AuditInput): Promise<void> {
    this.auditNow(entry);
  }

  async auditLog(limit = 200, remote?: string): Promise<AuditEntry[]> {
    const rows = (
      remote
        ? this.db.prepare('SELECT * FROM registry_audit WHERE remote = ? ORDER BY id DESC LIMIT ?').all(remote, limit)
        : this.db.prepare('SELECT * FROM registry_audit ORDER BY id DESC LIMIT ?').all(limit)
    ) as Array<Record<string, unknown>>;
    return rows.map(auditEntryOf);
  }

  async verdictCounts(): Promise<VerdictCounts> {
    return verdictCountsOf(this.db.prepare(VERDICT_COUNTS_SQL).all() as Array<{ remote: string; action: string; count: number }>);
  }

  async saveFleetReport(instance: string, report: unknown): Promise<void> {
    this.db
      .prepare(
        'INSERT INTO registry_fleet (instance, at, report) VALUES (?, ?, ?) ON CONFLICT (instance) DO UPDATE SET at = excluded.at, report = excluded.report',
      )
      .run(instance, new Date().toISOString(), JSON.stringify(report));
  }

  async fleet(): Promise<Array<{ instance: string; at: string; report: unknown }>> {
    return (
      this.db.prepare('SELECT instance, at, report FROM registry_fleet ORDER BY instance').all() as Array<{ instance: string; at: string; report: string }>
    ).map((row) => ({
      instance: row.instance,
      at: row.at,
      report: JSON.parse(row.report) as unknown,
    }));
  }

  async saveVerdict(remote: string, verdict: unknown): Promise<void> {
    this.db
      .prepare('INSERT INTO registry_verdicts (remote, verdict) VALUES (?, ?) ON CONFLICT (remote) DO UPDATE SET verdict = excluded.verdict')
      .run(remote, JSON.stringify(verdict));
  }

  async verdicts(): Promise<Record<string, unknown>> {
    const rows = this.db.prepare('SELECT remote, verdict FROM registry_verdicts').all() as Array<{ remote: string; verdict: string }>;
    return Object.fromEntries(rows.map((row) => [row.remote, JSON.parse(row.verdict) as unknown]));
  }

  leadership(_idleMs: number): Leadership {
    return SOLE_LEADER;
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
