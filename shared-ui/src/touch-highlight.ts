import { TOUCH_HIGHLIGHT_MS } from './tokens';

/** The attribute a touched control carries while it is highlighted; the global styles draw the highlight. */
export const TOUCH_HIGHLIGHT_ATTRIBUTE = 'data-touch-highlight';

/** What can be highlighted: links and buttons, and anything acting as one. */
const TOUCH_HIGHLIGHT_TARGETS = 'a[href], button, [role="button"], summary, label';

interface HighlightTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The touch highlight: a control shows its highlight while touched and for 500 ms after the finger
 * lifts, so a tap is visible even when the page reacts at once.
 */
export class TouchHighlighter {
  private readonly timers = new Map<HighlightTarget, unknown>();

  constructor(
    private readonly ms: number = TOUCH_HIGHLIGHT_MS,
    private readonly clock: Timers = realTimers,
  ) {}

  start(target: HighlightTarget): void {
    this.clock.clearTimeout(this.timers.get(target));
    this.timers.delete(target);
    target.setAttribute(TOUCH_HIGHLIGHT_ATTRIBUTE, '');
  }

  end(target: HighlightTarget): void {
    this.clock.clearTimeout(this.timers.get(target));
    this.timers.set(
      target,
      this.clock.setTimeout(() => {
        this.timers.delete(target);
        target.removeAttribute(TOUCH_HIGHLIGHT_ATTRIBUTE);
      }, this.ms),
    );
  }
}

/** Wires the highlight to touch events of a document; returns the function that removes it again. */
export function installTouchHighlight(doc: Document, highlighter = new TouchHighlighter()): () => void {
  const targetOf = (event: Event) => (event.target instanceof Element ? event.target.closest(TOUCH_HIGHLIGHT_TARGETS) : null);
  let touched: Element | null = null;
  const onStart = (event: Event) => {
    touched = targetOf(event);
    if (touched) highlighter.start(touched);
  };
  const onEnd = () => {
    if (touched) highlighter.end(touched);
    touched = null;
  };
  doc.addEventListener('touchstart', onStart, { passive: true });
  doc.addEventListener('touchend', onEnd, { passive: true });
  doc.addEventListener('touchcancel', onEnd, { passive: true });
  return () => {
    doc.removeEventListener('touchstart', onStart);
    doc.removeEventListener('touchend', onEnd);
    doc.removeEventListener('touchcancel', onEnd);
  };
}
