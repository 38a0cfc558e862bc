/**
 * The code a client navigation runs and the hydration of the server-rendered page does not: the page loaders, the
 * backend's page and init calls with their response checkers, section resolution and link prefetching. Browsers load
 * it as one chunk (see navigation.ts); nothing here may be imported statically by the browser's entry.
 */
export { backendPage, notFoundPage, ownErrorPage, registrySectionsPage, shellPage } from './page-loader';
export { LinkPrefetcher } from './link-prefetcher';
export { resolveSections } from '../sections/resolve-sections';
export { endpoints } from '../api/endpoints';
export { normaliseInit } from '../stores/init-store';
