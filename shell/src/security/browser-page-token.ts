/** The `Server-Timing` entry the shell sends each page view's token in (see security/page-tokens.ts). */
const PAGE_TOKEN_TIMING = 'pt';

/**
 * This page view's token, which makes the browser's reports count: the shell sends it with the page as a
 * `Server-Timing` entry (one per view, outside the cached page), which the navigation's timing exposes to the page.
 * Null when the page came without one.
 */
export function pageToken(): string | null {
  try {
    const navigation = performance.getEntriesByType('navigation')[0];
    return navigation?.serverTiming?.find((entry) => entry.name === PAGE_TOKEN_TIMING)?.description || null;
  } catch {
    return null;
  }
}
