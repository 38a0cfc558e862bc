import { localizePath, type Locale, type NavMenuItem } from '@site/contracts';

/** Whether a menu entry leads to the page on screen (or, for an entry with children, to one of its children). */
export function isCurrentEntry(item: NavMenuItem, currentPath: string, locale: Locale): boolean {
  if (/^(https?:|mailto:|tel:|#)/i.test(item.href)) return false;
  const own = localizePath(item.href.split(/[?#]/)[0] ?? '/', locale);
  if (own === currentPath) return true;
  return (item.children ?? []).some((child) => isCurrentEntry(child, currentPath, locale));
}

/** Whether any entry of the menu, or of its children, leads to the given (localised) path. */
export function leadsTo(items: NavMenuItem[], localisedPath: string, locale: Locale): boolean {
  return items.some((item) => {
    if (/^(https?:|mailto:|tel:|#)/i.test(item.href)) return false;
    return localizePath(item.href.split(/[?#]/)[0] ?? '/', locale) === localisedPath || leadsTo(item.children ?? [], localisedPath, locale);
  });
}
