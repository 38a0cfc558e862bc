/** Pauses between attempts to load a section's code in the browser; the last one repeats while the page is open. */
const SECTION_RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

export interface RetryOptions {
  delaysMs?: readonly number[];
  onFailure?: (error: unknown, attempt: number) => void;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Loads until it succeeds, and never rejects. A section whose server HTML is on screen waits on this: while its
 * code is missing React keeps that HTML (a rejection would make React render the section again in the browser
 * and replace correct content with an error), and the section becomes interactive once the code arrives.
 */
export async function untilLoaded<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const delays = options.delaysMs ?? SECTION_RETRY_DELAYS_MS;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      options.onFailure?.(error, attempt);
      await sleep(delays[Math.min(attempt, delays.length - 1)] ?? 30_000);
    }
  }
}
