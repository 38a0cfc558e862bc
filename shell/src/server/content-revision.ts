import type { FastifyBaseLogger } from 'fastify';
import type { GuardedApiClient } from '../api/guarded-client';

export interface ContentRevisionOptions {
  pollIntervalMs: number;
  timeoutMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

/**
 * Follows the content API's revision: cached pages and init data are fresh while it stays the same and re-rendered
 * when it moves (an editor's change shows within one poll). While the API is unreachable the last revision is kept,
 * so what was cached keeps being served instead of every page asking a backend that does not answer. The read is the
 * backend's health probe too: it goes out while the circuit is open and closes it as soon as the API answers.
 */
export class ContentRevision {
  private value: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private failing = false;
  private inflight: Promise<string | null> | null = null;

  constructor(
    private readonly api: Pick<GuardedApiClient, 'probe'>,
    private readonly options: ContentRevisionOptions,
  ) {}

  /** The last revision read; null until the API has answered once. */
  get current(): string | null {
    return this.value;
  }

  /** Whether the last read failed (the revision may be behind). */
  get stale(): boolean {
    return this.failing;
  }

  start(): void {
    if (this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.pollIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the revision now (one read at a time); resolves with the revision known afterwards. */
  refresh(): Promise<string | null> {
    this.inflight ??= this.api
      .probe<{ revision?: unknown }>('revision', { timeoutMs: this.options.timeoutMs })
      .then((body) => {
        if (typeof body?.revision !== 'string') throw new Error('the content API answered without a revision');
        if (this.failing) this.options.log.info({ revision: body.revision }, 'content revision readable again');
        this.failing = false;
        this.value = body.revision;
        return this.value;
      })
      .catch((error: unknown) => {
        if (!this.failing) this.options.log.warn({ err: error }, 'content revision unavailable: cached pages stay in use');
        this.failing = true;
        return this.value;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }
}
