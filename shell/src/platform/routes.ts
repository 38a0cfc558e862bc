import type { FastifyInstance } from 'fastify';
import { CONTRACTS_VERSION } from '@site/contracts';
import type { ReleaseReport } from '@site/contracts/fleet';
import type { RegistryClient } from '../federation/registry-client';
import type { ServerFederation } from '../federation/server-federation';
import type { RemoteStats } from './remote-stats';
import { renderDashboard } from './dashboard';
import { releaseFromRegistry, renderReleasePage } from './release-page';
import { operatorGuard } from './operator-auth';
import { STATIC_DOCUMENT_POLICY } from '../security/headers';
import { readSupervisorStatus } from './supervisor-status';
import type { CspReports } from './csp-reports';
import type { ShellMetrics } from './metrics';

interface PlatformDependencies {
  registry: RegistryClient;
  federation: ServerFederation;
  stats: RemoteStats;
  /** sha256 of the dashboard password the pages ask for; null: the operator pages are not served. */
  dashboardVerifier: string | null;
  /** The fleet token the registry's fleet view and audit log are read with. */
  fleetToken: string | null;
  /** The registry's document URL; its `/api/fleet` and `/api/audit` feed the dashboard. */
  registryUrl: string;
  /** CSP violations reported by browsers, per directive. */
  cspReports?: CspReports;
  /** Where `npm start`'s supervisor writes the state of its services, when it runs this shell. */
  supervisorStatusFile?: string | null;
  /** The server's metrics: answers per status class and page-cache outcome among them. */
  metrics: ShellMetrics;
}

interface RemoteStatus {
  name: string;
  version: string;
  manifestUrl: string;
  health: string;
  problem: string | null;
  contractsVersion: string | null;
  compatible: boolean;
  sections: string[];
  /** The canary version this shell serves to a share of visitors, when one is live and loads. */
  canary: { version: string; percent: number } | null;
  circuit: string;
  stats: ReturnType<RemoteStats['snapshot']>;
}

/** What the dashboard, its JSON and the scrape-time metrics show. */
export type PlatformStatus = Awaited<ReturnType<typeof platformStatus>>;

async function platformStatus(deps: PlatformDependencies) {
  const catalog = deps.registry.current;
  const remotes: RemoteStatus[] = [...catalog.remotes.values()].map((record) => ({
    name: record.name,
    version: record.version,
    manifestUrl: record.manifestUrl,
    health: record.health,
    problem: record.problem ?? null,
    contractsVersion: record.manifest?.site.contractsVersion ?? null,
    compatible: record.health !== 'incompatible',
    sections: record.sections,
    canary: catalog.canaries.has(record.name)
      ? { version: catalog.canaries.get(record.name)!.record.version, percent: catalog.canaries.get(record.name)!.percent }
      : null,
    circuit: deps.federation.breaker(record.name).state,
    stats: deps.stats.snapshot(record.name),
  }));
  return {
    contractsVersion: CONTRACTS_VERSION,
    registry: {
      revision: catalog.revision,
      pollAgeSeconds: deps.registry.lastSuccessAt ? Math.max(0, (Date.now() - deps.registry.lastSuccessAt.getTime()) / 1000) : null,
      lastPollAt: deps.registry.lastPollAt?.toISOString() ?? null,
      lastError: deps.registry.lastError,
      conflicts: catalog.conflicts,
    },
    remotes,
    services: readSupervisorStatus(deps.supervisorStatusFile ?? null),
    sections: deps.stats.sectionCounters(),
    webVitals: await deps.stats.vitals.snapshot(),
    timelines: remotes.map((remote) => deps.stats.timeline.series(remote.name)),
    cspViolations: deps.cspReports?.snapshot() ?? [],
    ...(await deps.metrics.answers()),
    process: { uptimeSeconds: Math.round(process.uptime()), heapUsedBytes: process.memoryUsage().heapUsed, rssBytes: process.memoryUsage().rss },
  };
}

export interface RegistryView {
  fleet: {
    instances: Array<{
      instance: string;
      url: string | null;
      fresh: boolean;
      reportedAt: string;
      pollAgeMs: number | null;
      registryError: string | null;
      live: Array<{ remote: string; version: string; health: string; pending: string | null }>;
    }>;
    remotes: Array<{
      name: string;
      version: string;
      canary: { version: string; percent: number } | null;
      shells: number;
      behind: string[];
      propagationMs: number | null;
    }>;
    canaries: Record<string, { version: string; state: string; reason: string }>;
  } | null;
  audit: Array<{ at: string; actor: string; action: string; remote: string; from: string | null; to: string | null; outcome: string; detail: string | null }>;
  error: string | null;
}

/** The whole fleet and the audit log, as the registry knows them (every shell reports there). */
async function readRegistryView(deps: PlatformDependencies): Promise<RegistryView> {
  if (!deps.fleetToken) return { fleet: null, audit: [], error: 'no fleet token' };
  const get = async (path: string) => {
    const response = await fetch(new URL(path, deps.registryUrl), {
      headers: { authorization: `Bearer ${deps.fleetToken}` },
      signal: AbortSignal.timeout(1500),
    });
    if (!response.ok) throw new Error(`registry answered ${response.status}`);
    return response.json();
  };
  try {
    const [fleet, audit] = await Promise.all([get('/api/fleet'), get('/api/audit')]);
    return { fleet: fleet as RegistryView['fleet'], audit: ((audit as { entries: RegistryView['audit'] }).entries ?? []).slice(0, 50), error: null };
  } catch (error) {
    return { fleet: null, audit: [], error: `registry unreachable: ${(error as Error).message}` };
  }
}

/** One version's release report from the registry: the report, or the status and message to answer instead. */
async function readRelease(
  deps: PlatformDependencies,
  remote: string,
  version: string,
): Promise<{ release: ReleaseReport } | { status: number; message: string }> {
  if (!deps.fleetToken) return { status: 503, message: 'no fleet token: the registry cannot be asked' };
  try {
    const response = await fetch(new URL(`/api/releases/${encodeURIComponent(remote)}/${encodeURIComponent(version)}`, deps.registryUrl), {
      headers: { authorization: `Bearer ${deps.fleetToken}` },
      signal: AbortSignal.timeout(1500),
    });
    // The report is rendered into the page: an answer that is not one is the registry's failure, never a broken page.
    if (response.ok) return releaseFromRegistry(await response.json());
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    // The registry's refusals of the request itself (no such version, a bad name) are the page's; its failures are not.
    return response.status === 404 || response.status === 400
      ? { status: response.status, message: body.message ?? `registry answered ${response.status}` }
      : { status: 502, message: `registry answered ${response.status}` };
  } catch (error) {
    return { status: 502, message: `registry unreachable: ${(error as Error).message}` };
  }
}

/** The platform team's view: a dashboard, its JSON, and Prometheus metrics, all behind the dashboard password. */
export async function platformRoutes(app: FastifyInstance): Promise<void> {
  const config = app.shellConfig;
  const deps: PlatformDependencies = {
    registry: app.registry,
    federation: app.federation,
    stats: app.remoteStats,
    metrics: app.metrics,
    dashboardVerifier: config.dashboardVerifier,
    fleetToken: config.fleetToken,
    cspReports: app.cspReports,
    supervisorStatusFile: config.supervisorStatusFile,
    registryUrl: config.registryUrl,
  };
  if (!deps.dashboardVerifier) app.log.info('operator pages (/_platform, /metrics) are off: DASHBOARD_TOKEN_SHA256 is not set');
  const onRequest = operatorGuard(deps.dashboardVerifier);
  app.get('/_platform/remotes.json', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return platformStatus(deps);
  });
  app.get('/_platform', { onRequest }, async (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', STATIC_DOCUMENT_POLICY);
    return renderDashboard(await platformStatus(deps), await readRegistryView(deps));
  });
  app.get('/_platform/fleet.json', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readRegistryView(deps);
  });
  app.get<{ Params: { remote: string; version: string } }>('/_platform/releases/:remote/:version', { onRequest }, async (request, reply) => {
    const answer = await readRelease(deps, request.params.remote, request.params.version);
    reply.header('cache-control', 'no-store');
    if ('status' in answer) return reply.code(answer.status).type('text/plain; charset=utf-8').send(answer.message);
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', STATIC_DOCUMENT_POLICY);
    return renderReleasePage(answer.release);
  });
  app.get<{ Params: { remote: string; version: string } }>('/_platform/releases/:remote/:version/json', { onRequest }, async (request, reply) => {
    const answer = await readRelease(deps, request.params.remote, request.params.version);
    reply.header('cache-control', 'no-store');
    if ('status' in answer) return reply.code(answer.status).send({ statusCode: answer.status, message: answer.message });
    return answer.release;
  });
  app.get('/metrics', { onRequest }, async (_request, reply) => {
    reply.header('content-type', app.metrics.contentType);
    return app.metrics.exposition(await platformStatus(deps));
  });
}
