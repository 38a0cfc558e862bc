import { LOCALE_COOKIE } from '@site/contracts';
import { LOADING_BAR, LoadingBarStore } from './loading-bar-store';
import { LocaleStore } from './locale-store';
import { MemoryPersistence, type Persistence } from './persistence';
import { DEFAULT_READING_PREFERENCES } from '@site/ui';
import { UiStore } from './ui-store';
import { FETCH_DISPLAY_DELAY_MS, withMinimumDuration } from './fetch-state';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Persistence that records how each value was stored. */
class RecordingPersistence extends MemoryPersistence implements Persistence {
  readonly options = new Map<string, unknown>();
  override set(key: string, value: string, options?: { cookie?: boolean; maxAgeDays?: number }): void {
    super.set(key, value);
    this.options.set(key, options);
  }
}

describe('locale store', () => {
  it('accepts ru and en only, storing the cookie for 365 days; anything else is ignored', () => {
    const persistence = new RecordingPersistence();
    const store = new LocaleStore('ru', persistence);
    expect(store.setLocale('de')).toBe(false);
    expect(store.locale).toBe('ru');
    expect(persistence.get(LOCALE_COOKIE)).toBeNull();
    expect(store.setLocale('en')).toBe(true);
    expect(store.locale).toBe('en');
    expect(persistence.get(LOCALE_COOKIE)).toBe('en');
    expect(persistence.options.get(LOCALE_COOKIE)).toEqual({ cookie: true, maxAgeDays: 365 });
  });
});

describe('ui store', () => {
  it('remembers hidden alerts, the cookies flag and the colour scheme; none removes the scheme', () => {
    const persistence = new RecordingPersistence();
    const ui = new UiStore(UiStore.snapshotFrom(persistence, 'desktop'), persistence);
    ui.markPageLoaded();
    expect(ui.cookiesAccepted).toBe(false);
    ui.hideAlert('a');
    ui.hideAlert(7);
    ui.hideAlert('a');
    expect(persistence.get('hiddenAlerts')).toBe('["a","7"]');
    ui.acceptCookies();
    ui.setColorScheme('lime');
    ui.setFontScale(150);
    const again = new UiStore(UiStore.snapshotFrom(persistence, 'mobile'), persistence);
    // Until the page has loaded, the store renders the notice as the server did (the same HTML for every visitor).
    expect(again.cookiesAccepted).toBe(false);
    again.markPageLoaded();
    expect(again.isAlertHidden(7)).toBe(true);
    expect(again.cookiesAccepted).toBe(true);
    expect(again.snapshot()).toEqual({ breakpoint: 'mobile', colorScheme: 'lime', fontScale: 150, reading: DEFAULT_READING_PREFERENCES, speech: false });
    again.resetAccessibility();
    expect(persistence.get('colorScheme')).toBeNull();
    expect(persistence.get('fontSize')).toBeNull();
  });

  it('ignores stored values that are not a scheme or a font size', () => {
    const persistence = new MemoryPersistence();
    persistence.set('colorScheme', 'blue');
    persistence.set('fontSize', '300');
    expect(UiStore.snapshotFrom(persistence, 'tablet')).toEqual({
      breakpoint: 'tablet',
      colorScheme: null,
      fontScale: 100,
      reading: DEFAULT_READING_PREFERENCES,
      speech: false,
    });
  });

  it('remembers letter spacing, line height, font family, images and reading aloud as cookies for a year; reset removes them all', () => {
    const persistence = new RecordingPersistence();
    const ui = new UiStore(UiStore.snapshotFrom(persistence, 'desktop'), persistence);
    ui.setReadingPreference('letterSpacing', 'wider');
    ui.setReadingPreference('lineHeight', '2');
    ui.setReadingPreference('fontFamily', 'serif');
    ui.setReadingPreference('images', 'greyscale');
    ui.setSpeech(true);
    for (const key of ['letterSpacing', 'lineHeight', 'fontFamily', 'images', 'speech'])
      expect(persistence.options.get(key)).toEqual({ cookie: true, maxAgeDays: 365 });
    const again = new UiStore(UiStore.snapshotFrom(persistence, 'desktop'), persistence);
    expect(again.reading).toEqual({ letterSpacing: 'wider', lineHeight: '2', fontFamily: 'serif', images: 'greyscale' });
    expect(again.speech).toBe(true);
    // Choosing the default forgets the choice, as does reset for everything at once.
    again.setReadingPreference('images', 'shown');
    expect(persistence.get('images')).toBeNull();
    ui.setColorScheme('black');
    again.resetAccessibility();
    expect(again.reading).toEqual(DEFAULT_READING_PREFERENCES);
    expect(again.speech).toBe(false);
    expect([...persistence.values.keys()]).toEqual([]);
  });

  it('ignores stored reading preferences that are not one of the offered values', () => {
    const persistence = new MemoryPersistence();
    persistence.set('letterSpacing', '10em');
    persistence.set('lineHeight', '3');
    persistence.set('fontFamily', 'comic');
    persistence.set('images', 'inverted');
    persistence.set('speech', 'yes');
    const snapshot = UiStore.snapshotFrom(persistence, 'desktop');
    expect(snapshot.reading).toEqual({ letterSpacing: 'normal', lineHeight: 'normal', fontFamily: 'sans', images: 'shown' });
    expect(snapshot.speech).toBe(false);
  });

  it('closing the top notification is not persisted', () => {
    const persistence = new MemoryPersistence();
    const ui = new UiStore(UiStore.snapshotFrom(persistence, 'desktop'), persistence);
    ui.closeNotify();
    expect(ui.notifyClosed).toBe(true);
    expect(persistence.values.size).toBe(0);
    expect(new UiStore(UiStore.snapshotFrom(persistence, 'desktop'), persistence).notifyClosed).toBe(false);
  });
});

describe('loading bar', () => {
  it('has the spec constants: throttle 200 ms, duration 5000 ms, hide delay 500 ms', () => {
    expect(LOADING_BAR).toMatchObject({ throttleMs: 200, durationMs: 5000, hideDelayMs: 500 });
  });

  it('does not appear for loading shorter than the throttle', () => {
    const bar = new LoadingBarStore();
    bar.start();
    jest.advanceTimersByTime(199);
    bar.finish();
    jest.advanceTimersByTime(1000);
    expect(bar.visible).toBe(false);
  });

  it('appears after the throttle, fills over the duration, pauses, and hides 500 ms after finishing', () => {
    const bar = new LoadingBarStore();
    bar.start();
    jest.advanceTimersByTime(200);
    expect(bar.visible).toBe(true);
    jest.advanceTimersByTime(2500);
    expect(bar.percent).toBeCloseTo(50, 0);
    bar.pause();
    jest.advanceTimersByTime(1000);
    expect(bar.percent).toBeCloseTo(50, 0);
    bar.resume();
    bar.increase(10);
    expect(bar.percent).toBeCloseTo(60, 0);
    bar.finish();
    expect(bar.percent).toBe(100);
    jest.advanceTimersByTime(499);
    expect(bar.visible).toBe(true);
    jest.advanceTimersByTime(1);
    expect(bar.visible).toBe(false);
  });

  it('turns red on failure, even when the failure came before the throttle', () => {
    const bar = new LoadingBarStore();
    bar.start();
    jest.advanceTimersByTime(50);
    bar.fail();
    expect(bar.visible).toBe(true);
    expect(bar.failed).toBe(true);
    jest.advanceTimersByTime(500);
    expect(bar.visible).toBe(false);
  });
});

describe('fetch display delay', () => {
  it('shows a fast result no sooner than 200 ms after the fetch started, and a failure likewise', async () => {
    expect(FETCH_DISPLAY_DELAY_MS).toBe(200);
    let settled = false;
    const result = withMinimumDuration(() => Promise.resolve('data')).then((value) => {
      settled = true;
      return value;
    });
    await jest.advanceTimersByTimeAsync(199);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('data');
    const failure = withMinimumDuration(() => Promise.reject(new Error('down')));
    const caught = failure.catch((error: Error) => error.message);
    await jest.advanceTimersByTimeAsync(200);
    await expect(caught).resolves.toBe('down');
  });
});
