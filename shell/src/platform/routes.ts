import type { FastifyInstance } from 'fastify';
import { CONTRACTS_VERSION } from '@site/contracts';
import type { RegistryClient } from '../federation/registry-client';
import type { ServerFederation } from '../federation/server-federation';
import type { RemoteStats } from './remote-stats';
import { renderDashboard } from './dashboard';
import { operatorGuard } from './operator-auth';
import { STATIC_DOCUMENT_POLICY } from '../server/csp';
import { readSupervisorStatus } from './supervisor-status';
import type { CspReports } from '../security/csp-reports';
import { PageCacheCounter } from './page-cache-counter';
import { ResponseCounter } from './response-counter';
import { vitalsPrometheus } from './web-vitals';

export interface PlatformDependencies {
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
  /** Answers per status class; registerPlatformRoutes makes one that counts every route registered after it. */
  responses?: ResponseCounter;
  /** Page answers per render-cache outcome; made like `responses`. */
  pageCache?: PageCacheCounter;
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
    webVitals: deps.stats.vitals.snapshot(),
    timelines: remotes.map((remote) => deps.stats.timeline.series(remote.name)),
    cspViolations: deps.cspReports?.snapshot() ?? [],
    responses: deps.responses?.snapshot() ?? [],
    pageCache: deps.pageCache?.snapshot() ?? [],
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
  metric(
    'site_remote_up',
    'Whether the remote is reachable and compatible',
    'gauge',
    remotes.map((r) => [{ remote: r.name, version: r.version }, r.health === 'up' ? 1 : 0]),
  );
  metric(
    'site_remote_loads_total',
    'Section module loads',
    'counter',
    remotes.map((r) => [{ remote: r.name }, r.stats.loads]),
  );
  metric(
    'site_remote_errors_total',
    'Section module load errors',
    'counter',
    remotes.map((r) => [{ remote: r.name }, r.stats.errors]),
  );
  metric(
    'site_remote_timeouts_total',
    'Section module load timeouts',
    'counter',
    remotes.map((r) => [{ remote: r.name }, r.stats.timeouts]),
  );
  metric(
    'site_remote_refused_total',
    'Loads refused (remote down or circuit open)',
    'counter',
    remotes.map((r) => [{ remote: r.name }, r.stats.refused]),
  );
  metric(
    'site_remote_load_p95_ms',
    'p95 of recent section module load latency',
    'gauge',
    remotes.map((r) => [{ remote: r.name }, r.stats.p95LatencyMs ?? 0]),
  );
  const sections = status.sections;
  metric(
    'site_section_renders_total',
    'Server renders of a section with remote code, per remote, section and version',
    'counter',
    sections.map((c) => [{ remote: c.remote, section: c.section, version: c.version }, c.renders]),
  );
  metric(
    'site_section_render_errors_total',
    'Sections that threw while rendering on the server',
    'counter',
    sections.map((c) => [{ remote: c.remote, section: c.section, version: c.version }, c.renderErrors]),
  );
  metric(
    'site_section_browser_errors_total',
    "Sections that failed in visitors' browsers (reported by beacon, checked against the live catalog)",
    'counter',
    sections.map((c) => [{ remote: c.remote, section: c.section, version: c.version }, c.browserErrors]),
  );
  metric(
    'site_service_up',
    'Whether a supervised service is running',
    'gauge',
    status.services.map((s) => [{ service: s.name }, s.state === 'running' ? 1 : 0]),
  );
  metric(
    'site_service_restarts_total',
    'Restarts of a supervised service after it exited',
    'counter',
    status.services.map((s) => [{ service: s.name }, s.restarts]),
  );
  metric(
    'site_csp_violations_total',
    'Content-Security-Policy violations reported by browsers',
    'counter',
    status.cspViolations.map(([directive, count]) => [{ directive }, count]),
  );
  metric('site_registry_revision', 'Registry revision the shell serves', 'gauge', [[{}, status.registry.revision]]);
  metric('site_registry_up', "Whether the shell's last poll of the registry succeeded", 'gauge', [
    [{}, status.registry.lastError === null && status.registry.lastPollAt !== null ? 1 : 0],
  ]);
  // Never polled successfully: the age since the process started, so the alert on a stale catalog still fires.
  metric('site_registry_poll_age_seconds', 'Seconds since the shell last read the registry successfully', 'gauge', [
    [{}, status.registry.pollAgeSeconds ?? status.process.uptimeSeconds],
  ]);
  metric(
    'site_http_responses_total',
    'Answers of this shell per status class',
    'counter',
    status.responses.map(([code, count]) => [{ code }, count]),
  );
  metric(
    'site_page_cache_answers_total',
    'Page answers per render-cache outcome (hit, stale, miss, stale-if-error, bypass)',
    'counter',
    status.pageCache.map(([outcome, count]) => [{ outcome }, count]),
  );
  // What this shell serves, stable and canary: an alert compares it with what the registry names live.
  metric(
    'site_remote_version_served',
    'Remote versions this shell renders pages with (role stable, or canary for a share of visitors)',
    'gauge',
    remotes.flatMap((r) => [
      [{ remote: r.name, version: r.version, role: 'stable' }, 1] as [Record<string, string>, number],
      ...(r.canary ? [[{ remote: r.name, version: r.canary.version, role: 'canary' }, 1] as [Record<string, string>, number]] : []),
    ]),
  );
  metric('site_process_heap_used_bytes', 'V8 heap used', 'gauge', [[{}, status.process.heapUsedBytes]]);
  lines.push(...vitalsPrometheus(status.webVitals));
  return `${lines.join('\n')}\n`;
}

/** The platform team's view: a dashboard, its JSON, and Prometheus metrics, all behind the dashboard password. */
export function registerPlatformRoutes(app: FastifyInstance, input: PlatformDependencies): void {
  const deps = { ...input, responses: input.responses ?? new ResponseCounter(), pageCache: input.pageCache ?? new PageCacheCounter() };
  deps.responses.attach(app);
  deps.pageCache.attach(app);
  if (!deps.dashboardVerifier) app.log.info('operator pages (/_platform, /metrics) are off: DASHBOARD_TOKEN_SHA256 is not set');
  const onRequest = operatorGuard(deps.dashboardVerifier);
  app.get('/_platform/remotes.json', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return platformStatus(deps);
  });
  app.get('/_platform', { onRequest }, async (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', STATIC_DOCUMENT_POLICY);
    return renderDashboard(platformStatus(deps), await readRegistryView(deps));
  });
  app.get('/_platform/fleet.json', { onRequest }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return readRegistryView(deps);
  });
  app.get('/metrics', { onRequest }, async (_request, reply) => {
    reply.header('content-type', 'text/plain; version=0.0.4');
    return prometheus(platformStatus(deps));
  });
}
