import type { VersionCounters } from '@site/contracts/fleet';
import { openStore, promoteCanary, rejectCanary, type RegistryPaths } from './operations';
import { freshReports } from './fleet';
import type { Leadership } from './state';
import { compareVitals, DEFAULT_VITALS_POLICY, describeComparison, mergeVitals, type VitalsComparison, type VitalsPolicy } from './vitals-judge';

export interface CanaryPolicy {
  /** How long a canary is watched before it is promoted (given enough renders). */
  windowMs: number;
  /** Renders of the canary needed before any verdict. */
  minRenders: number;
  /** The canary fails when its error rate exceeds the stable version's by this much (absolute share). */
  maxExtraErrorRate: number;
  intervalMs: number;
  /**
   * Distinct visitors (client addresses) whose browser error reports counted, below which a version's browser
   * reports are not evidence at all: a few visitors, or one with many addresses' worth of patience, decide nothing.
   */
  minBrowserVisitors: number;
  /** The canary fails on speed too: a section's LCP, INP or CLS p75 this much worse than the stable version's. */
  vitals: VitalsPolicy;
}

/** The policy as configured: any part left out takes its default. */
export type CanaryPolicyInput = Partial<Omit<CanaryPolicy, 'vitals'>> & { vitals?: Partial<VitalsPolicy> };

const DEFAULT_CANARY_POLICY: CanaryPolicy = {
  windowMs: 60_000,
  minRenders: 20,
  maxExtraErrorRate: 0.05,
  intervalMs: 1000,
  minBrowserVisitors: 20,
  vitals: DEFAULT_VITALS_POLICY,
};

export interface Verdict {
  version: string;
  renders: number;
  errorRate: number;
  stableErrorRate: number;
  state: 'watching' | 'promoted' | 'rolled back';
  reason: string;
  at: string;
  /** The canary's sections against the stable version's on Web Vitals (p75), from every shell's beacons. */
  vitals?: VitalsComparison[];
}

/**
 * One version's evidence over the fleet: server renders and their errors, and browsers' error reports (each one
 * made count by a page token the shell served) against the page views served. Browser reports are evidence only
 * from `minVisitors` distinct visitors on; below that they are left out.
 */
function sum(counters: VersionCounters[], remote: string, version: string, minVisitors: number) {
  const matching = counters.filter((item) => item.remote === remote && item.version === version);
  const total = (pick: (item: VersionCounters) => number | undefined) => matching.reduce((sum_, item) => sum_ + (pick(item) ?? 0), 0);
  const renders = total((item) => item.renders);
  const errors = total((item) => item.renderErrors);
  const browserErrors = total((item) => item.browserErrors);
  const pageViews = total((item) => item.pageViews);
  const visitors = total((item) => item.browserReporters);
  const browserCounts = visitors >= minVisitors && pageViews > 0;
  const serverRate = renders > 0 ? errors / renders : 0;
  const browserRate = browserCounts ? Math.min(1, browserErrors / pageViews) : 0;
  return { renders, errors, rate: serverRate, browserErrors, pageViews, visitors, browserCounts, browserRate };
}

/**
 * Canary analysis: compares the canary's render-error and browser-error rate with the stable version's, summed over
 * the shells that reported lately, and promotes or rolls back by itself (like Flagger's analysis). A canary that
 * fails is rolled back as soon as it has enough renders; a healthy one is promoted when its window ends.
 *
 * One judge per fleet: every registry replica runs this timer, but a tick judges only while the replica holds the
 * store's leadership (PostgreSQL: an advisory lock; SQLite: always, one process). The verdicts and the counts of
 * automatic outcomes live in the store, so every replica answers the same whichever one judged.
 */
export class CanaryJudge {
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private readonly leadership: Leadership;
  private leading = false;
  readonly policy: CanaryPolicy;

  constructor(
    private readonly paths: RegistryPaths,
    policy: CanaryPolicyInput,
    private readonly log: (line: string) => void,
  ) {
    this.policy = { ...DEFAULT_CANARY_POLICY, ...policy, vitals: { ...DEFAULT_VITALS_POLICY, ...policy.vitals } };
    // A live leader touches its session every tick: three missed ticks (10 s at least) and a standby may take over.
    this.leadership = openStore(paths).leadership(Math.max(10_000, 3 * this.policy.intervalMs));
  }

  start(): void {
    this.timer = setInterval(() => {
      // A tick still running (a slow database) is not overtaken by the next one.
      if (this.ticking) return;
      this.ticking = this.tick().finally(() => (this.ticking = null));
    }, this.policy.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    await this.leadership.release();
    this.leading = false;
  }

  /** Whether this replica judged on its last tick (it holds the fleet's leadership). */
  isLeader(): boolean {
    return this.leading;
  }

  /** One tick: judges when this replica is (or becomes) the fleet's judge. */
  async tick(now = Date.now()): Promise<void> {
    try {
      const leading = await this.leadership.hold();
      if (leading !== this.leading) this.log(leading ? 'this registry judges the canaries now' : 'this registry no longer judges the canaries');
      this.leading = leading;
      if (leading) await this.judge(now);
    } catch (error) {
      this.log(`canary analysis failed: ${(error as Error).message}`);
    }
  }

  async lastVerdicts(): Promise<Record<string, Verdict>> {
    return (await openStore(this.paths).verdicts()) as Record<string, Verdict>;
  }

  /** Judges every canary once (the leadership is the caller's business: `tick` checks it). */
  async judge(now = Date.now()): Promise<void> {
    const store = openStore(this.paths);
    const state = await store.read();
    const reports = await freshReports(store, now);
    const counters = reports.flatMap(({ report }) => report.counters);
    const vitals = mergeVitals(reports.map(({ report }) => report.vitals ?? []));
    for (const [remote, entry] of Object.entries(state.remotes)) {
      const canary = entry.canary;
      if (!canary) continue;
      const minVisitors = this.policy.minBrowserVisitors;
      const candidate = sum(counters, remote, canary.version, minVisitors);
      const stable = sum(counters, remote, entry.current, minVisitors);
      const at = new Date(now).toISOString();
      const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
      const browserFigures = candidate.browserCounts
        ? `; browsers: ${candidate.browserErrors} errors in ${candidate.pageViews} page views (${percent(candidate.browserRate)}) from ${candidate.visitors} visitors against ${percent(stable.browserRate)}`
        : candidate.browserErrors > 0
          ? `; browser reports from ${candidate.visitors} visitors not counted (fewer than ${minVisitors})`
          : '';
      const comparisons = compareVitals(vitals, remote, canary.version, entry.current, this.policy.vitals);
      const judged = comparisons.filter((item) => item.judged);
      const vitalsFigures =
        judged.length > 0
          ? `; vitals p75 against ${entry.current}: ${judged.map(describeComparison).join(', ')}`
          : comparisons.length > 0
            ? `; vitals not judged yet (fewer than ${this.policy.vitals.minSamples} samples: ${comparisons.map((item) => `${item.section} ${item.metric} ${item.samples} and ${item.stableSamples}`).join(', ')})`
            : '';
      const figures = `${candidate.errors} errors in ${candidate.renders} renders (${percent(candidate.rate)}) against ${entry.current}'s ${percent(stable.rate)}${browserFigures}${vitalsFigures}`;
      const serverFails = candidate.renders >= this.policy.minRenders && candidate.rate > stable.rate + this.policy.maxExtraErrorRate;
      const browserFails =
        candidate.browserCounts && candidate.pageViews >= this.policy.minRenders && candidate.browserRate > stable.browserRate + this.policy.maxExtraErrorRate;
      const verdict = (state_: Verdict['state'], reason: string): Verdict => ({
        version: canary.version,
        renders: candidate.renders,
        errorRate: Math.max(candidate.rate, candidate.browserRate),
        stableErrorRate: Math.max(stable.rate, stable.browserRate),
        state: state_,
        reason,
        at,
        vitals: comparisons,
      });
      if (serverFails || browserFails) {
        const reason = `error rate above the stable version: ${figures}`;
        // Null: another judge (or a team) ended this canary first; its verdict stands.
        if (await rejectCanary(this.paths, remote, reason, canary.version)) {
          await store.saveVerdict(remote, verdict('rolled back', reason));
          this.log(`canary ${remote}@${canary.version} rolled back: ${reason}`);
        }
        continue;
      }
      const slower = judged.filter((item) => item.regressed);
      if (slower.length > 0) {
        const reason = `slower than the stable version ${entry.current} by more than ${this.policy.vitals.maxRegressionPercent} % (p75): ${slower.map(describeComparison).join(', ')}; ${figures}`;
        if (await rejectCanary(this.paths, remote, reason, canary.version)) {
          await store.saveVerdict(remote, verdict('rolled back', reason));
          this.log(`canary ${remote}@${canary.version} rolled back: ${reason}`);
        }
        continue;
      }
      const age = now - Date.parse(canary.startedAt);
      if (age >= this.policy.windowMs && candidate.renders >= this.policy.minRenders) {
        const reason = `healthy over ${Math.round(age / 1000)} s: ${figures}`;
        if (await promoteCanary(this.paths, remote, reason, canary.version)) {
          await store.saveVerdict(remote, verdict('promoted', reason));
          this.log(`canary ${remote}@${canary.version} promoted: ${reason}`);
        }
        continue;
      }
      await store.saveVerdict(
        remote,
        verdict('watching', candidate.renders < this.policy.minRenders ? `waiting for ${this.policy.minRenders} renders: ${figures}` : figures),
      );
    }
  }
}
