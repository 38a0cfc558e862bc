import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';

/**
 * A first visit (no cookies flag, no hidden alerts: the bottom dock shows the alerts and the cookie notice) at a
 * small phone, a phone and a desktop size, with the accessibility panel's text size at 100, 150 and 200 %: the page
 * reflows without horizontal scrolling (WCAG 1.4.4, 1.4.10), the dock covers at most a quarter of the screen, and
 * anchors land on their target; at 200 %, every control of the accessibility panel can be clicked and axe finds
 * nothing serious.
 * One browser context per size; its page is reused for every text size and path.
 */
/** A phone's browser (the server renders the phone's layout for it from the first byte, as it does for real phones). */
const PHONE_USER_AGENT = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const SIZES = [
  { width: 320, height: 640, userAgent: PHONE_USER_AGENT },
  { width: 375, height: 740, userAgent: PHONE_USER_AGENT },
  { width: 1280, height: 900, userAgent: undefined },
] as const;
const TEXT_SIZES = [100, 150, 200] as const;
/**
 * axe and the open panel's controls are checked at the largest text size, where text and controls need the most room
 * (axe's rules and the panel's controls do not depend on the text size otherwise); layout, shifts and the dock at all three.
 */
const LARGEST_TEXT_SIZE = TEXT_SIZES[TEXT_SIZES.length - 1];
/** The event page is a seeded event (the demo content always has it). */
const PATHS = ['/', '/en/news', '/contacts', '/events/5'] as const;

/** Sets the text size as the accessibility panel stores it (local storage and its cookie mirror; 100 % is the absence of both). */
async function setTextSize(page: Page, baseURL: string, percent: number): Promise<void> {
  const context = page.context();
  await page.evaluate((value) => {
    if (value === '100') localStorage.removeItem('fontSize');
    else localStorage.setItem('fontSize', value);
  }, String(percent));
  await context.clearCookies({ name: 'fontSize' });
  if (percent !== 100) await context.addCookies([{ name: 'fontSize', value: String(percent), url: baseURL }]);
}

/** Opens a path as a first-time visitor sees it once the page has loaded: hydrated, the alerts and the cookie notice in the dock. */
async function openWithDock(page: Page, path: string, percent: number): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect(page.locator('[data-alerts]')).toBeVisible();
  await expect(page.locator('[data-cookie-notice]')).toBeVisible();
  if (percent === 100) await expect(page.locator('html')).not.toHaveAttribute('data-font-scale');
  else await expect(page.locator('html')).toHaveAttribute('data-font-scale', String(percent));
  expect(await page.evaluate(() => [localStorage.getItem('cookies'), localStorage.getItem('hiddenAlerts')])).toEqual([null, null]);
}

/** Waits until the page has stopped scrolling (a smooth scroll has ended): the same scroll position for several frames. */
async function settledScroll(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const check = () => {
          const y = window.scrollY;
          still = y === last ? still + 1 : 0;
          last = y;
          if (still >= 10) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** How far the dock reaches up from the bottom of the viewport, in px, and the viewport's height. */
async function dockCover(page: Page): Promise<{ covered: number; viewport: number }> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll('[data-alerts], [data-cookie-notice]')]
      .map((part) => part.getBoundingClientRect())
      .filter((box) => box.height > 0);
    const top = Math.min(window.innerHeight, ...boxes.map((box) => box.top));
    // What the dock's own box clips (it scrolls when its parts need more room) covers nothing.
    const dockTop = document.querySelector('[data-bottom-dock-parts]')?.getBoundingClientRect().top ?? 0;
    return { covered: Math.round(window.innerHeight - Math.max(top, dockTop)), viewport: window.innerHeight };
  });
}

/**
 * The controls (a selector) that elementFromPoint does not hit at their centre: where they are, or (scroll) once
 * scrolled into view as a browser scrolls a control it moves focus or a click to.
 */
async function unclickable(page: Page, controls: string, scroll: boolean): Promise<string[]> {
  return page.evaluate(
    ([selector, scrollFirst]) => {
      const missed: string[] = [];
      for (const control of document.querySelectorAll<HTMLElement>(selector)) {
        if (scrollFirst) control.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
        const box = control.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!hit || !control.contains(hit)) {
          const by = hit?.closest('[data-cookie-notice], [data-alerts], header, [data-back-to-top]');
          missed.push(`${control.textContent?.trim() || control.getAttribute('aria-label')} (under ${by?.tagName ?? hit?.tagName ?? 'nothing'})`);
        }
      }
      return missed;
    },
    [controls, scroll] as const,
  );
}

/**
 * The page's layout shifts so far (the sum of every shift without recent input: never less than the CLS that Web
 * Vitals reports) and whether its largest paint is one of the alerts.
 */
async function shiftsAndLargestPaint(page: Page): Promise<{ shifts: number; largestPaintInAlerts: boolean }> {
  return page.evaluate(
    () =>
      new Promise<{ shifts: number; largestPaintInAlerts: boolean }>((resolve) => {
        const seen: { shifts: number; largest: Element | null } = { shifts: 0, largest: null };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            if (entry.entryType === 'layout-shift' && !(entry as PerformanceEntry & { hadRecentInput: boolean }).hadRecentInput)
              seen.shifts += (entry as PerformanceEntry & { value: number }).value;
            if (entry.entryType === 'largest-contentful-paint') seen.largest = (entry as PerformanceEntry & { element: Element | null }).element;
          }
        });
        observer.observe({ type: 'layout-shift', buffered: true });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => {
          observer.disconnect();
          resolve({ shifts: seen.shifts, largestPaintInAlerts: !!seen.largest?.closest('[data-alerts]') });
        }, 200);
      }),
  );
}

/** Where an anchor's target lies against where the page scrolls targets to (the root's top scroll padding), in px. */
async function anchorOffset(page: Page, id: string): Promise<number> {
  return page.evaluate((targetId) => {
    const target = document.getElementById(targetId)!;
    const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    return Math.round(target.getBoundingClientRect().top - padding);
  }, id);
}

test.describe('first visit at every size and text size', () => {
  test.describe.configure({ timeout: 360_000 });
  for (const size of SIZES) {
    test(`${size.width}×${size.height}: reflow, a small dock, a clickable accessibility panel, axe, anchors`, async ({ browser, baseURL }) => {
      // axe is injected as an inline script, which the site's Content-Security-Policy rightly refuses.
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, userAgent: size.userAgent, bypassCSP: true });
      const page = await context.newPage();
      const problems: string[] = [];
      const axeCounts: string[] = [];
      await page.goto('/');
      for (const percent of TEXT_SIZES) {
        await setTextSize(page, baseURL!, percent);
        for (const path of PATHS) {
          const where = `${path} at ${percent}%`;
          await openWithDock(page, path, percent);
          const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
          if (width.scroll > width.inner) problems.push(`${where}: scrolls sideways (${width.scroll} px wide in ${width.inner})`);
          const paint = await shiftsAndLargestPaint(page);
          if (paint.shifts > 0.05) problems.push(`${where}: layout shifts add up to ${paint.shifts.toFixed(3)}`);
          if (paint.largestPaintInAlerts) problems.push(`${where}: an alert is the largest paint`);
          const dock = await dockCover(page);
          if (dock.covered > dock.viewport / 4) problems.push(`${where}: the dock covers ${dock.covered} of ${dock.viewport} px`);
          // The dock's own buttons (the alerts' line, "More", "Accept") are all in view and clickable.
          for (const missed of await unclickable(page, '[data-bottom-dock] button', false)) problems.push(`${where}: dock control ${missed} cannot be clicked`);
          if (percent === LARGEST_TEXT_SIZE) {
            const { findings, total } = await seriousViolations(page);
            axeCounts.push(`${where}: ${total}`);
            for (const finding of findings)
              problems.push(`${where}: axe ${finding.rule} (${finding.impact}) at ${finding.nodes.map((node) => node.target).join(', ')}`);
            // Every control of the open accessibility panel is clickable while the dock is shown.
            await page.locator('[data-a11y-toggle]').click();
            await expect(page.locator('[data-a11y-panel]')).toBeVisible();
            for (const missed of await unclickable(page, '[data-a11y-panel] button', true))
              problems.push(`${where}: panel control ${missed} cannot be clicked`);
            await page.locator('[data-a11y-panel] [data-a11y-close]').click();
            await expect(page.locator('[data-a11y-panel]')).toHaveCount(0);
          }
          if (path === '/') {
            // Opened, the alerts still leave three quarters of the screen (scrolling inside the dock where they need
            // more), their line still closes them, and the cookie notice's buttons are within reach.
            await page.locator('[data-alerts-toggle]').click();
            await expect(page.locator('[data-alert-id]')).toHaveCount(2);
            const open = await dockCover(page);
            if (open.covered > open.viewport / 4) problems.push(`${where}: the opened alerts make the dock cover ${open.covered} of ${open.viewport} px`);
            for (const missed of await unclickable(page, '[data-alerts-toggle]', false))
              problems.push(`${where}: the opened alerts' line ${missed} cannot be clicked`);
            for (const missed of await unclickable(page, '[data-cookie-notice] button', true))
              problems.push(`${where}: cookie notice control ${missed} cannot be clicked`);
            await page.locator('[data-alerts-toggle]').click();
            await expect(page.locator('[data-alert-id]')).toHaveCount(0);
          }
        }
        // An anchor opened directly lands at its target with the dock shown.
        await openWithDock(page, '/contacts#write-to-us', percent);
        await settledScroll(page);
        const direct = await anchorOffset(page, 'write-to-us');
        if (Math.abs(direct) > 10) problems.push(`/contacts#write-to-us at ${percent}%: lands ${direct} px from its target`);
        // An in-page link scrolls smoothly to its anchor and lands there.
        await openWithDock(page, '/en/ui-kit', percent);
        // Every position the page scrolls through from the click on, recorded as it happens: on a busy machine the
        // smooth scroll can be over before the test looks.
        await page.evaluate(() => {
          const positions: number[] = [];
          (window as unknown as { scrolledThrough: number[] }).scrolledThrough = positions;
          addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
        });
        await page.getByRole('link', { name: 'An anchor on this page (smooth scroll)' }).first().click();
        await expect(page).toHaveURL(/#grid$/);
        await settledScroll(page);
        const positions = await page.evaluate(() => (window as unknown as { scrolledThrough: number[] }).scrolledThrough);
        const linked = await anchorOffset(page, 'grid');
        if (Math.abs(linked) > 10) problems.push(`/en/ui-kit → #grid at ${percent}%: lands ${linked} px from its target`);
        if (new Set(positions).size < 3) problems.push(`/en/ui-kit → #grid at ${percent}%: jumped instead of scrolling smoothly (${positions.join(', ')})`);
      }
      console.log(`axe serious+critical at ${size.width}×${size.height}: ${axeCounts.join('; ')}`);
      await context.close();
      expect(problems).toEqual([]);
    });
  }
});
