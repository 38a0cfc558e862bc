import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { splitLocaleFromPath } from '@site/contracts';

/**
 * Routing for sections. The shell owns the router; sections reach it only through these hooks and SiteLink, so
 * the router library stays inside the shell and one copy of it serves the page.
 */

/**
 * The current page as link-building controls need it: the path without the locale prefix (SiteLink adds it back)
 * and the query string, so a filter or tab link keeps every other parameter of the page.
 */
export function usePageLocation(): { path: string; search: string } {
  const location = useLocation();
  return { path: splitLocaleFromPath(location.pathname).path, search: location.search };
}

/** The page's query parameters, e.g. a form's subject in `/apply?eventId=1`. */
export function usePageQuery(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

/** Client-side navigation to a localised path (`useShell().localePath(...)`), as a link click would do it. */
export function useNavigateTo(): (to: string, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback((to: string, options?: { replace?: boolean }) => void navigate(to, options), [navigate]);
}
