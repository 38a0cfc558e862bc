import { useState } from 'react';
import { untracked } from 'mobx';
import { useStore } from '../stores/contexts';

/**
 * The attribute of a part of the layout that keeps its server HTML in the browser (see `useKeptServerHtml`); the
 * browser's handlers send the internal links inside it through the router (see browser/static-links.ts).
 */
export const STATIC_LAYOUT_ATTRIBUTE = 'data-static-layout';

/**
 * What an element that keeps its server HTML is given as `dangerouslySetInnerHTML` (a static section's body, the
 * footer): React hydrates the element and leaves the server's DOM inside it. One object for every render: React
 * compares the HTML string, which stays empty, so it never writes the element.
 */
export const KEEP_SERVER_HTML = { __html: '' } as const;

/**
 * Whether a part of the layout that has no behaviour of its own (the footer: text and links) keeps its server HTML in
 * the browser instead of rendering with its code: the page's hydration then skips it, a slow phone's main thread does
 * not spend on it. The part keeps it while what it renders from (`inputs`: the locale, the site's texts, the colour
 * scheme) is what the server rendered it with; from the first change on, it renders with its code. A part rendered
 * after the first page's hydration (mounted again) renders with its code, and so does every part on the server.
 *
 * The part renders its own root element with `dangerouslySetInnerHTML={KEEP_SERVER_HTML}` and
 * `suppressHydrationWarning` while this is true: its attributes are the server's, so React hydrates the element and
 * leaves what is inside it. It carries `STATIC_LAYOUT_ATTRIBUTE` in both renders.
 */
export function useKeptServerHtml(inputs: readonly unknown[]): boolean {
  const store = useStore();
  // The inputs of the hydration's render; null when there was none (the server, or a part mounted afterwards).
  const [served] = useState<readonly unknown[] | null>(() => (store.env.isServer || untracked(() => store.ui.pageLoaded) ? null : inputs));
  const [changed, setChanged] = useState(false);
  if (!served || changed) return false;
  const same = served.length === inputs.length && served.every((value, index) => Object.is(value, inputs[index]));
  // Once rendered with its code, the part never goes back to the kept HTML (there is none any more).
  if (!same) setChanged(true);
  return same;
}
