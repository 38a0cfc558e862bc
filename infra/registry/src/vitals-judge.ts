import { VITAL_BUCKET_BOUNDS, type VitalName, type VitalsHistogram } from '@site/contracts/fleet';

/** How much slower a canary's section may be than the stable version's before it is rolled back. */
export interface VitalsPolicy {
  /** The canary fails when a section's p75 is more than this many percent worse (CANARY_VITALS_REGRESSION_PERCENT). */
  maxRegressionPercent: number;
  /** Beacons both versions' section needs for a metric before it is compared (CANARY_VITALS_MIN_SAMPLES). */
  minSamples: number;
  /**
   * The metrics judged (CANARY_VITALS_METRICS): an operator may leave one out, e.g. LCP on a site whose largest paints
   * are images from a host the teams do not control.
   */
  metrics: readonly VitalName[];
}

export const VITAL_NAMES: readonly VitalName[] = ['LCP', 'INP', 'CLS'];

export const DEFAULT_VITALS_POLICY: VitalsPolicy = { maxRegressionPercent: 20, minSamples: 50, metrics: VITAL_NAMES };

/** One metric of one section, canary against stable: p75 in milliseconds (LCP, INP) or as the score (CLS). */
export interface VitalsComparison {
  section: string;
  metric: VitalName;
  p75: number;
  stableP75: number;
  samples: number;
  stableSamples: number;
  /** Whether both had the minimum sample, so the comparison decides anything. */
  judged: boolean;
  regressed: boolean;
}

/** The shells' histograms added up per metric, remote, section and version (each shell counts its own beacons). */
export function mergeVitals(reports: VitalsHistogram[][]): Map<string, VitalsHistogram> {
  const merged = new Map<string, VitalsHistogram>();
  for (const histogram of reports.flat()) {
    // A histogram with other bounds than the platform's cannot be added up with the others.
    if (histogram.buckets.length !== VITAL_BUCKET_BOUNDS[histogram.name].length + 1) continue;
    const key = seriesKey(histogram.name, histogram.remote, histogram.section, histogram.version);
    const total = merged.get(key);
    if (!total) merged.set(key, { ...histogram, buckets: [...histogram.buckets] });
    else {
      total.buckets = total.buckets.map((count, index) => count + histogram.buckets[index]!);
      total.sum += histogram.sum;
      total.count += histogram.count;
    }
  }
  return merged;
}

function seriesKey(name: VitalName, remote: string, section: string, version: string): string {
  return `${name} ${remote}@${version}/${section}`;
}

/**
 * The 75th percentile from cumulative buckets, as Prometheus's histogram_quantile estimates it: linear within the
 * bucket the rank falls in (from 0 for the first), the highest finite bound when it falls in the +Inf bucket.
 */
function p75Of(name: VitalName, buckets: readonly number[]): number {
  const bounds = VITAL_BUCKET_BOUNDS[name];
  const count = buckets.at(-1) ?? 0;
  if (count === 0) return 0;
  const rank = 0.75 * count;
  for (let index = 0; index < bounds.length; index += 1) {
    const cumulative = buckets[index]!;
    if (cumulative >= rank) {
      const lower = index === 0 ? 0 : bounds[index - 1]!;
      const below = index === 0 ? 0 : buckets[index - 1]!;
      const inBucket = cumulative - below;
      return inBucket > 0 ? lower + ((bounds[index]! - lower) * (rank - below)) / inBucket : bounds[index]!;
    }
  }
  return bounds.at(-1)!;
}

/** LCP and INP are kept in seconds and judged in milliseconds; CLS is a score. */
function display(name: VitalName, value: number): number {
  return name === 'CLS' ? Number(value.toFixed(3)) : Math.round(value * 1000);
}

/** A histogram's p75 as the judge and the release page show it (milliseconds, or the CLS score). */
export function p75Display(name: VitalName, buckets: readonly number[]): number {
  return display(name, p75Of(name, buckets));
}

/** Every section of the canary with beacons, per judged metric, against the same section of the stable version. */
export function compareVitals(
  merged: Map<string, VitalsHistogram>,
  remote: string,
  canaryVersion: string,
  stableVersion: string,
  policy: VitalsPolicy,
): VitalsComparison[] {
  const comparisons: VitalsComparison[] = [];
  const canarySections = [...merged.values()].filter((item) => item.remote === remote && item.version === canaryVersion);
  for (const histogram of canarySections.sort((a, b) => `${a.section} ${a.name}`.localeCompare(`${b.section} ${b.name}`))) {
    if (!policy.metrics.includes(histogram.name)) continue;
    const stable = merged.get(seriesKey(histogram.name, remote, histogram.section, stableVersion));
    const samples = histogram.buckets.at(-1) ?? 0;
    const stableSamples = stable?.buckets.at(-1) ?? 0;
    const p75 = p75Of(histogram.name, histogram.buckets);
    const stableP75 = stable ? p75Of(histogram.name, stable.buckets) : 0;
    const judged = samples >= policy.minSamples && stableSamples >= policy.minSamples;
    comparisons.push({
      section: histogram.section,
      metric: histogram.name,
      p75: display(histogram.name, p75),
      stableP75: display(histogram.name, stableP75),
      samples,
      stableSamples,
      judged,
      regressed: judged && p75 * 100 > stableP75 * (100 + policy.maxRegressionPercent),
    });
  }
  return comparisons;
}

/** `NewsFeed INP p75 450 ms against 38 ms (+1084 %; 60 and 58 samples)` */
export function describeComparison(comparison: VitalsComparison): string {
  const unit = comparison.metric === 'CLS' ? '' : ' ms';
  const change =
    comparison.stableP75 > 0 ? `${comparison.p75 >= comparison.stableP75 ? '+' : ''}${Math.round((comparison.p75 / comparison.stableP75 - 1) * 100)} %; ` : '';
  return `${comparison.section} ${comparison.metric} p75 ${comparison.p75}${unit} against ${comparison.stableP75}${unit} (${change}${comparison.samples} and ${comparison.stableSamples} samples)`;
}
