import { useEffect } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import { handleShareButtonsWithoutCode, scrollToHash, servedAsDocument } from '@site/ui';
import { STATIC_LAYOUT_ATTRIBUTE } from '../layout/kept-server-html';

/** The attribute of a static section's body (see SectionFrame): its server HTML has no code of its own. */
export const STATIC_BODY = '[data-static-section]';
/** Server HTML without code of its own: a static section's body, or a part of the layout that keeps its server HTML. */
const WITHOUT_CODE = `${STATIC_BODY}, [${STATIC_LAYOUT_ATTRIBUTE}]`;

/** Paths the router never shows: the API and its media, the platform's own routes, and what SiteLink loads as a document. */
function leavesTheRouter(url: URL): boolean {
  return /^\/(api|_shell|_platform)\//.test(url.pathname) || servedAsDocument(url.pathname);
}

/**
 * Where the router should go for a click on a link of a static section, or null when the browser should follow
 * it itself. The rules are SiteLink's (which renders these links on the server): another origin, a new tab, a
 * download, a file or a modified click stays with the browser; a hash of the page scrolls to its anchor.
 */
function routerTargetOf(event: MouseEvent, location: Location): { anchor: HTMLAnchorElement; url: URL } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[href]') : null;
  if (!anchor?.closest(WITHOUT_CODE)) return null;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, location.href);
  } catch {
    return null;
  }
  if (url.origin !== location.origin || leavesTheRouter(url)) return null;
  return { anchor, url };
}

/**
 * Where the router should go for the submission of a GET form of a static section (a list's search box), or null
 * when the browser should submit it itself: the address the browser would load, the form's fields as its query.
 */
function routerSubmissionOf(event: SubmitEvent, location: Location): string | null {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  if (event.defaultPrevented || !form?.closest(WITHOUT_CODE)) return null;
  const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
  if ((submitter?.getAttribute('formmethod') ?? form.method).toLowerCase() !== 'get') return null;
  if (submitter?.getAttribute('formtarget') ?? form.target) return null;
  let url: URL;
  try {
    url = new URL(submitter?.getAttribute('formaction') ?? form.action, location.href);
  } catch {
    return null;
  }
  if (url.origin !== location.origin || leavesTheRouter(url)) return null;
  const fields = [...new FormData(form, submitter)].map(([name, value]): [string, string] => [name, typeof value === 'string' ? value : value.name]);
  url.search = new URLSearchParams(fields).toString();
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Static sections keep their server HTML without their code, so their links and forms have no handlers: handlers
 * on the document send their internal links and GET forms (a search box) through the router (a client navigation,
 * held by the leave guard like any other link) instead of a document load. Their share links' "copy link" buttons
 * get the design system's handler.
 */
export function useStaticSectionLinks(navigate: NavigateFunction, win: Window): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = routerTargetOf(event, win.location);
      if (!target) return;
      const { anchor, url } = target;
      if (anchor.getAttribute('href')?.startsWith('#')) {
        // A link to an anchor of this page: a smooth scroll, as SiteLink does.
        if (scrollToHash(url.hash)) {
          event.preventDefault();
          win.history.pushState(win.history.state, '', url.hash);
        }
        return;
      }
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${win.location.pathname}${win.location.search}${win.location.hash}`;
      void navigate(to, { replace: to === here });
    };
    const onSubmit = (event: SubmitEvent) => {
      const to = routerSubmissionOf(event, win.location);
      if (!to) return;
      event.preventDefault();
      void navigate(to);
    };
    win.document.addEventListener('click', onClick);
    win.document.addEventListener('submit', onSubmit);
    const stopShareButtons = handleShareButtonsWithoutCode(win.document, STATIC_BODY);
    return () => {
      win.document.removeEventListener('click', onClick);
      win.document.removeEventListener('submit', onSubmit);
      stopShareButtons();
    };
  }, [navigate, win]);
}
