import type { RegistryDocument } from '@site/contracts';
import type { FleetReport } from '@site/contracts/fleet';
import type { HostDeclaration } from './gates';
import type { RegistryStore } from './state';
import type { CanaryJudge } from './canary';

/** A report older than this is a shell that is gone or cannot reach the registry. */
const FLEET_STALE_MS = 30_000;

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
