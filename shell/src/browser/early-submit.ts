import { SECTION_HYDRATED_MARK, type SectionHydratedDetail } from '../sections/hydration-mark';
import { STATIC_BODY } from './static-links';

/** Whether the browser has marked the section as hydrated (see markSectionHydrated). */
function sectionHydrated(win: Window, id: string): boolean {
  return win.performance.getEntriesByName(SECTION_HYDRATED_MARK).some((entry) => (entry as PerformanceMark).detail?.id === id);
}

/** Resolves once the section is hydrated: its code has rendered over its server HTML. */
function whenSectionHydrated(win: Window, id: string): Promise<void> {
  if (sectionHydrated(win, id)) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName(SECTION_HYDRATED_MARK).some((entry) => ((entry as PerformanceMark).detail as SectionHydratedDetail | null)?.id === id)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'mark' });
  });
}

/**
 * A form of an interactive section sent before the section has hydrated (its code still on the way, as for a form
 * further down a page) would go to the server as a plain POST of the page address and lose what was typed. Such a
 * submission is held instead, and sent again by the section's own code (its validation, captcha and upload) once
 * it has hydrated, with the same submit button. GET forms of static sections are the router's (see static-links).
 * Answers the function that stops holding.
 */
export function holdSubmissionsUntilHydrated(win: Window): () => void {
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target instanceof HTMLFormElement ? event.target : null;
    if (!form || event.defaultPrevented || form.method !== 'post') return;
    const frame = form.closest('[data-section-id]');
    const id = frame?.getAttribute('data-section-id');
    if (!frame || !id || frame.getAttribute('data-section-status') !== 'ready' || frame.querySelector(STATIC_BODY)) return;
    if (sectionHydrated(win, id)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter instanceof HTMLElement && form.contains(event.submitter) ? event.submitter : null;
    void whenSectionHydrated(win, id).then(() => {
      if (form.isConnected) form.requestSubmit(submitter);
    });
  };
  win.addEventListener('submit', onSubmit, true);
  return () => win.removeEventListener('submit', onSubmit, true);
}
