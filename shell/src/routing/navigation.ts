import { loadOnce } from '../lib/load-once';

export type NavigationCode = typeof import('./navigation-code');

/**
 * The code of client navigations, as one chunk: the page the server rendered hydrates without it, so a phone
 * downloads and evaluates ~10 KB less before its first page is usable. The browser asks for it once the page has
 * hydrated and is idle (link prefetching needs it), or with the first navigation, whichever comes first; the server
 * loads it with its first page.
 */
export const navigationCode: () => Promise<NavigationCode> = loadOnce(() => import(/* webpackChunkName: "navigation" */ './navigation-code'));
