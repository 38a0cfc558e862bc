import { pageToken } from '../security/browser-page-token';

/** Where browsers report section errors: the endpoint that also receives CSP reports. */
const SECTION_REPORT_PATH = '/_csp-report';

/** Tells the shell a section failed in this browser (counted per remote, section and version; see /metrics). */
export function reportSectionError(failure: { remote: string; version: string; section: string }): void {
  if (typeof navigator === 'undefined') return;
  // The page view's token makes the report count (once per view and remote): a report without one is not evidence.
  const body = JSON.stringify({ type: 'section-error', remote: failure.remote, version: failure.version, section: failure.section, token: pageToken() });
  try {
    navigator.sendBeacon?.(SECTION_REPORT_PATH, new Blob([body], { type: 'application/json' }));
  } catch {
    // Reporting is best effort: the page goes on either way.
  }
}
