import { useEffect, useRef } from 'react';
import { throttle } from './throttle';
import { SCROLL_RESIZE_THROTTLE_MS } from './tokens';

/**
 * Listens to the window's scroll or resize, throttled (66 ms by default), passively, and only in the
 * browser. The handler always sees the latest props without re-subscribing.
 */
export function useThrottledWindowEvent(type: 'scroll' | 'resize', handler: () => void, ms: number = SCROLL_RESIZE_THROTTLE_MS): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const throttled = throttle(() => latest.current(), ms);
    window.addEventListener(type, throttled, { passive: true });
    return () => {
      window.removeEventListener(type, throttled);
      throttled.cancel();
    };
  }, [type, ms]);
}
