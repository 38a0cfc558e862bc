import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import type { Locale } from '@site/contracts';

/**
 * Intl objects are immutable for a (locale, messages) pair and expensive to build (they construct Intl.*
 * formatters), so one is shared by every render instead of one per provider per request. This is a cache of
 * values, not request state.
 */
const formatterCache = createIntlCache();
const byMessages = new WeakMap<Record<string, string>, Map<Locale, IntlShape>>();

function reportIntlError(error: { code?: string; message: string }) {
  if (error.code === 'MISSING_TRANSLATION') console.warn(error.message);
  else console.error(error.message);
}

export function intlFor(locale: Locale, messages: Record<string, string>): IntlShape {
  let perLocale = byMessages.get(messages);
  if (!perLocale) {
    perLocale = new Map();
    byMessages.set(messages, perLocale);
  }
  let intl = perLocale.get(locale);
  if (!intl) {
    intl = createIntl({ locale, messages, defaultLocale: 'ru', onError: reportIntlError }, formatterCache);
    perLocale.set(locale, intl);
  }
  return intl;
}

const NO_MESSAGES: Record<string, string> = {};
export const emptyMessages = NO_MESSAGES;
