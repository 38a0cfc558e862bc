import { throttle } from './throttle';
import { TOUCH_HIGHLIGHT_ATTRIBUTE, TouchHighlighter } from './touch-highlight';
import { SCROLL_RESIZE_THROTTLE_MS, TOUCH_HIGHLIGHT_MS, breakpointTypeForWidth } from './tokens';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('handler throttle', () => {
  it('runs scroll and resize handlers at most once per 66 ms by default, and once more with the latest arguments', () => {
    expect(SCROLL_RESIZE_THROTTLE_MS).toBe(66);
    const calls: number[] = [];
    const handler = throttle((value: number) => calls.push(value));
    handler(1);
    handler(2);
    handler(3);
    expect(calls).toEqual([1]);
    jest.advanceTimersByTime(65);
    expect(calls).toEqual([1]);
    jest.advanceTimersByTime(1);
    expect(calls).toEqual([1, 3]);
    jest.advanceTimersByTime(200);
    expect(calls).toEqual([1, 3]);
  });

  it('can be cancelled', () => {
    const calls: number[] = [];
    const handler = throttle((value: number) => calls.push(value), 300);
    handler(1);
    handler(2);
    handler.cancel();
    jest.advanceTimersByTime(1000);
    expect(calls).toEqual([1]);
  });
});

describe('touch highlight', () => {
  function element() {
    const attributes = new Map<string, string>();
    return {
      attributes,
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      removeAttribute: (name: string) => attributes.delete(name),
    };
  }

  it('highlights a touched control while touched and for 500 ms after the finger lifts', () => {
    expect(TOUCH_HIGHLIGHT_MS).toBe(500);
    const link = element();
    const highlighter = new TouchHighlighter();
    highlighter.start(link);
    expect(link.attributes.has(TOUCH_HIGHLIGHT_ATTRIBUTE)).toBe(true);
    jest.advanceTimersByTime(2000);
    expect(link.attributes.has(TOUCH_HIGHLIGHT_ATTRIBUTE)).toBe(true);
    highlighter.end(link);
    jest.advanceTimersByTime(499);
    expect(link.attributes.has(TOUCH_HIGHLIGHT_ATTRIBUTE)).toBe(true);
    jest.advanceTimersByTime(1);
    expect(link.attributes.has(TOUCH_HIGHLIGHT_ATTRIBUTE)).toBe(false);
  });

  it('a second touch within the 500 ms keeps the highlight on', () => {
    const button = element();
    const highlighter = new TouchHighlighter();
    highlighter.start(button);
    highlighter.end(button);
    jest.advanceTimersByTime(400);
    highlighter.start(button);
    jest.advanceTimersByTime(400);
    expect(button.attributes.has(TOUCH_HIGHLIGHT_ATTRIBUTE)).toBe(true);
  });
});

describe('breakpoint type', () => {
  it('is mobile under 767 px, tablet under 1023 px, desktop otherwise', () => {
    expect(breakpointTypeForWidth(375)).toBe('mobile');
    expect(breakpointTypeForWidth(766)).toBe('mobile');
    expect(breakpointTypeForWidth(767)).toBe('tablet');
    expect(breakpointTypeForWidth(1022)).toBe('tablet');
    expect(breakpointTypeForWidth(1023)).toBe('desktop');
  });
});
