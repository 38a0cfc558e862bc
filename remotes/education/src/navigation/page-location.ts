import { useLocation } from 'react-router-dom';
import { splitLocaleFromPath } from '@site/contracts';

/**
 * The current page as link-building controls need it: the path without the locale prefix (SiteLink adds it back)
 * and the query string, so a tab link keeps the page's other parameters.
 */
export function usePageLocation(): { path: string; search: string } {
  const location = useLocation();
  return { path: splitLocaleFromPath(location.pathname).path, search: location.search };
}
