import { makeAutoObservable } from 'mobx';
import { DEFAULT_LOCALE, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS, isLocale, type Locale } from '@site/contracts';
import type { Persistence } from './persistence';

/** The visitor's locale: only ru and en are accepted; anything else is ignored, so a stray cookie or parameter cannot select a language the site lacks. */
export class LocaleStore {
  locale: Locale;

  constructor(
    initial: Locale = DEFAULT_LOCALE,
    private readonly persistence?: Persistence,
  ) {
    this.locale = initial;
    makeAutoObservable<LocaleStore, 'persistence'>(this, { persistence: false });
  }

  /** Sets the locale and stores the cookie; returns false (and changes nothing) for an unsupported locale. */
  setLocale(next: unknown): boolean {
    if (!isLocale(next)) return false;
    this.persistence?.set(LOCALE_COOKIE, next, { cookie: true, maxAgeDays: LOCALE_COOKIE_MAX_AGE_DAYS });
    this.locale = next;
    return true;
  }
}
