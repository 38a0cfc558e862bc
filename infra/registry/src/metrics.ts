import { Counter, Gauge, Registry } from 'prom-client';
import type { RegistryDocument } from '@site/contracts';
import type { CanaryJudge } from './canary';
import { fleetView } from './fleet';
import type { RegistryStore } from './state';

/**
 * What only the registry knows, in Prometheus' text format: the fleet (shells reporting, shells behind the live
 * version, propagation of the last change), the canaries and the judge's automatic verdicts. The shells' own
 * `/metrics` carry their render and browser errors; alert rules join the two.
 *
 * Every figure is read from the store at scrape time (several replicas share it), so each scrape resets the metrics
 * and sets them afresh. One instance per registry server: its own prom-client Registry, never the global one.
 */
export class RegistryMetrics {
  private readonly registry = new Registry();
  /** Scrapes one after another: each one resets and refills the same metrics. */
  private scraping: Promise<unknown> = Promise.resolve();

  private readonly revision = this.gauge('site_registry_revision', 'Revision of the registry document', []);
  private readonly shells = this.gauge('site_fleet_shells', 'Shells that reported to the registry, fresh (within 30 s) or stale', ['state']);
  private readonly shellsBehind = this.gauge('site_fleet_shells_behind', 'Fresh shells not serving the live version of a remote', ['remote', 'version']);
  private readonly propagation = this.gauge(
    'site_fleet_propagation_seconds',
    'Time from the last deploy or rollback of a remote until every fresh shell served it',
    ['remote', 'version'],
  );
  private readonly liveVersion = this.gauge(
    'site_registry_live_version',
    'Versions the registry names live (role stable, or canary): a shell serving any other version serves one the registry retired',
    ['remote', 'version', 'role'],
  );
  private readonly canaryPercent = this.gauge('site_canary_percent', "Share of visitors served a remote's canary version (0 when none)", ['remote', 'version']);
  private readonly canaryErrorRate = this.gauge('site_canary_error_rate', 'Render and browser errors per render of a watched canary, across the fleet', [
    'remote',
    'version',
    'role',
  ]);
  private readonly judgeLeader = this.gauge('site_canary_judge_leader', "Whether this registry replica is the fleet's canary judge (1) or a standby (0)", []);
  private readonly rollbacks = this.counter(
    'site_canary_rollbacks_total',
    'Canaries the judge rolled back by itself (from the audit log: the same on every registry replica)',
  );
  private readonly promotions = this.counter(
    'site_canary_promotions_total',
    'Canaries the judge promoted by itself (from the audit log: the same on every registry replica)',
  );

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The exposition of one scrape. */
  scrape(store: RegistryStore, document: RegistryDocument, judge: CanaryJudge): Promise<string> {
    const next = this.scraping.then(() => this.collect(store, document, judge));
    this.scraping = next.catch(() => undefined);
    return next;
  }

  private async collect(store: RegistryStore, document: RegistryDocument, judge: CanaryJudge): Promise<string> {
    const fleet = await fleetView(store, document, judge);
    const verdictCounts = await store.verdictCounts();
    this.registry.resetMetrics();

    this.revision.set(document.revision);
    const fresh = fleet.instances.filter((row) => row.fresh).length;
    this.shells.set({ state: 'fresh' }, fresh);
    this.shells.set({ state: 'stale' }, fleet.instances.length - fresh);
    for (const remote of fleet.remotes) {
      this.shellsBehind.set({ remote: remote.name, version: remote.version }, remote.behind.length);
      if (remote.propagationMs !== null) this.propagation.set({ remote: remote.name, version: remote.version }, remote.propagationMs / 1000);
    }
    for (const remote of document.remotes) {
      this.liveVersion.set({ remote: remote.name, version: remote.version, role: 'stable' }, 1);
      if (remote.canary) this.liveVersion.set({ remote: remote.name, version: remote.canary.version, role: 'canary' }, 1);
    }
    for (const remote of document.remotes) this.canaryPercent.set({ remote: remote.name, version: remote.canary?.version ?? '' }, remote.canary?.percent ?? 0);
    for (const remote of document.remotes) {
      const verdict = fleet.canaries[remote.name];
      if (!remote.canary || !verdict || verdict.version !== remote.canary.version) continue;
      this.canaryErrorRate.set({ remote: remote.name, version: verdict.version, role: 'canary' }, verdict.errorRate);
      this.canaryErrorRate.set({ remote: remote.name, version: remote.version, role: 'stable' }, verdict.stableErrorRate);
    }
    this.judgeLeader.set(judge.isLeader() ? 1 : 0);
    // Every live remote starts at 0, so increase() sees a remote's first automatic rollback.
    const outcomes = new Map(document.remotes.map((remote) => [remote.name, { promoted: 0, rolledBack: 0 }]));
    for (const [remote, counts] of Object.entries(verdictCounts)) outcomes.set(remote, counts);
    for (const [remote, counts] of outcomes) {
      this.rollbacks.inc({ remote }, counts.rolledBack);
      this.promotions.inc({ remote }, counts.promoted);
    }
    return this.registry.metrics();
  }

  private gauge<L extends string>(name: string, help: string, labelNames: L[]): Gauge<L> {
    return new Gauge({ name, help, labelNames, registers: [this.registry] });
  }

  private counter(name: string, help: string): Counter<'remote'> {
    return new Counter({ name, help, labelNames: ['remote'], registers: [this.registry] });
  }
}
