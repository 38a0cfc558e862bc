import { lazy, Suspense } from 'react';

/**
 * The design system's showcase is a page few visitors open: its code is a chunk of its own instead of part of every
 * page's first load. The server renders it completely (it waits for all of the page), and the browser keeps that
 * HTML until the chunk has arrived.
 */
const UiKitPage = lazy(() => import(/* webpackChunkName: "ui-kit" */ './UiKitPage').then(({ UiKitPage: page }) => ({ default: page })));

export function LazyUiKitPage() {
  return (
    <Suspense>
      <UiKitPage />
    </Suspense>
  );
}
