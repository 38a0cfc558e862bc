import { expect, test } from '@playwright/test';

// The phone bench and this test choose their pages with the same module.
import { benchPages } from '../../orchestrator/src/site-pages.js';

/**
 * On a first visit the alerts and the cookie notice appear after the page has loaded. On every page the phone bench
 * measures, the largest paint must be the page's own content from the server HTML, never one of those late parts:
 * otherwise the page's LCP waits for them.
 */
// Every page is a first visit of its own: the two halves of the list may be checked side by side.
test.describe.configure({ mode: 'parallel' });

for (const half of [0, 1]) {
  test(`on every benchmarked page (half ${half + 1} of 2), the largest paint of a first visit on a phone is the page, not the bottom dock`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const all = (await benchPages(baseURL!.replace(/\/$/, ''))).pages;
    expect(all.length).toBeGreaterThanOrEqual(20);
    const pages = all.filter((_page, index) => index % 2 === half);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
    const problems: string[] = [];
    try {
      for (const { path } of pages) {
        const page = await context.newPage();
        await page.goto(path);
        // What comes after load: the dock with the alerts' line and the cookie notice (a first visit shows both).
        await expect(page.locator('[data-bottom-dock] [data-alerts], [data-bottom-dock] [data-cookie-notice]').first()).toBeVisible();
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        // Largest-contentful-paint entries reach a buffered observer only (not the performance timeline).
        const largest = await page.evaluate(
          () =>
            new Promise<{ inDock: boolean; tag: string; size: number } | null>((resolve) => {
              new PerformanceObserver((list, observer) => {
                observer.disconnect();
                const last = list.getEntries().at(-1) as (PerformanceEntry & { element: Element | null; size: number }) | undefined;
                resolve(last ? { inDock: !!last.element?.closest('[data-bottom-dock]'), tag: last.element?.tagName ?? '(removed)', size: last.size } : null);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
              setTimeout(() => resolve(null), 2000);
            }),
        );
        if (!largest) problems.push(`${path}: no largest-contentful-paint entry`);
        else if (largest.inDock) problems.push(`${path}: the largest paint is a ${largest.tag} of the bottom dock (${largest.size} px²)`);
        await page.close();
        await context.clearCookies();
      }
    } finally {
      await context.close();
    }
    expect(problems).toEqual([]);
  });
}
