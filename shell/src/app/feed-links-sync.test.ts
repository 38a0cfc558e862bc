/** @jest-environment jsdom */
import { syncHead, type HeadState } from './head-sync';

const feedLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][type]')].map((link) => ({ type: link.type, title: link.title, href: link.href }));

describe('feed links after a client navigation', () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<link rel="canonical" href="https://site.example/about"><link rel="alternate" hreflang="ru" href="https://site.example/about"><link rel="alternate" hreflang="en" href="https://site.example/en/about">';
  });

  const state = (path: string, locale: 'ru' | 'en' = 'ru'): HeadState => ({
    locale,
    path,
    title: 'Page',
    postfix: 'Университет',
    siteSeo: undefined,
    pageSeo: undefined,
    siteName: 'Университет',
  });

  test('the news pages and the home page advertise the news feed, the events pages the calendar, other pages none', () => {
    syncHead(document, state('/news'));
    expect(feedLinks()).toEqual([{ type: 'application/rss+xml', title: 'Новости — Университет', href: 'https://site.example/news/feed.xml' }]);
    // After the hreflang alternates, as the server writes them.
    expect(document.head.querySelector('link[hreflang="en"]')?.nextElementSibling?.getAttribute('type')).toBe('application/rss+xml');
    syncHead(document, state('/events/5', 'en'));
    expect(feedLinks()).toEqual([{ type: 'text/calendar', title: 'Events — Университет', href: 'https://site.example/en/events/calendar.ics' }]);
    syncHead(document, state('/'));
    expect(feedLinks()).toEqual([{ type: 'application/rss+xml', title: 'Новости — Университет', href: 'https://site.example/news/feed.xml' }]);
    syncHead(document, state('/about'));
    expect(feedLinks()).toEqual([]);
  });
});
