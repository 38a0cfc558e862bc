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

/** Per-remote load counters and recent latencies for the platform dashboard and /metrics. */
export class RemoteStats {
  private readonly byRemote = new Map<string, { counts: Record<LoadOutcome, number>; latencies: number[]; lastError: RemoteStatsSnapshot['lastError']; lastLoadAt: string | null }>();

  record(remote: string, outcome: LoadOutcome, latencyMs: number, error?: unknown): void {
    const entry = this.entry(remote);
    entry.counts[outcome] += 1;
    entry.lastLoadAt = new Date().toISOString();
    if (outcome === 'ok' || outcome === 'error' || outcome === 'timeout') {
      entry.latencies.push(latencyMs);
      if (entry.latencies.length > LATENCY_WINDOW) entry.latencies.shift();
    }
    if (error !== undefined) {
      entry.lastError = { message: error instanceof Error ? error.message : String(error), at: new Date().toISOString() };
    }
  }

  snapshot(remote: string): RemoteStatsSnapshot {
    const entry = this.entry(remote);
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    const percentile = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : null);
    return {
      loads: entry.counts.ok + entry.counts.error + entry.counts.timeout,
      errors: entry.counts.error,
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
