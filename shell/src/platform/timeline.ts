/**
 * The last hour of each remote, minute by minute, for the dashboard's timeline charts: server renders and their
 * errors, browser errors, the LCP of page loads with the remote's sections, and the versions served. Memory is
 * bounded: a fixed ring of minutes per remote, a cap on remotes, on LCP values and on versions per minute.
 */

const TIMELINE_MINUTES = 60;
const MAX_REMOTES = 32;
const MAX_LCP_PER_MINUTE = 200;
const MAX_VERSIONS_PER_MINUTE = 4;

interface MinuteSample {
  /** Minutes since the epoch. */
  minute: number;
  renders: number;
  renderErrors: number;
  browserErrors: number;
  /** LCP in seconds of page loads that showed a section of the remote (the first MAX_LCP_PER_MINUTE of the minute). */
  lcp: number[];
  /** Versions of the remote that rendered in this minute. */
  versions: string[];
}

/** A fixed number of per-minute slots; a slot is reused when its minute comes round again an hour later. */
export class MinuteRing {
  private readonly slots: Array<MinuteSample | null>;

  constructor(readonly capacity = TIMELINE_MINUTES) {
    this.slots = new Array<MinuteSample | null>(capacity).fill(null);
  }

  /** The sample of a minute, made empty when its slot still holds an older minute. */
  at(minute: number): MinuteSample {
    const index = ((minute % this.capacity) + this.capacity) % this.capacity;
    let sample = this.slots[index];
    if (!sample || sample.minute !== minute) {
      sample = { minute, renders: 0, renderErrors: 0, browserErrors: 0, lcp: [], versions: [] };
      this.slots[index] = sample;
    }
    return sample;
  }

  /** The `capacity` minutes up to `nowMinute`, oldest first; null where nothing happened. */
  window(nowMinute: number): Array<MinuteSample | null> {
    const result: Array<MinuteSample | null> = [];
    for (let minute = nowMinute - this.capacity + 1; minute <= nowMinute; minute += 1) {
      const sample = this.slots[((minute % this.capacity) + this.capacity) % this.capacity];
      result.push(sample && sample.minute === minute ? sample : null);
    }
    return result;
  }
}

export interface TimelinePoint {
  minute: number;
  renders: number;
  /** Share of server renders that threw, 0..1; null: no render that minute. */
  renderErrorRate: number | null;
  browserErrors: number;
  /** 75th percentile of the minute's LCP values in seconds; null: none reported. */
  lcpP75: number | null;
  versions: string[];
}

export interface RemoteTimeline {
  remote: string;
  points: TimelinePoint[];
  /** Minutes in which a version rendered for the first time within the hour (a deploy, a canary or a rollback). */
  deploys: Array<{ minute: number; version: string }>;
}

export function percentile75(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.75 * sorted.length) - 1)]!;
}

const minuteOf = (at: number) => Math.floor(at / 60_000);

export class Timeline {
  private readonly rings = new Map<string, MinuteRing>();

  constructor(private readonly now: () => number = Date.now) {}

  recordRender(remote: string, version: string, failed: boolean): void {
    const sample = this.sample(remote);
    if (!sample) return;
    sample.renders += 1;
    if (failed) sample.renderErrors += 1;
    if (!sample.versions.includes(version) && sample.versions.length < MAX_VERSIONS_PER_MINUTE) sample.versions.push(version);
  }

  recordBrowserError(remote: string): void {
    const sample = this.sample(remote);
    if (sample) sample.browserErrors += 1;
  }

  /** One page load's LCP in seconds, for a remote that had a section on that page. */
  recordLcp(remote: string, seconds: number): void {
    const sample = this.sample(remote);
    if (sample && sample.lcp.length < MAX_LCP_PER_MINUTE) sample.lcp.push(seconds);
  }

  remotes(): string[] {
    return [...this.rings.keys()].sort();
  }

  /** The last hour of a remote, one point per minute, oldest first. */
  series(remote: string): RemoteTimeline {
    const nowMinute = minuteOf(this.now());
    const ring = this.rings.get(remote);
    const window = ring ? ring.window(nowMinute) : new Array<MinuteSample | null>(TIMELINE_MINUTES).fill(null);
    const seen = new Set<string>();
    const deploys: RemoteTimeline['deploys'] = [];
    const points = window.map((sample, index) => {
      const minute = nowMinute - TIMELINE_MINUTES + 1 + index;
      for (const version of sample?.versions ?? []) {
        if (!seen.has(version)) deploys.push({ minute, version });
        seen.add(version);
      }
      return {
        minute,
        renders: sample?.renders ?? 0,
        renderErrorRate: sample?.renders ? sample.renderErrors / sample.renders : null,
        browserErrors: sample?.browserErrors ?? 0,
        lcpP75: percentile75(sample?.lcp ?? []),
        versions: [...(sample?.versions ?? [])],
      };
    });
    return { remote, points, deploys };
  }

  private sample(remote: string): MinuteSample | null {
    let ring = this.rings.get(remote);
    if (!ring) {
      // Remote names come from the live catalog only; the cap guards memory even so.
      if (this.rings.size >= MAX_REMOTES) return null;
      ring = new MinuteRing();
      this.rings.set(remote, ring);
    }
    return ring.at(minuteOf(this.now()));
  }
}
