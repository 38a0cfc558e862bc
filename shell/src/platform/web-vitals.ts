import { LRUCache } from 'lru-cache';
import { Histogram, Registry } from 'prom-client';
import { VITAL_BUCKET_BOUNDS, type VitalName } from '@site/contracts/fleet';

/**
 * Core Web Vitals that visitors' browsers measured (LCP, INP, CLS), aggregated into Prometheus histograms per remote,
 * section and version. Browsers send them by beacon to the report endpoint; only sections of the live catalog count.
 */

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

/** Bucket bounds shared with the registry (it adds the shells' buckets up for the canary judge). */
const VITAL_BUCKETS = VITAL_BUCKET_BOUNDS;

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

const HELP: Record<VitalName, string> = {
  LCP: "Largest Contentful Paint of visitors' page loads, per section holding the LCP element",
  INP: "Interaction to Next Paint of visitors' page views, per section holding the interaction target",
  CLS: "Cumulative Layout Shift of visitors' page views, per section holding the largest shift",
};

const NAMES: readonly VitalName[] = ['LCP', 'INP', 'CLS'];
type SeriesLabels = 'remote' | 'section' | 'version';

/**
 * Prometheus histograms (prom-client, `_bucket` with `le`, `_sum`, `_count`) per metric and series, in the registry
 * given (the server's); bounded, and fed only with series the caller checked against the catalog.
 */
export class WebVitals {
  private readonly histograms: Record<VitalName, Histogram<SeriesLabels>>;
  /** The series counted, least recently reported first out: a series that goes leaves its histogram too. */
  private readonly series = new LRUCache<string, { name: VitalName; series: VitalSection }>({
    max: MAX_SERIES,
    dispose: ({ name, series }) => this.histograms[name].remove({ ...series }),
  });

  constructor(registry: Registry = new Registry()) {
    const histogram = (name: VitalName) =>
      new Histogram({
        name: VITAL_METRIC_NAMES[name],
        help: HELP[name],
        labelNames: ['remote', 'section', 'version'],
        buckets: [...VITAL_BUCKETS[name]],
        registers: [registry],
      });
    this.histograms = { LCP: histogram('LCP'), INP: histogram('INP'), CLS: histogram('CLS') };
  }

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
    const key = `${report.name} ${series.remote}@${series.version}/${series.section}`;
    if (!this.series.get(key)) this.series.set(key, { name: report.name, series: { ...series } });
    this.histograms[report.name].observe(
      { remote: series.remote, section: series.section, version: series.version },
      histogramValue(report.name, report.value),
    );
    return series;
  }

  /** Every series' histogram, by metric, remote, section and version. */
  async snapshot(): Promise<VitalHistogram[]> {
    const all: VitalHistogram[] = [];
    for (const name of NAMES) {
      const bounds = VITAL_BUCKETS[name].length + 1;
      const bySeries = new Map<string, VitalHistogram>();
      for (const sample of (await this.histograms[name].get()).values) {
        const series = { remote: String(sample.labels.remote), section: String(sample.labels.section), version: String(sample.labels.version) };
        const key = `${series.remote}@${series.version}/${series.section}`;
        let histogram = bySeries.get(key);
        if (!histogram) {
          histogram = { name, series, buckets: [], sum: 0, count: 0 };
          bySeries.set(key, histogram);
        }
        if (sample.metricName?.endsWith('_bucket')) histogram.buckets.push(sample.value);
        else if (sample.metricName?.endsWith('_sum')) histogram.sum = Number(sample.value.toFixed(6));
        else histogram.count = sample.value;
      }
      all.push(...[...bySeries.values()].filter((histogram) => histogram.buckets.length === bounds));
    }
    return all.sort((a, b) =>
      `${a.name} ${a.series.remote} ${a.series.section} ${a.series.version}`.localeCompare(
        `${b.name} ${b.series.remote} ${b.series.section} ${b.series.version}`,
      ),
    );
  }
}
