import { makeAutoObservable } from 'mobx';
import { isColorSchemeName, type BreakpointType, type ColorSchemeName } from '@site/contracts';
import {
  DEFAULT_FONT_SCALE,
  DEFAULT_READING_PREFERENCES,
  READING_PREFERENCE_NAMES,
  breakpointTypeForWidth,
  isFontScale,
  readingPreferenceValue,
  type FontScale,
  type ReadingPreferenceName,
  type ReadingPreferences,
} from '@site/ui';
import { STORAGE_KEYS, type Persistence } from './persistence';

export interface UiSnapshot {
  breakpoint: BreakpointType;
  colorScheme: ColorSchemeName | null;
  fontScale: FontScale;
  /** Letter spacing, line height, font family and images (the fuller accessible version). */
  reading: ReadingPreferences;
  /** Whether selected text is read aloud (where the browser can speak). */
  speech: boolean;
}

/** How long the accessibility preference cookies last. */
const PREFERENCE_COOKIE_DAYS = 365;

/**
 * Presentation state the shell owns: breakpoint type, accessibility colour scheme and font size, the cookie
 * notice, dismissed alerts and the top notification.
 */
export class UiStore {
  breakpoint: BreakpointType;
  colorScheme: ColorSchemeName | null;
  fontScale: FontScale;
  reading: ReadingPreferences;
  speech: boolean;
  /** Alerts show only after the page has loaded in the browser. */
  pageLoaded = false;
  /**
   * False until the page has loaded in the browser: the server and the hydrating browser both render the cookie
   * notice (the same HTML for every visitor; the preference script hides it before first paint for a visitor who
   * accepted), then the stored flag decides.
   */
  cookiesAccepted = false;
  hiddenAlertIds: string[] = [];
  /**
   * The alerts as their cards rather than as one line (their count and the first one's text). Not persisted: every
   * page load starts with the one line, so the alerts take little of the screen at any width and text size.
   */
  alertsExpanded = false;
  notifyClosed = false;

  constructor(
    snapshot: UiSnapshot,
    private readonly persistence: Persistence,
  ) {
    this.breakpoint = snapshot.breakpoint;
    this.colorScheme = snapshot.colorScheme;
    this.fontScale = snapshot.fontScale;
    this.reading = { ...snapshot.reading };
    this.speech = snapshot.speech;
    makeAutoObservable<UiStore, 'persistence'>(this, { persistence: false });
  }

  /** The presentation a snapshot starts from: the device type's breakpoint and whatever `persistence` has stored. */
  static snapshotFrom(persistence: Persistence, deviceBreakpoint: BreakpointType): UiSnapshot {
    const scheme = persistence.get(STORAGE_KEYS.colorScheme);
    const font = Number(persistence.get(STORAGE_KEYS.fontSize));
    return {
      breakpoint: deviceBreakpoint,
      colorScheme: isColorSchemeName(scheme) ? scheme : null,
      fontScale: isFontScale(font) ? font : DEFAULT_FONT_SCALE,
      reading: readingPreferencesFrom(persistence),
      speech: persistence.get(STORAGE_KEYS.speech) === 'on',
    };
  }

  /**
   * Takes over the stored colour scheme and font size in the browser, after hydration: the server HTML is the same
   * for every visitor (the preference script has already applied them to the root element before first paint).
   */
  restorePreferences(): void {
    const stored = UiStore.snapshotFrom(this.persistence, this.breakpoint);
    this.colorScheme = stored.colorScheme;
    this.fontScale = stored.fontScale;
    this.reading = stored.reading;
    this.speech = stored.speech;
  }

  /** Runs once the page has loaded in the browser: restores what only the browser stores. */
  markPageLoaded(): void {
    this.cookiesAccepted = this.persistence.get(STORAGE_KEYS.cookies) !== null;
    this.hiddenAlertIds = parseIdList(this.persistence.get(STORAGE_KEYS.hiddenAlerts));
    this.pageLoaded = true;
  }

  setBreakpointForWidth(width: number): void {
    this.breakpoint = breakpointTypeForWidth(width);
  }

  /** Choosing a scheme persists its name; choosing none removes it (the visitor is back on the site's default palette). */
  setColorScheme(scheme: ColorSchemeName | null): void {
    this.colorScheme = scheme;
    if (scheme) this.persistence.set(STORAGE_KEYS.colorScheme, scheme, { cookie: true, maxAgeDays: PREFERENCE_COOKIE_DAYS });
    else this.persistence.remove(STORAGE_KEYS.colorScheme);
  }

  setFontScale(scale: FontScale): void {
    this.fontScale = scale;
    if (scale === DEFAULT_FONT_SCALE) this.persistence.remove(STORAGE_KEYS.fontSize);
    else this.persistence.set(STORAGE_KEYS.fontSize, String(scale), { cookie: true, maxAgeDays: PREFERENCE_COOKIE_DAYS });
  }

  /** A reading preference persists under its own name; its default removes it. */
  setReadingPreference<Name extends ReadingPreferenceName>(name: Name, value: ReadingPreferences[Name]): void {
    this.reading = { ...this.reading, [name]: value };
    if (value === DEFAULT_READING_PREFERENCES[name]) this.persistence.remove(STORAGE_KEYS[name]);
    else this.persistence.set(STORAGE_KEYS[name], value, { cookie: true, maxAgeDays: PREFERENCE_COOKIE_DAYS });
  }

  /** Reading selected text aloud: on persists, off removes it. */
  setSpeech(on: boolean): void {
    this.speech = on;
    if (on) this.persistence.set(STORAGE_KEYS.speech, 'on', { cookie: true, maxAgeDays: PREFERENCE_COOKIE_DAYS });
    else this.persistence.remove(STORAGE_KEYS.speech);
  }

  /** Reset: the default colours, font size, reading preferences, and no reading aloud. */
  resetAccessibility(): void {
    this.setColorScheme(null);
    this.setFontScale(DEFAULT_FONT_SCALE);
    for (const name of READING_PREFERENCE_NAMES) this.setReadingPreference(name, DEFAULT_READING_PREFERENCES[name]);
    this.setSpeech(false);
  }

  acceptCookies(): void {
    this.cookiesAccepted = true;
    this.persistence.set(STORAGE_KEYS.cookies, 'true', { cookie: true, maxAgeDays: PREFERENCE_COOKIE_DAYS });
  }

  /** Hidden alert ids are persisted and never show again. */
  hideAlert(id: string | number): void {
    const key = String(id);
    if (this.hiddenAlertIds.includes(key)) return;
    this.hiddenAlertIds = [...this.hiddenAlertIds, key];
    this.persistence.set(STORAGE_KEYS.hiddenAlerts, JSON.stringify(this.hiddenAlertIds));
  }

  /** Shows the alerts as their cards (true) or as one line (false). */
  setAlertsExpanded(expanded: boolean): void {
    this.alertsExpanded = expanded;
  }

  isAlertHidden(id: string | number): boolean {
    return this.hiddenAlertIds.includes(String(id));
  }

  /** Closing the top notification is not persisted. */
  closeNotify(): void {
    this.notifyClosed = true;
  }

  snapshot(): UiSnapshot {
    return { breakpoint: this.breakpoint, colorScheme: this.colorScheme, fontScale: this.fontScale, reading: { ...this.reading }, speech: this.speech };
  }
}

function readingPreferencesFrom(persistence: Persistence): ReadingPreferences {
  const reading = { ...DEFAULT_READING_PREFERENCES };
  for (const name of READING_PREFERENCE_NAMES) {
    (reading as Record<ReadingPreferenceName, string>)[name] = readingPreferenceValue(name, persistence.get(STORAGE_KEYS[name]));
  }
  return reading;
}

function parseIdList(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}
