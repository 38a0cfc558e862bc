import { Registry } from 'prom-client';
import { Timeline } from './timeline';
import { histogramValue, WebVitals, type VitalSection, type VitalsReport } from './web-vitals';

export type LoadOutcome = 'ok' | 'error' | 'timeout' | 'refused';

export interface RemoteStatsSnapshot {
  loads: number;
  errors: number;
  timeouts: number;
  refused: number;
  lastLatencyMs: number | null;
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
  lastError: { message: string; at: string } | null;
  lastLoadAt: string | null;
}

const LATENCY_WINDOW = 200;
const MAX_SECTION_SERIES = 2000;
/** Distinct reporting addresses are counted up to this many per version: the judge only asks whether a minimum is met. */
const MAX_REPORTERS = 1000;

/** What browsers can tell about one remote version, beside the server's renders: pages served, and who reported errors. */
export interface VersionEvidence {
  remote: string;
  version: string;
  /** Page views this shell served with the version on the page (each with its own page token). */
  pageViews: number;
  /** Distinct client addresses whose error reports for the version were counted. */
  browserReporters: number;
}

export interface SectionCounters {
  remote: string;
  section: string;
  version: string;
  renders: number;
  renderErrors: number;
  browserErrors: number;
}

/** Per-remote load counters and recent latencies for the platform dashboard and /metrics. */
export class RemoteStats {
  private readonly byRemote = new Map<
    string,
    { counts: Record<LoadOutcome, number>; latencies: number[]; lastError: RemoteStatsSnapshot['lastError']; lastLoadAt: string | null }
  >();

  /** Renders and errors per remote, section and version: what visitors saw, for /metrics and canary analysis. */
  private readonly sections = new Map<string, SectionCounters>();

  /** Page views and error-reporting addresses per `remote@version` (bounded like the section counters). */
  private readonly evidence = new Map<string, { remote: string; version: string; pageViews: number; reporters: Set<string> }>();

  /** Web Vitals histograms per remote, section and version, in the server's metrics registry (see /metrics). */
  readonly vitals: WebVitals;

  /** The last hour per remote, minute by minute, for the dashboard's charts. */
  readonly timeline: Timeline;

  constructor(now: () => number = Date.now, registry: Registry = new Registry()) {
    this.timeline = new Timeline(now);
    this.vitals = new WebVitals(registry);
  }

  /**
   * One resolution of a section's code. `latencyMs` null: served from code in memory, no fetch happened, so it
   * says nothing about load latency (which is measured on real loads only).
   */
  record(remote: string, outcome: LoadOutcome, latencyMs: number | null, error?: unknown): void {
    const entry = this.entry(remote);
    entry.counts[outcome] += 1;
    entry.lastLoadAt = new Date().toISOString();
    if (latencyMs !== null && (outcome === 'ok' || outcome === 'error' || outcome === 'timeout')) {
      entry.latencies.push(latencyMs);
      if (entry.latencies.length > LATENCY_WINDOW) entry.latencies.shift();
    }
    if (error !== undefined) {
      entry.lastError = { message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() };
    }
  }

  /** The time a real fetch and evaluation of a section's code took (warming a new version). */
  recordLatency(remote: string, latencyMs: number): void {
    const entry = this.entry(remote);
    entry.latencies.push(latencyMs);
    if (entry.latencies.length > LATENCY_WINDOW) entry.latencies.shift();
  }

  recordRender(remote: string, section: string, version: string, failed: boolean): void {
    const counters = this.sectionEntry(remote, section, version);
    counters.renders += 1;
    this.timeline.recordRender(remote, version, failed);
    if (failed) {
      counters.renderErrors += 1;
      this.entry(remote).lastError = { message: `${section} (${version}) threw while rendering`, at: new Date().toISOString() };
    }
  }

  /** A browser's error report that its page token made count; `client` is the address it came from. */
  recordBrowserError(remote: string, section: string, version: string, client?: string): void {
    this.sectionEntry(remote, section, version).browserErrors += 1;
    this.timeline.recordBrowserError(remote);
    if (client !== undefined) {
      const reporters = this.evidenceEntry(remote, version).reporters;
      if (reporters.size < MAX_REPORTERS) reporters.add(client);
    }
  }

  /** A page served with these versions on it (`remote@version`): what browser error reports are compared with. */
  recordPageView(versions: string[]): void {
    for (const key of versions) {
      const at = key.lastIndexOf('@');
      if (at > 0) this.evidenceEntry(key.slice(0, at), key.slice(at + 1)).pageViews += 1;
    }
  }

  versionEvidence(): VersionEvidence[] {
    return [...this.evidence.values()].map(({ remote, version, pageViews, reporters }) => ({ remote, version, pageViews, browserReporters: reporters.size }));
  }

  private evidenceEntry(remote: string, version: string) {
    const key = `${remote}@${version}`;
    let entry = this.evidence.get(key);
    if (!entry) {
      if (this.evidence.size >= MAX_SECTION_SERIES) this.evidence.delete(this.evidence.keys().next().value!);
      entry = { remote, version, pageViews: 0, reporters: new Set<string>() };
      this.evidence.set(key, entry);
    }
    return entry;
  }

  /**
   * A browser's Web Vitals report, counted only when `isLive` accepts every section it names. An LCP also goes to
   * the timeline of each remote that had a section on the page.
   */
  recordVitals(report: VitalsReport, isLive: (section: VitalSection) => boolean): VitalSection | null {
    const series = this.vitals.record(report, isLive);
    if (series && report.name === 'LCP') {
      for (const remote of new Set(report.sections.map((s) => s.remote))) this.timeline.recordLcp(remote, histogramValue('LCP', report.value));
    }
    return series;
  }

  sectionCounters(): SectionCounters[] {
    return [...this.sections.values()].map((counters) => ({ ...counters }));
  }

  private sectionEntry(remote: string, section: string, version: string): SectionCounters {
    const key = `${remote}@${version}/${section}`;
    let counters = this.sections.get(key);
    if (!counters) {
      // Bounded: labels come only from the live catalog, and old versions go when the map is full.
      if (this.sections.size >= MAX_SECTION_SERIES) this.sections.delete(this.sections.keys().next().value!);
      counters = { remote, section, version, renders: 0, renderErrors: 0, browserErrors: 0 };
      this.sections.set(key, counters);
    }
    return counters;
  }

  snapshot(remote: string): RemoteStatsSnapshot {
    const entry = this.entry(remote);
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    const percentile = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : null);
    return {
      loads: entry.counts.ok + entry.counts.error + entry.counts.timeout,
      errors:
        entry.counts.error +
        this.sectionCounters()
          .filter((c) => c.remote === remote)
          .reduce((sum, c) => sum + c.renderErrors, 0),
      timeouts: entry.counts.timeout,
      refused: entry.counts.refused,
      lastLatencyMs: entry.latencies.at(-1) ?? null,
      p50LatencyMs: percentile(50),
      p95LatencyMs: percentile(95),
      lastError: entry.lastError,
      lastLoadAt: entry.lastLoadAt,
    };
  }

  private entry(remote: string) {
    let entry = this.byRemote.get(remote);
    if (!entry) {
      entry = { counts: { ok: 0, error: 0, timeout: 0, refused: 0 }, latencies: [], lastError: null, lastLoadAt: null };
      this.byRemote.set(remote, entry);
    }
    return entry;
  }
}
