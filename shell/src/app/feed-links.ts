import { localePrefix, type Locale } from '@site/contracts';
import { intlFor } from '../i18n/intl-cache';
import { shellMessages, type MessageId } from '../i18n/messages';

/** The addresses of a locale's feeds, for the head's alternate links and the routes alike. */
export function feedPaths(locale: Locale): { news: string; calendar: string } {
  const prefix = localePrefix(locale);
  return { news: `${prefix}/news/feed.xml`, calendar: `${prefix}/events/calendar.ics` };
}

/**
 * A feed's text in a locale with its `{name}` values filled in. Formatted through react-intl: in browsers the
 * messages are precompiled (not strings), and the head's feed links are kept in sync there on client navigation.
 */
export function feedText(locale: Locale, id: MessageId, values: Record<string, string>): string {
  return intlFor(locale, shellMessages[locale]).formatMessage({ id }, values);
}

interface FeedAlternate {
  type: string;
  title: string;
  href: string;
}

/**
 * The feeds a page advertises in its head (`<link rel="alternate">`): the locale's news feed on the home page and
 * the news pages, the calendar of upcoming events on the events pages. The same for every visitor: part of the
 * cached HTML.
 */
export function feedAlternates(input: { locale: Locale; path: string; origin: string; siteName: string }): FeedAlternate[] {
  const paths = feedPaths(input.locale);
  const site = input.siteName;
  const alternates: FeedAlternate[] = [];
  if (input.path === '/' || input.path === '/news' || input.path.startsWith('/news/')) {
    alternates.push({
      type: 'application/rss+xml',
      title: feedText(input.locale, 'feeds.news.title', { siteName: site }),
      href: `${input.origin}${paths.news}`,
    });
  }
  if (input.path === '/events' || input.path.startsWith('/events/')) {
    alternates.push({
      type: 'text/calendar',
      title: feedText(input.locale, 'feeds.events.title', { siteName: site }),
      href: `${input.origin}${paths.calendar}`,
    });
  }
  return alternates;
}
