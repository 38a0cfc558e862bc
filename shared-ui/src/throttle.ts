import { SCROLL_RESIZE_THROTTLE_MS } from './tokens';

/** Calls `fn` at most once per `ms`, always with the latest arguments, and once more after the last call. */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, ms: number = SCROLL_RESIZE_THROTTLE_MS) {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;
  const throttled = (...args: A) => {
    const now = Date.now();
    const wait = ms - (now - last);
    if (wait <= 0) {
      last = now;
      fn(...args);
      return;
    }
    pending = args;
    timer ??= setTimeout(() => {
      timer = null;
      last = Date.now();
      if (pending) fn(...pending);
      pending = null;
    }, wait);
  };
  throttled.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
