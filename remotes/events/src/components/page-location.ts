import { useLocation } from 'react-router-dom';
import { splitLocaleFromPath } from '@site/contracts';

/**
 * The current page as controls need it to build their links: the path without the locale prefix (SiteLink adds
 * it back) and the query string, so a filter link keeps every other parameter of the page.
 */
export function usePageLocation(): { path: string; search: string } {
  const location = useLocation();
  return { path: splitLocaleFromPath(location.pathname).path, search: location.search };
}
