import type { SvedenItemprop } from '@site/contracts/education';

/**
 * The microdata attribute of an item, written `itemprop` in lower case as the recommendations' examples and the
 * regulator's text-based checker expect. React names the attribute `itemProp` and writes it so; an attribute passed in
 * lower case is one React does not know and renders exactly as given (React 19), on the server and in the browser.
 * Spread it on an element: `<td {...itemprop('fio')}>`. Nothing is added when there is no item.
 */
export function itemprop(name: SvedenItemprop | undefined): { itemprop?: SvedenItemprop } {
  return name ? { itemprop: name } : {};
}
