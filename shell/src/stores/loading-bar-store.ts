import { makeAutoObservable } from 'mobx';

/** Loading bar timing: show only after the throttle, fill over the duration, hide after the delay, step each tick (fast loads never show the bar). */
export const LOADING_BAR = { throttleMs: 200, durationMs: 5000, hideDelayMs: 500, tickMs: 100 } as const;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

/**
 * The thin bar at the top: appears only if loading lasts longer than the throttle, fills over the duration,
 * hides shortly after finishing, and turns red on failure.
 */
export class LoadingBarStore {
  percent = 0;
  visible = false;
  failed = false;
  paused = false;
  private showTimer: unknown = null;
  private tickTimer: unknown = null;
  private hideTimer: unknown = null;

  constructor(private readonly timers: Timers = realTimers) {
    makeAutoObservable<LoadingBarStore, 'timers' | 'showTimer' | 'tickTimer' | 'hideTimer'>(this, {
      timers: false,
      showTimer: false,
      tickTimer: false,
      hideTimer: false,
    });
  }

  start(): void {
    this.clearTimers();
    this.failed = false;
    this.paused = false;
    this.percent = 0;
    this.showTimer = this.timers.setTimeout(() => this.show(), LOADING_BAR.throttleMs);
  }

  increase(amount: number): void {
    this.percent = Math.min(100, this.percent + Math.max(0, amount));
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
  }

  finish(): void {
    this.timers.clearTimeout(this.showTimer);
    this.showTimer = null;
    this.stopTicking();
    if (!this.visible) {
      // Finished within the throttle: the bar never appears, unless it has to show a failure.
      if (!this.failed) return;
      this.visible = true;
    }
    this.percent = 100;
    this.hideTimer = this.timers.setTimeout(() => this.hide(), LOADING_BAR.hideDelayMs);
  }

  fail(): void {
    this.failed = true;
    this.finish();
  }

  private show(): void {
    this.showTimer = null;
    this.visible = true;
    const step = (100 * LOADING_BAR.tickMs) / LOADING_BAR.durationMs;
    this.tickTimer = this.timers.setInterval(() => {
      if (!this.paused) this.increase(step);
    }, LOADING_BAR.tickMs);
  }

  private hide(): void {
    this.hideTimer = null;
    this.visible = false;
    this.percent = 0;
  }

  private stopTicking(): void {
    this.timers.clearInterval(this.tickTimer);
    this.tickTimer = null;
  }

  private clearTimers(): void {
    this.timers.clearTimeout(this.showTimer);
    this.timers.clearTimeout(this.hideTimer);
    this.stopTicking();
    this.showTimer = null;
    this.hideTimer = null;
  }
}
