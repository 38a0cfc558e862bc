import type { MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { localizePath, splitLocaleFromPath, type Locale } from '@site/contracts';
import { useStore } from '../stores/contexts';

export interface LanguageSwitch {
  /** The same page in the other locale, with its query and anchor. */
  href: string;
  locale: Locale;
  onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * The link to the same page in the other language, keeping the query and the anchor (`/about#privacy` →
 * `/en/about#privacy`). An in-page link moves the anchor without the router hearing of it, so a click takes the
 * anchor the address bar shows at that moment.
 */
export function useLanguageSwitch(): LanguageSwitch {
  const location = useLocation();
  const navigate = useNavigate();
  const { path } = splitLocaleFromPath(location.pathname);
  const { locale } = useStore().locale;
  const target: Locale = locale === 'ru' ? 'en' : 'ru';
  const page = `${localizePath(path, target)}${location.search}`;
  const href = `${page}${location.hash}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const hash = window.location.hash;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (hash === location.hash) return;
    event.preventDefault();
    void navigate(`${page}${hash}`);
  };
  return { href, locale: target, onClick };
}
