import type { RegistryDocument } from '@site/contracts';
import { RegistryError } from './operations';
import type { HostDeclaration } from './gates';
import type { RegistryStore } from './state';
import type { CanaryJudge } from './canary';

/** Per remote version: renders and errors a shell saw (cumulative since the shell started). */
export interface VersionCounters {
  remote: string;
  version: string;
  renders: number;
  renderErrors: number;
  /** Browsers' error reports that a page token made count (0 from shells that do not report them). */
  browserErrors: number;
  /** Page views served with the version on the page: what browser errors are compared with. */
  pageViews?: number;
  /** Distinct client addresses whose error reports counted. */
  browserReporters?: number;
}

export interface FleetReport {
  instance: string;
  url: string | null;
  contractsVersion: string;
  shared: Record<string, string>;
  registryRevision: number;
  /** Milliseconds since the shell last read the registry successfully. */
  pollAgeMs: number | null;
  registryError: string | null;
  live: Array<{ remote: string; version: string; health: string; since: string; canary: string | null; pending: string | null }>;
  counters: VersionCounters[];
}

/** A report older than this is a shell that is gone or cannot reach the registry. */
const FLEET_STALE_MS = 30_000;

const MAX_ITEMS = 200;
const str = (value: unknown, max = 200): string | null => (typeof value === 'string' && value.length <= max ? value : null);
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

export function parseFleetReport(body: unknown): FleetReport {
  const input = (body ?? {}) as Record<string, unknown>;
  const instance = str(input.instance, 100);
  if (!instance || !/^[A-Za-z0-9._:@-]+$/.test(instance)) throw new RegistryError(400, 'a fleet report names its instance');
  const shared: Record<string, string> = {};
  for (const [name, version] of Object.entries((input.shared ?? {}) as Record<string, unknown>).slice(0, 50)) {
    if (str(version, 50)) shared[name] = version as string;
  }
  const list = (value: unknown) => (Array.isArray(value) ? value.slice(0, MAX_ITEMS) : []) as Array<Record<string, unknown>>;
  return {
    instance,
    url: str(input.url),
    contractsVersion: str(input.contractsVersion, 30) ?? '0.0.0',
    shared,
    registryRevision: num(input.registryRevision),
    pollAgeMs: input.pollAgeMs === null ? null : num(input.pollAgeMs),
    registryError: str(input.registryError, 500),
    live: list(input.live).map((item) => ({
      remote: str(item.remote, 40) ?? '',
      version: str(item.version, 80) ?? '',
      health: str(item.health, 20) ?? 'unknown',
      since: str(item.since, 40) ?? new Date().toISOString(),
      canary: str(item.canary, 80),
      pending: str(item.pending, 80),
    })),
    counters: list(input.counters).map((item) => ({
      remote: str(item.remote, 40) ?? '',
      version: str(item.version, 80) ?? '',
      renders: num(item.renders),
      renderErrors: num(item.renderErrors),
      browserErrors: num(item.browserErrors),
      pageViews: num(item.pageViews),
      browserReporters: num(item.browserReporters),
    })),
  };
}

/** The shells that reported lately, with their reports. */
export async function freshReports(store: RegistryStore, now = Date.now()): Promise<Array<{ at: string; report: FleetReport }>> {
  return (await store.fleet()).filter((row) => now - Date.parse(row.at) < FLEET_STALE_MS).map((row) => ({ at: row.at, report: row.report as FleetReport }));
}

/** What the live shells declare, for the gates at publish. */
export async function hostDeclarations(store: RegistryStore): Promise<HostDeclaration[]> {
  return (await freshReports(store)).map(({ report }) => ({ instance: report.instance, contractsVersion: report.contractsVersion, shared: report.shared }));
}

/**
 * The fleet as operators see it: every shell that ever reported (fresh or not), what it serves, and per remote
 * whether every fresh shell serves the registry's version and how long that took after the last change.
 */
export async function fleetView(store: RegistryStore, document: RegistryDocument, judge?: CanaryJudge) {
  const now = Date.now();
  const rows = (await store.fleet()).map((row) => ({ ...(row.report as FleetReport), reportedAt: row.at, fresh: now - Date.parse(row.at) < FLEET_STALE_MS }));
  const fresh = rows.filter((row) => row.fresh);
  const audit = await store.auditLog(500);
  const remotes = document.remotes.map((remote) => {
    const change = audit.find((entry) => entry.remote === remote.name && entry.outcome === 'ok' && entry.to === remote.version && entry.action !== 'publish');
    const serving = fresh.map((row) => ({ instance: row.instance, live: row.live.find((item) => item.remote === remote.name) }));
    const behind = serving.filter((item) => item.live?.version !== remote.version).map((item) => item.instance);
    const sinceTimes = serving.map((item) => (item.live ? Date.parse(item.live.since) : NaN)).filter((t) => Number.isFinite(t));
    const propagationMs = change && behind.length === 0 && sinceTimes.length > 0 ? Math.max(0, Math.max(...sinceTimes) - Date.parse(change.at)) : null;
    return {
      name: remote.name,
      version: remote.version,
      canary: remote.canary ?? null,
      changedAt: change?.at ?? null,
      shells: fresh.length,
      behind,
      propagationMs,
    };
  });
  return { instances: rows, remotes, canaries: (await judge?.lastVerdicts()) ?? {} };
}
