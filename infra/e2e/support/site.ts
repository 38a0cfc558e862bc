import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

/** Opens a path and waits until the page is interactive (the shell marks the root once hydrated). */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await untilHydrated(page);
}

/**
 * Waits until the page has hydrated and so has each of its interactive sections that is not lazy (a section further
 * down, a form, hydrates after the page, once its code has arrived): what a visitor then does is handled by the
 * code. Static sections keep their server HTML and have no code to wait for.
 */
export async function untilHydrated(page: Page): Promise<void> {
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await expect
    .poll(() =>
      page.evaluate(() => {
        const hydrated = new Set(performance.getEntriesByName('site:section-hydrated').map((entry) => (entry as PerformanceMark).detail?.id as string));
        const store = JSON.parse(document.getElementById('__SITE_STATE__')?.textContent ?? '{}') as {
          store?: { page?: { current?: { sections?: Array<{ descriptor: { id: string }; status: string; lazy?: boolean; staticHtml?: boolean }> } } };
        };
        const sections = store.store?.page?.current?.sections ?? [];
        return sections
          .filter((view) => view.status === 'ready' && !view.lazy && !view.staticHtml)
          .map((view) => view.descriptor.id)
          .filter((id) => !hydrated.has(id));
      }),
    )
    .toEqual([]);
}

/**
 * A visitor who has accepted cookies and closed the seeded alerts: the bottom dock stays empty, so tests about
 * something else see the page as it is.
 */
export async function asReturningVisitor(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (!localStorage.getItem('cookies')) localStorage.setItem('cookies', 'true');
    if (!localStorage.getItem('hiddenAlerts')) localStorage.setItem('hiddenAlerts', JSON.stringify(['admission-2027', 'library-hours']));
  });
}

/**
 * Notes in each page of the context when it starts observing interactions (a PerformanceObserver of `event` entries),
 * and counts the interactions the browser has measured: the shell loads its Web Vitals code once the page has loaded
 * and the main thread is idle (at most 4 s later), and a page left before that reports no INP; the browser measures an
 * interaction only once the frame after it is presented, and a page left before that reports none either. Pair with
 * `untilObservingInteractions` (before the interaction) and `untilInteractionMeasured` (after it).
 */
export async function noteInteractionObserver(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const page = window as unknown as { observingInteractions: boolean; measuredInteractions: number; longestInteraction: number };
    const observe = PerformanceObserver.prototype.observe;
    page.measuredInteractions = 0;
    page.longestInteraction = 0;
    const counter = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!((entry as PerformanceEventTiming).interactionId > 0)) continue;
        page.measuredInteractions += 1;
        page.longestInteraction = Math.max(page.longestInteraction, entry.duration);
      }
    });
    // What web-vitals' onINP observes: `event` entries from its default threshold (40 ms) and the page's `first-input`
    // one, which is all a quicker interaction leaves. (A lower threshold here once saw a 16 ms click that the library
    // never saw; it reported the first input's 8 ms.)
    observe.call(counter, { type: 'first-input', buffered: true });
    observe.call(counter, { type: 'event', buffered: true, durationThreshold: 40 });
    PerformanceObserver.prototype.observe = function (options) {
      if (options?.type === 'event') page.observingInteractions = true;
      return observe.call(this, options);
    };
  });
}

/** Waits until the page observes interactions (see noteInteractionObserver): an interaction now counts towards INP. */
export async function untilObservingInteractions(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { observingInteractions?: boolean }).observingInteractions === true)).toBe(true);
}

/**
 * Waits until the browser has measured an interaction on the page (see noteInteractionObserver) and web-vitals has
 * taken it in: leaving the page now reports its INP. Answers the longest interaction measured so far, in milliseconds
 * (the page's INP while it has had fewer than 50; 0 is a measurement too: durations are rounded to 8 ms).
 *
 * web-vitals takes the browser's entries in an idle callback and, when the page is hidden, reports only what it has
 * taken in (its hidden handler runs before the pending idle callback's): a page left in between reports no INP. The
 * idle callback asked for here runs after the one web-vitals asked for when the entry arrived.
 */
export async function untilInteractionMeasured(page: Page): Promise<number> {
  await expect.poll(() => page.evaluate(() => (window as unknown as { measuredInteractions?: number }).measuredInteractions ?? 0)).toBeGreaterThan(0);
  return page.evaluate(
    () => new Promise<number>((resolve) => requestIdleCallback(() => resolve((window as unknown as { longestInteraction: number }).longestInteraction))),
  );
}

/** Requests the browser makes to the content API for page data (through the shell's `/api/` proxy). */
export function pageDataRequests(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^\/api\/(ru|en)\/pages\//.test(url.pathname)) requests.push(`${url.pathname}${url.search.replace(/[?&]t=\d+/, '')}`);
  });
  return requests;
}

/** A visitor whose browser asks to save data: the shell then prefetches nothing, so each navigation fetches. */
export async function withoutPrefetch(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } });
  });
}

/** WCAG relative luminance contrast of two CSS colours as the browser computed them (rgb(...)). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/\d+(\.\d+)?/g) ?? ['0', '0', '0']).slice(0, 3).map((part) => {
      const channel = Number(part) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The path of the shell's entry script (content-hashed) as a page names it. */
export async function shellEntryPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/')).text();
  const entry = /"(\/_shell\/main\.[0-9a-f]{10}\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('the home page names no shell entry script (/_shell/main.<hash>.js)');
  return entry;
}
