import os from 'node:os';
import { version as reactVersion } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { CONTRACTS_VERSION } from '@site/contracts';
import type { FleetReport, VitalsHistogram } from '@site/contracts/fleet';
import contractsPackage from '@site/contracts/package.json';
import uiPackage from '@site/ui/package.json';
import type { RegistryClient } from '../federation/registry-client';
import type { RemoteStats } from './remote-stats';
import { SHELL_SERIES } from './web-vitals';

export interface FleetReporterOptions {
  registryUrl: string;
  /** The platform team's token (the operator token): the registry accepts fleet reports only with it. */
  token: string | null;
  instance: string;
  publicUrl: string | null;
  intervalMs: number;
  timeoutMs: number;
  log: { warn(obj: object, msg: string): void };
}

/**
 * The shared singletons this shell provides, as the registry's publish gate compares them with a build's ranges: the
 * package versions the federation share scope holds (a build asks for `@site/contracts ^1.0.0`, the package's
 * version; the contracts' own CONTRACTS_VERSION is declared apart, as contractsVersion).
 */
const SHARED_VERSIONS: Record<string, string> = {
  react: reactVersion,
  'react/jsx-runtime': reactVersion,
  'react-dom': reactDomVersion,
  '@site/contracts': contractsPackage.version,
  '@site/ui': uiPackage.version,
};

export function defaultInstanceId(port: number | string | undefined): string {
  return `${os.hostname()}:${port ?? 'shell'}`;
}

/**
 * Tells the registry what this shell serves: its instance id, live versions (and since when), registry poll age,
 * what it declares for the publish gates, and what the canary analysis compares: the render and browser error counts
 * per remote version, and the Web Vitals histograms per section and version (beacons tied to a page view this shell
 * served only). Best effort: a registry that does not answer only makes the shell look silent on the fleet view.
 */
export class FleetReporter {
  private timer: NodeJS.Timeout | null = null;
  private readonly since = new Map<string, { version: string; since: string }>();
  private failing = false;

  constructor(
    private readonly registry: RegistryClient,
    private readonly stats: RemoteStats,
    private readonly options: FleetReporterOptions,
  ) {}

  start(): void {
    if (!this.options.token) return;
    const tick = async () => {
      await this.report();
      if (this.timer) this.timer = setTimeout(tick, this.options.intervalMs).unref();
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The report; `vitals` are the Web Vitals histograms to send (see vitalsHistograms). */
  body(vitals: VitalsHistogram[] = []): FleetReport {
    const catalog = this.registry.current;
    const live = [...catalog.remotes.values()].map((record) => {
      const known = this.since.get(record.name);
      if (!known || known.version !== record.version) this.since.set(record.name, { version: record.version, since: new Date().toISOString() });
      return {
        remote: record.name,
        version: record.version,
        health: record.health,
        since: this.since.get(record.name)!.since,
        canary: catalog.canaries.get(record.name)?.record.version ?? null,
        pending: record.pending?.version ?? null,
      };
    });
    type Totals = {
      remote: string;
      version: string;
      renders: number;
      renderErrors: number;
      browserErrors: number;
      pageViews: number;
      browserReporters: number;
    };
    const byVersion = new Map<string, Totals>();
    const totals = (remote: string, version: string): Totals => {
      const key = `${remote}@${version}`;
      let total = byVersion.get(key);
      if (!total) {
        total = { remote, version, renders: 0, renderErrors: 0, browserErrors: 0, pageViews: 0, browserReporters: 0 };
        byVersion.set(key, total);
      }
      return total;
    };
    for (const counters of this.stats.sectionCounters()) {
      const total = totals(counters.remote, counters.version);
      total.renders += counters.renders;
      total.renderErrors += counters.renderErrors;
      total.browserErrors += counters.browserErrors;
    }
    for (const evidence of this.stats.versionEvidence()) {
      const total = totals(evidence.remote, evidence.version);
      total.pageViews = evidence.pageViews;
      total.browserReporters = evidence.browserReporters;
    }
    return {
      instance: this.options.instance,
      url: this.options.publicUrl,
      contractsVersion: CONTRACTS_VERSION,
      shared: SHARED_VERSIONS,
      registryRevision: catalog.revision,
      pollAgeMs: this.registry.lastSuccessAt ? Date.now() - this.registry.lastSuccessAt.getTime() : null,
      registryError: this.registry.lastError,
      live,
      counters: [...byVersion.values()],
      vitals,
    };
  }

  /** Each remote section's Web Vitals histogram per version (the shell's own layout is no remote's to judge). */
  async vitalsHistograms(): Promise<VitalsHistogram[]> {
    return (await this.stats.vitals.snapshot())
      .filter(({ series }) => series.remote !== SHELL_SERIES.remote || series.section !== SHELL_SERIES.section || series.version !== SHELL_SERIES.version)
      .map(({ name, series, buckets, sum, count }) => ({ name, ...series, buckets, sum, count }));
  }

  async report(): Promise<void> {
    try {
      const response = await fetch(new URL('/api/fleet/report', this.options.registryUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(this.body(await this.vitalsHistograms())),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (!response.ok) throw new Error(`registry answered ${response.status}`);
      this.failing = false;
    } catch (error) {
      if (!this.failing) this.options.log.warn({ err: (error as Error).message }, 'fleet report to the registry failed; retrying every poll');
      this.failing = true;
    }
  }
}
