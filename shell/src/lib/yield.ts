interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and goes on in a new one, so that the browser can handle input and paint in between: with
 * `scheduler.yield()` where the browser has it (the rest then runs ahead of other queued tasks), a zero timeout
 * elsewhere. Long work split at such points never holds the main thread for its whole length (Total Blocking Time,
 * Interaction to Next Paint).
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
