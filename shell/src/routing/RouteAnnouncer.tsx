import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation } from 'react-router-dom';
import { VisuallyHidden } from '@site/ui';
import { useStore } from '../stores/contexts';

/**
 * Moves focus to the new page's main heading (the first `h1` inside `<main>`, else `<main>` itself), made
 * focusable with tabindex=-1 without scrolling: the router has already put the view where it belongs.
 */
function focusMainHeading(doc: Document): HTMLElement | null {
  const main = doc.getElementById('main') ?? doc.querySelector('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return null;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  return target;
}

/** What a screen reader hears for a new page: its title, else its main heading, else its address. */
function announcementOf(doc: Document, pathname: string): string {
  const title = doc.title.trim();
  if (title) return title;
  const heading = doc.querySelector('main h1')?.textContent?.trim();
  return heading || pathname;
}

/**
 * After a client-side navigation to another page, focus goes to the page's main heading and a polite live region
 * names the new page, as a full page load would for a screen reader (the way Next.js's route announcer does).
 * The first page is left alone: the browser announces a document load itself. A change of the query or a hash
 * on the same page is not a new page; a hash hands focus to the anchor's own handling.
 */
export const RouteAnnouncer = observer(function RouteAnnouncer() {
  const { page } = useStore();
  const { pathname, hash } = useLocation();
  const shown = page.error ?? page.current;
  const [announcement, setAnnouncement] = useState('');
  const handled = useRef<{ shown: typeof shown; pathname: string } | null>(null);

  useEffect(() => {
    const last = handled.current;
    // Acts when the shown page changes (the address changes first, while the new page loads).
    if (!shown || last?.shown === shown) return;
    handled.current = { shown, pathname };
    if (!last || last.pathname === pathname) return;
    // After the new page's sections have been committed and the head (title) updated.
    const frame = requestAnimationFrame(() => {
      if (!hash) focusMainHeading(document);
      setAnnouncement(announcementOf(document, pathname));
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, pathname, hash]);

  return (
    <VisuallyHidden as="div" aria-live="polite" aria-atomic="true" data-route-announcer>
      {announcement}
    </VisuallyHidden>
  );
});
