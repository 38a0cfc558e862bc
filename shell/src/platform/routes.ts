import type { FastifyInstance } from 'fastify';
import { CONTRACTS_VERSION } from '@site/contracts';
import type { RegistryClient } from '../federation/registry-client';
import type { ServerFederation } from '../federation/server-federation';
import type { RemoteStats } from './remote-stats';
import { renderDashboard } from './dashboard';
import { operatorGuard } from './operator-auth';
import { readSupervisorStatus } from './supervisor-status';
import type { CspReports } from '../security/csp-reports';

export interface PlatformDependencies {
  registry: RegistryClient;
  federation: ServerFederation;
  stats: RemoteStats;
  /** The operator token the pages ask for; null: the operator pages are not served. */
  operatorToken: string | null;
  /** CSP violations reported by browsers, per directive. */
  cspReports?: CspReports;
  /** Where `npm start`'s supervisor writes the state of its services, when it runs this shell. */
  supervisorStatusFile?: string | null;
}

export interface RemoteStatus {
  name: string;
  version: string;
  manifestUrl: string;
  health: string;
  problem: string | null;
  contractsVersion: string | null;
  compatible: boolean;
  sections: string[];
  circuit: string;
  stats: ReturnType<RemoteStats['snapshot']>;
}

export function platformStatus(deps: PlatformDependencies) {
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
    circuit: deps.federation.breaker(record.name).state,
    stats: deps.stats.snapshot(record.name),
  }));
  return {
    contractsVersion: CONTRACTS_VERSION,
    registry: {
      revision: catalog.revision,
      lastPollAt: deps.registry.lastPollAt?.toISOString() ?? null,
      lastError: deps.registry.lastError,
      conflicts: catalog.conflicts,
    },
    remotes,
    services: readSupervisorStatus(deps.supervisorStatusFile ?? null),
    cspViolations: deps.cspReports?.snapshot() ?? [],
    process: { uptimeSeconds: Math.round(process.uptime()), heapUsedBytes: process.memoryUsage().heapUsed, rssBytes: process.memoryUsage().rss },
  };
}

function prometheus(status: ReturnType<typeof platformStatus>): string {
  const lines: string[] = [];
  const metric = (name: string, help: string, type: string, samples: Array<[Record<string, string>, number]>) => {
    lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, value] of samples) {
      const rendered = Object.entries(labels)
        .map(([key, v]) => `${key}="${v.replace(/["\\\n]/g, '_')}"`)
        .join(',');
      lines.push(`${name}{${rendered}} ${value}`);
    }
  };
  const remotes = status.remotes;
  metric('site_remote_up', 'Whether the remote is reachable and compatible', 'gauge', remotes.map((r) => [{ remote: r.name, version: r.version }, r.health === 'up' ? 1 : 0]));
  metric('site_remote_loads_total', 'Section module loads', 'counter', remotes.map((r) => [{ remote: r.name }, r.stats.loads]));
  metric('site_remote_errors_total', 'Section module load errors', 'counter', remotes.map((r) => [{ remote: r.name }, r.stats.errors]));
  metric('site_remote_timeouts_total', 'Section module load timeouts', 'counter', remotes.map((r) => [{ remote: r.name }, r.stats.timeouts]));
  metric('site_remote_refused_total', 'Loads refused (remote down or circuit open)', 'counter', remotes.map((r) => [{ remote: r.name }, r.stats.refused]));
  metric('site_remote_load_p95_ms', 'p95 of recent section module load latency', 'gauge', remotes.map((r) => [{ remote: r.name }, r.stats.p95LatencyMs ?? 0]));
  metric('site_service_up', 'Whether a supervised service is running', 'gauge', status.services.map((s) => [{ service: s.name }, s.state === 'running' ? 1 : 0]));
  metric('site_service_restarts_total', 'Restarts of a supervised service after it exited', 'counter', status.services.map((s) => [{ service: s.name }, s.restarts]));
  metric('site_csp_violations_total', 'Content-Security-Policy violations reported by browsers', 'counter', status.cspViolations.map(([directive, count]) => [{ directive }, count]));
  metric('site_registry_revision', 'Registry revision the shell serves', 'gauge', [[{}, status.registry.revision]]);
  metric('site_process_heap_used_bytes', 'V8 heap used', 'gauge', [[{}, status.process.heapUsedBytes]]);
  return `${lines.join('\n')}\n`;
}

/** The platform team's view: a dashboard, its JSON, and Prometheus metrics, all behind the operator token. */
export function registerPlatformRoutes(app: FastifyInstance, deps: PlatformDependencies): void {
  if (!deps.operatorToken) app.log.info('operator pages (/_platform, /metrics) are off: OPERATOR_TOKEN is not set');
  const onRequest = operatorGuard(deps.operatorToken);
  app.get('/_platform/remotes.json', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return platformStatus(deps);
  });
  app.get('/_platform', { onRequest }, async (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    return renderDashboard(platformStatus(deps));
  });
  app.get('/metrics', { onRequest }, async (_request, reply) => {
    reply.header('content-type', 'text/plain; version=0.0.4');
    return prometheus(platformStatus(deps));
  });
}
