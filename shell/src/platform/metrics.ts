import { Counter, Gauge, Registry } from 'prom-client';

/** The outcomes page delivery names in `x-page-cache` (see CacheOutcome in render-cache.ts). */
const PAGE_CACHE_OUTCOMES = ['hit', 'stale', 'miss', 'stale-if-error', 'bypass'] as const;

/** What the scrape-time metrics are read from: the platform status the dashboard shows too. */
export interface MetricsSource {
  remotes: Array<{
    name: string;
    version: string;
    health: string;
    canary: { version: string } | null;
    stats: { loads: number; errors: number; timeouts: number; refused: number; p95LatencyMs: number | null };
  }>;
  sections: Array<{ remote: string; section: string; version: string; renders: number; renderErrors: number; browserErrors: number }>;
  services: Array<{ name: string; state: string; restarts: number }>;
  cspViolations: Array<[string, number]>;
  registry: { revision: number; lastError: string | null; lastPollAt: string | null; pollAgeSeconds: number | null };
  process: { uptimeSeconds: number; heapUsedBytes: number };
}

/** A label value as the earlier hand-written exposition wrote it, so that series keep their names. */
const label = (value: string) => value.replace(/["\\\n]/g, '_');

/**
 * The shell's Prometheus metrics (prom-client), one registry per server: answers per status class and per render-cache
 * outcome counted as they go out, the Web Vitals histograms (RemoteStats registers them here), and the state of
 * remotes, sections, services and the registry read from the platform status at each scrape. Label sets stay
 * bounded: status classes, outcomes, and names from the live catalog.
 */
export class ShellMetrics {
  readonly registry = new Registry();
  private readonly responses: Counter<'code'>;
  private readonly pageCacheAnswers: Counter<'outcome'>;
  private readonly fromStatus: Array<(status: MetricsSource) => void> = [];

  constructor() {
    const registers = [this.registry];
    this.responses = new Counter({ name: 'site_http_responses_total', help: 'Answers of this shell per status class', labelNames: ['code'], registers });
    for (const code of ['2xx', '3xx', '4xx', '5xx']) this.responses.inc({ code }, 0);
    this.pageCacheAnswers = new Counter({
      name: 'site_page_cache_answers_total',
      help: 'Page answers per render-cache outcome (hit, stale, miss, stale-if-error, bypass)',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of PAGE_CACHE_OUTCOMES) this.pageCacheAnswers.inc({ outcome }, 0);

    /** A metric whose samples are read from the status at each scrape (a counter kept elsewhere, or a gauge). */
    const read = <L extends string>(
      type: 'counter' | 'gauge',
      name: string,
      help: string,
      labelNames: readonly L[],
      samples: (status: MetricsSource) => Array<[Record<L, string>, number]>,
    ) => {
      const metric = type === 'counter' ? new Counter({ name, help, labelNames, registers }) : new Gauge({ name, help, labelNames, registers });
      this.fromStatus.push((status) => {
        metric.reset();
        for (const [labels, value] of samples(status)) {
          const named = Object.fromEntries(Object.entries<string>(labels).map(([key, v]) => [key, label(v)])) as Record<L, string>;
          if (metric instanceof Counter) metric.inc(named, value);
          else metric.set(named, value);
        }
      });
    };
    const perRemote = (value: (stats: MetricsSource['remotes'][number]['stats']) => number) => (status: MetricsSource) =>
      status.remotes.map((r): [Record<'remote', string>, number] => [{ remote: r.name }, value(r.stats)]);
    const perSection = (value: (counters: MetricsSource['sections'][number]) => number) => (status: MetricsSource) =>
      status.sections.map((c): [Record<'remote' | 'section' | 'version', string>, number] => [
        { remote: c.remote, section: c.section, version: c.version },
        value(c),
      ]);
    read('gauge', 'site_remote_up', 'Whether the remote is reachable and compatible', ['remote', 'version'], (status) =>
      status.remotes.map((r) => [{ remote: r.name, version: r.version }, r.health === 'up' ? 1 : 0]),
    );
    read(
      'counter',
      'site_remote_loads_total',
      'Section module loads',
      ['remote'],
      perRemote((s) => s.loads),
    );
    read(
      'counter',
      'site_remote_errors_total',
      'Section module load errors',
      ['remote'],
      perRemote((s) => s.errors),
    );
    read(
      'counter',
      'site_remote_timeouts_total',
      'Section module load timeouts',
      ['remote'],
      perRemote((s) => s.timeouts),
    );
    read(
      'counter',
      'site_remote_refused_total',
      'Loads refused (remote down or circuit open)',
      ['remote'],
      perRemote((s) => s.refused),
    );
    read(
      'gauge',
      'site_remote_load_p95_ms',
      'p95 of recent section module load latency',
      ['remote'],
      perRemote((s) => s.p95LatencyMs ?? 0),
    );
    const sectionLabels = ['remote', 'section', 'version'] as const;
    read(
      'counter',
      'site_section_renders_total',
      'Server renders of a section with remote code, per remote, section and version',
      sectionLabels,
      perSection((c) => c.renders),
    );
    read(
      'counter',
      'site_section_render_errors_total',
      'Sections that threw while rendering on the server',
      sectionLabels,
      perSection((c) => c.renderErrors),
    );
    read(
      'counter',
      'site_section_browser_errors_total',
      "Sections that failed in visitors' browsers (reported by beacon, checked against the live catalog)",
      sectionLabels,
      perSection((c) => c.browserErrors),
    );
    read('gauge', 'site_service_up', 'Whether a supervised service is running', ['service'], (status) =>
      status.services.map((s) => [{ service: s.name }, s.state === 'running' ? 1 : 0]),
    );
    read('counter', 'site_service_restarts_total', 'Restarts of a supervised service after it exited', ['service'], (status) =>
      status.services.map((s) => [{ service: s.name }, s.restarts]),
    );
    read('counter', 'site_csp_violations_total', 'Content-Security-Policy violations reported by browsers', ['directive'], (status) =>
      status.cspViolations.map(([directive, count]) => [{ directive }, count]),
    );
    read('gauge', 'site_registry_revision', 'Registry revision the shell serves', [], (status) => [[{}, status.registry.revision]]);
    read('gauge', 'site_registry_up', "Whether the shell's last poll of the registry succeeded", [], (status) => [
      [{}, status.registry.lastError === null && status.registry.lastPollAt !== null ? 1 : 0],
    ]);
    // Never polled successfully: the age since the process started, so the alert on a stale catalog still fires.
    read('gauge', 'site_registry_poll_age_seconds', 'Seconds since the shell last read the registry successfully', [], (status) => [
      [{}, status.registry.pollAgeSeconds ?? status.process.uptimeSeconds],
    ]);
    // What this shell serves, stable and canary: an alert compares it with what the registry names live.
    read(
      'gauge',
      'site_remote_version_served',
      'Remote versions this shell renders pages with (role stable, or canary for a share of visitors)',
      ['remote', 'version', 'role'],
      (status) =>
        status.remotes.flatMap((r) => [
          [{ remote: r.name, version: r.version, role: 'stable' }, 1] as [Record<'remote' | 'version' | 'role', string>, number],
          ...(r.canary ? [[{ remote: r.name, version: r.canary.version, role: 'canary' }, 1] as [Record<'remote' | 'version' | 'role', string>, number]] : []),
        ]),
    );
    read('gauge', 'site_process_heap_used_bytes', 'V8 heap used', [], (status) => [[{}, status.process.heapUsedBytes]]);
  }

  /** One answer of the shell: its status class, and the page cache's outcome when it names one. */
  recordAnswer(statusCode: number, pageCacheOutcome: unknown): void {
    this.responses.inc({ code: `${Math.min(5, Math.max(2, Math.floor(statusCode / 100)))}xx` });
    if (typeof pageCacheOutcome === 'string' && (PAGE_CACHE_OUTCOMES as readonly string[]).includes(pageCacheOutcome)) {
      this.pageCacheAnswers.inc({ outcome: pageCacheOutcome });
    }
  }

  /** The answers counted so far per status class and per page-cache outcome, for the dashboard's JSON. */
  async answers(): Promise<{ responses: Array<[string, number]>; pageCache: Array<[string, number]> }> {
    const pairs = async (counter: Counter<string>, name: string) =>
      (await counter.get()).values.map((sample): [string, number] => [String(sample.labels[name]), sample.value]);
    return { responses: await pairs(this.responses, 'code'), pageCache: await pairs(this.pageCacheAnswers, 'outcome') };
  }

  /** The Prometheus text exposition, with the scrape-time metrics read from `status`. */
  async exposition(status: MetricsSource): Promise<string> {
    for (const update of this.fromStatus) update(status);
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
