/**
 * Core Web Vitals that visitors' browsers measured (LCP, INP, CLS), aggregated into Prometheus histograms per remote,
 * section and version. Browsers send them by beacon to the report endpoint; only sections of the live catalog count.
 */

export type VitalName = 'LCP' | 'INP' | 'CLS';

/** A section on the page the metric was measured on, as the page's markup names it. */
export interface VitalSection {
  remote: string;
  section: string;
  version: string;
}

/** One metric a browser reported: `value` in milliseconds for LCP and INP, unitless for CLS. */
export interface VitalsReport {
  name: VitalName;
  value: number;
  /** The section that holds the LCP element, the interaction target or the largest shift; null: none of them. */
  target: VitalSection | null;
  /** Every section of the page, with the version that rendered it. */
  sections: VitalSection[];
}

/** The series of a metric no section of a remote can be blamed for (an element of the shell's own layout). */
export const SHELL_SERIES: VitalSection = { remote: 'shell', section: 'layout', version: 'shell' };

/**
 * Bucket bounds around the "good" and "poor" thresholds (LCP 2.5 s / 4 s, INP 200 ms / 500 ms, CLS 0.1 / 0.25), so
 * the share of good page loads reads straight off a bucket.
 */
const VITAL_BUCKETS: Record<VitalName, number[]> = {
  LCP: [0.5, 1, 1.5, 2, 2.5, 3, 4, 6, 10],
  INP: [0.05, 0.1, 0.2, 0.3, 0.5, 1, 2],
  CLS: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
};

/** The Prometheus name of each histogram: seconds for the two timings, the score itself for CLS. */
const VITAL_METRIC_NAMES: Record<VitalName, string> = {
  LCP: 'site_web_vitals_lcp_seconds',
  INP: 'site_web_vitals_inp_seconds',
  CLS: 'site_web_vitals_cls',
};

/** The largest value a real page load can report; anything above is a forged or broken beacon. */
const MAX_VALUE: Record<VitalName, number> = { LCP: 600_000, INP: 600_000, CLS: 100 };
const MAX_SECTIONS = 60;
const MAX_SERIES = 3000;

function sectionOf(value: unknown): VitalSection | null {
  const candidate = value as { remote?: unknown; section?: unknown; version?: unknown } | null;
  if (typeof candidate !== 'object' || candidate === null) return null;
  const { remote, section, version } = candidate;
  if (typeof remote !== 'string' || typeof section !== 'string' || typeof version !== 'string') return null;
  if (!remote || !section || !version || remote.length > 40 || section.length > 64 || version.length > 80) return null;
  return { remote, section, version };
}

/** A browser's `{type: "web-vitals", name, value, target, sections}` beacon, or null when it is not a well-formed one. */
export function vitalsReportOf(body: unknown): VitalsReport | null {
  const report = body as { type?: unknown; name?: unknown; value?: unknown; target?: unknown; sections?: unknown } | null;
  if (typeof report !== 'object' || report === null || report.type !== 'web-vitals') return null;
  const name = report.name;
  if (name !== 'LCP' && name !== 'INP' && name !== 'CLS') return null;
  const value = report.value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_VALUE[name]) return null;
  if (!Array.isArray(report.sections) || report.sections.length > MAX_SECTIONS) return null;
  const sections = report.sections.map(sectionOf);
  if (sections.some((section) => section === null)) return null;
  const target = report.target === null || report.target === undefined ? null : sectionOf(report.target);
  if (report.target && !target) return null;
  return { name, value, target, sections: sections as VitalSection[] };
}

/** The value as the histogram holds it: seconds for LCP and INP. */
export function histogramValue(name: VitalName, value: number): number {
  return name === 'CLS' ? value : value / 1000;
}

export interface VitalHistogram {
  name: VitalName;
  series: VitalSection;
  /** Cumulative counts, one per bound of VITAL_BUCKETS[name], then +Inf. */
  buckets: number[];
  sum: number;
  count: number;
}

/** Histograms per metric and series; bounded, and fed only with series the caller checked against the catalog. */
export class WebVitals {
  private readonly histograms = new Map<string, VitalHistogram>();

  /**
   * Counts a report. `isLive` says whether a remote serves that section in that version now; a report naming any
   * section it refuses (the target or one of the page's) is not counted at all, so browsers cannot invent labels.
   * Returns the series it was counted under, or null.
   */
  record(report: VitalsReport, isLive: (section: VitalSection) => boolean): VitalSection | null {
    if (!report.sections.every(isLive)) return null;
    const { target } = report;
    if (target && !report.sections.some((s) => s.remote === target.remote && s.section === target.section && s.version === target.version)) {
      return null;
    }
    const series = target ?? SHELL_SERIES;
    const histogram = this.entry(report.name, series);
    const value = histogramValue(report.name, report.value);
    VITAL_BUCKETS[report.name].forEach((bound, index) => {
      if (value <= bound) histogram.buckets[index]! += 1;
    });
    histogram.buckets[histogram.buckets.length - 1]! += 1;
    histogram.sum += value;
    histogram.count += 1;
    return series;
  }

  snapshot(): VitalHistogram[] {
    return [...this.histograms.values()]
      .map((histogram) => ({ ...histogram, series: { ...histogram.series }, buckets: [...histogram.buckets] }))
      .sort((a, b) =>
        `${a.name} ${a.series.remote} ${a.series.section} ${a.series.version}`.localeCompare(
          `${b.name} ${b.series.remote} ${b.series.section} ${b.series.version}`,
        ),
      );
  }

  private entry(name: VitalName, series: VitalSection): VitalHistogram {
    const key = `${name} ${series.remote}@${series.version}/${series.section}`;
    let histogram = this.histograms.get(key);
    if (!histogram) {
      // Bounded: series come from the live catalog only, and the oldest go when the map is full.
      if (this.histograms.size >= MAX_SERIES) this.histograms.delete(this.histograms.keys().next().value!);
      histogram = { name, series: { ...series }, buckets: new Array<number>(VITAL_BUCKETS[name].length + 1).fill(0), sum: 0, count: 0 };
      this.histograms.set(key, histogram);
    }
    return histogram;
  }
}

/** The Prometheus text of the histograms (`_bucket` with `le`, `_sum`, `_count`), HELP and TYPE once per metric. */
export function vitalsPrometheus(histograms: VitalHistogram[]): string[] {
  const lines: string[] = [];
  const help: Record<VitalName, string> = {
    LCP: "Largest Contentful Paint of visitors' page loads, per section holding the LCP element",
    INP: "Interaction to Next Paint of visitors' page views, per section holding the interaction target",
    CLS: "Cumulative Layout Shift of visitors' page views, per section holding the largest shift",
  };
  const label = (value: string) => value.replace(/["\\\n]/g, '_');
  for (const name of ['LCP', 'INP', 'CLS'] as const) {
    const metric = VITAL_METRIC_NAMES[name];
    lines.push(`# HELP ${metric} ${help[name]}`, `# TYPE ${metric} histogram`);
    for (const histogram of histograms.filter((h) => h.name === name)) {
      const labels = `remote="${label(histogram.series.remote)}",section="${label(histogram.series.section)}",version="${label(histogram.series.version)}"`;
      VITAL_BUCKETS[name].forEach((bound, index) => lines.push(`${metric}_bucket{${labels},le="${bound}"} ${histogram.buckets[index]}`));
      lines.push(`${metric}_bucket{${labels},le="+Inf"} ${histogram.buckets.at(-1)}`);
      lines.push(`${metric}_sum{${labels}} ${Number(histogram.sum.toFixed(6))}`, `${metric}_count{${labels}} ${histogram.count}`);
    }
  }
  return lines;
}
