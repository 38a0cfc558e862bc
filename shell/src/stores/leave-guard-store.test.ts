import { LOADING_BAR, LoadingBarStore } from './loading-bar-store';
import { LeaveGuardStore } from './leave-guard-store';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function setup() {
  const bar = new LoadingBarStore();
  return { bar, guards: new LeaveGuardStore(bar) };
}

describe('LeaveGuardStore: asking before leaving a page with unsaved input', () => {
  it('lets a navigation go at once, without a dialog or the bar, when no section has unsaved input', async () => {
    const { bar, guards } = setup();
    const remove = guards.register(() => false);
    await expect(guards.confirmLeave()).resolves.toBe(true);
    expect(guards.asking).toBe(false);
    jest.advanceTimersByTime(LOADING_BAR.throttleMs);
    expect(bar.visible).toBe(false);
    remove();
  });

  it('holds the navigation with the dialog open and the bar paused; "leave" resumes the bar and lets it go', async () => {
    const { bar, guards } = setup();
    guards.register(() => true);
    const answer = guards.confirmLeave();
    expect(guards.asking).toBe(true);
    expect(bar.paused).toBe(true);
    jest.advanceTimersByTime(LOADING_BAR.throttleMs + 2000);
    // Shown, and not filling while the visitor decides.
    expect(bar.visible).toBe(true);
    const held = bar.percent;
    jest.advanceTimersByTime(2000);
    expect(bar.percent).toBe(held);
    guards.answer(true);
    await expect(answer).resolves.toBe(true);
    expect(guards.asking).toBe(false);
    expect(bar.paused).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(bar.percent).toBeGreaterThan(held);
  });

  it('"stay" drops the navigation and finishes the bar', async () => {
    const { bar, guards } = setup();
    guards.register(() => true);
    const answer = guards.confirmLeave();
    jest.advanceTimersByTime(LOADING_BAR.throttleMs);
    guards.answer(false);
    await expect(answer).resolves.toBe(false);
    expect(bar.percent).toBe(100);
    jest.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    expect(bar.visible).toBe(false);
  });

  it('stops asking once the section removes its guard, and a failing check never traps the visitor', async () => {
    const { guards } = setup();
    const remove = guards.register(() => true);
    expect(guards.hasUnsavedInput()).toBe(true);
    remove();
    expect(guards.hasUnsavedInput()).toBe(false);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    guards.register(() => {
      throw new Error('broken check');
    });
    await expect(guards.confirmLeave()).resolves.toBe(true);
    expect(error).toHaveBeenCalledWith('A leave guard failed', expect.any(Error));
  });

  it('a second navigation while the dialog is open replaces the first, which stays', async () => {
    const { guards } = setup();
    guards.register(() => true);
    const first = guards.confirmLeave();
    const second = guards.confirmLeave();
    await expect(first).resolves.toBe(false);
    guards.answer(true);
    await expect(second).resolves.toBe(true);
  });

  it('keeps one registration per call: the same check registered twice is removed once per removal', () => {
    const { guards } = setup();
    const check = () => true;
    const removeFirst = guards.register(check);
    const removeSecond = guards.register(check);
    removeFirst();
    expect(guards.hasUnsavedInput()).toBe(true);
    removeSecond();
    expect(guards.hasUnsavedInput()).toBe(false);
  });
});
