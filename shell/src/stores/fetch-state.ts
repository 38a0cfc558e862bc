/**
 * Data fetching shows its result no sooner than this after it started (200 ms by default), so a
 * fast answer does not flash the pending state on and off.
 */
export const FETCH_DISPLAY_DELAY_MS = 200;

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown;
}

const realClock: Clock = { setTimeout: (fn, ms) => setTimeout(fn, ms) };

/**
 * Settles like `work`, but not before `minimumMs` have passed since the call. The timer starts before anything
 * else the caller schedules after this call, so timers of the same length (the loading bar's throttle) run after it.
 */
export function withMinimumDuration<T>(work: () => Promise<T>, minimumMs: number = FETCH_DISPLAY_DELAY_MS, clock: Clock = realClock): Promise<T> {
  const minimum = new Promise<void>((resolve) => clock.setTimeout(resolve, minimumMs));
  const result = work();
  return Promise.allSettled([result, minimum]).then(() => result);
}
