import { expect, test, type Page } from '@playwright/test';
import { startExtraShell, type ExtraShell } from '../support/extra-shell';
import { startHitCollector, type LoopbackServer, type PageHitRecord } from '../support/loopback';
import { putPage } from '../support/platform-control';
import { asReturningVisitor, openHydrated, pageDataRequests, withoutPrefetch } from '../support/site';

/** The stores seen from the browser: breakpoint type, navigation and page data, prefetch, analytics, touch and scroll (spec points 4 and 9). */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

test.describe('breakpoint type', () => {
  test('starts from the device type on the server', async ({ request }) => {
    for (const [agent, type] of [
      [IPHONE, 'mobile'],
      [IPAD, 'tablet'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const html = await (await request.get('/about', { headers: { 'user-agent': agent } })).text();
      expect(html, type).toContain(`data-breakpoint="${type}"`);
      expect(html.includes('data-menu="desktop"'), type).toBe(type === 'desktop');
      expect(html.includes('data-menu-toggle'), type).toBe(type !== 'desktop');
    }
  });

  test('follows the window width on resize: mobile under 767 px, tablet under 1023 px, desktop otherwise', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/about');
    const header = page.locator('[data-header]');
    for (const [width, type] of [
      [766, 'mobile'],
      [767, 'tablet'],
      [1022, 'tablet'],
      [1023, 'desktop'],
      [375, 'mobile'],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await expect(header, `${width} px`).toHaveAttribute('data-breakpoint', type);
    }
  });
});

test.describe('navigation and page data', () => {
  test.beforeAll(async ({ request }) => {
    const links = (prefix: string) => [
      { title: 'Tab two', href: `/${prefix}?tab=2` },
      { title: 'Other parameter', href: `/${prefix}?other=1` },
      { title: 'Back to the page', href: `/${prefix}` },
    ];
    await putPage(request, 'ru', {
      slug: 'e2e-query-ignored',
      title: 'Query ignored',
      components: [{ id: 'links', name: 'LinkCards', props: { items: links('e2e-query-ignored') } }],
    });
    await putPage(request, 'ru', {
      slug: 'e2e-query-watched',
      title: 'Query watched',
      watchQuery: ['tab'],
      components: [
        { id: 'links', name: 'LinkCards', props: { items: [...links('e2e-query-watched'), { title: 'To the ignoring page', href: '/e2e-query-ignored' }] } },
      ],
    } as Parameters<typeof putPage>[2]);
    // A lazy section that hydrates, a screen and more below the top (the home page's lazy sections are static).
    await putPage(request, 'ru', {
      slug: 'e2e-lazy-chunk',
      title: 'Lazy chunk',
      components: [
        { id: 'text', name: 'RichText', props: { html: Array.from({ length: 40 }, (_, n) => `<p>Paragraph ${n + 1}.</p>`).join('') } },
        { id: 'contact', name: 'ContactForm', lazy: true, props: {} },
      ],
    });
  });

  test('a route change refetches page data; a query change refetches only on a page that watches that parameter', async ({ page, context }) => {
    await asReturningVisitor(context);
    await withoutPrefetch(context);
    await openHydrated(page, '/e2e-query-watched');
    const requests = pageDataRequests(page);
    // A parameter the page does not watch: no request.
    await page.getByRole('link', { name: 'Other parameter' }).click();
    await expect(page).toHaveURL(/\?other=1$/);
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    // The watched one: the page is fetched with it.
    await page.getByRole('link', { name: 'Tab two' }).click();
    await expect(page).toHaveURL(/\?tab=2$/);
    await expect.poll(() => requests).toEqual(['/api/ru/pages/e2e-query-watched?tab=2']);
    await page.getByRole('link', { name: 'To the ignoring page' }).click();
    await expect(page.locator('[data-page="e2e-query-ignored"]')).toBeVisible();
    await page.getByRole('link', { name: 'Tab two' }).click();
    await expect(page).toHaveURL(/e2e-query-ignored\?tab=2$/);
    await page.waitForTimeout(500);
    expect(requests).toEqual(['/api/ru/pages/e2e-query-watched?tab=2', '/api/ru/pages/e2e-query-ignored']);
  });

  test('fetching shows pending for at least 200 ms, then the data with its timestamp', async ({ page, context }) => {
    await asReturningVisitor(context);
    await withoutPrefetch(context);
    await openHydrated(page, '/e2e-query-watched');
    const timing = await page.evaluate(
      () =>
        new Promise<{ busyFor: number; sawBusy: boolean }>((resolve) => {
          const main = document.querySelector('main')!;
          let sawBusy = false;
          const started = performance.now();
          const observer = new MutationObserver(() => {
            if (main.getAttribute('aria-busy') === 'true') sawBusy = true;
            else if (sawBusy) {
              observer.disconnect();
              resolve({ busyFor: performance.now() - started, sawBusy });
            }
          });
          observer.observe(main, { attributes: true, attributeFilter: ['aria-busy'] });
          (document.querySelector('a[href="/e2e-query-watched?tab=2"]') as HTMLAnchorElement).click();
        }),
    );
    expect(timing.sawBusy).toBe(true);
    expect(timing.busyFor).toBeGreaterThanOrEqual(195);
  });

  test('a failed lazy chunk reloads the page once, and not again within 60 s', async ({ page, context }) => {
    await asReturningVisitor(context);
    await withoutPrefetch(context);
    await page.route(/__federation_expose_ContactForm/, (route) => route.abort());
    let loads = 0;
    page.on('load', () => (loads += 1));
    // Not opened with openHydrated: the page hydrates and then reloads by itself, possibly while that helper looks at it.
    await page.goto('/e2e-lazy-chunk');
    // The lazy section's code is asked for once the browser is idle after load (at most 2 s) or when it comes near,
    // whichever is first; the request fails, and the page reloads by itself.
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(2);
    const guard = Number(await page.evaluate(() => sessionStorage.getItem('chunkReloadAt')));
    expect(Date.now() - guard).toBeLessThan(60_000);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    // Asked for again, idle and near, it fails again: the page stays.
    await page.evaluate(() => window.scrollBy(0, 4000));
    await page.waitForTimeout(3000);
    expect(loads).toBe(2);
    // The server's HTML of the section is still there: the visitor sees the content.
    await expect(page.locator('[data-section-id="contact"]')).toBeVisible();
  });
});

async function connectionAs(page: Page, state: { onLine?: boolean; saveData?: boolean; effectiveType?: string }): Promise<void> {
  await page.addInitScript((wanted) => {
    if (wanted.onLine === false) Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: !!wanted.saveData, effectiveType: wanted.effectiveType ?? '4g' } });
  }, state);
}

test.describe('idle link prefetch', () => {
  test('prefetches the page data behind visible links when idle, and the navigation uses it', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    const requests = pageDataRequests(page);
    await openHydrated(page, '/about');
    await expect
      .poll(() => requests, { timeout: 5000 })
      .toEqual(expect.arrayContaining(['/api/ru/pages/news', '/api/ru/pages/research', '/api/ru/pages/events']));
    const before = requests.length;
    await page.locator('[data-menu="desktop"]').getByRole('link', { name: 'Новости', exact: true }).click();
    await expect(page.locator('[data-page="news"]')).toBeVisible();
    // The news page's data came from the prefetch, not from a second request.
    expect(requests.slice(before).filter((url) => url === '/api/ru/pages/news')).toEqual([]);
  });

  for (const [name, state] of [
    ['offline', { onLine: false }],
    ['on 2g', { effectiveType: '2g' }],
    ['on slow-2g', { effectiveType: 'slow-2g' }],
    ['with data saver', { saveData: true }],
  ] as const) {
    test(`is skipped ${name}`, async ({ page, context }) => {
      await asReturningVisitor(context);
      await connectionAs(page, state);
      const requests = pageDataRequests(page);
      await openHydrated(page, '/about');
      // Past the idle time-out (2000 ms) with margin.
      await page.waitForTimeout(3000);
      expect(requests).toEqual([]);
    });
  }
});

test.describe('site analytics', () => {
  let collector: LoopbackServer & { hits: PageHitRecord[] };
  let shell: ExtraShell;

  test.beforeAll(async () => {
    collector = await startHitCollector();
    shell = await startExtraShell({ ANALYTICS_COUNTER_ID: 'e2e-counter-1', ANALYTICS_ENDPOINT: `${collector.url}/hit` });
  });

  test.afterAll(async () => {
    await shell?.stop();
    await collector?.close();
  });

  test('sends a page hit for the first page and for each route change, with the counter id', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, `${shell.url}/about`);
    await expect.poll(() => collector.hits.length).toBe(1);
    expect(collector.hits[0]).toMatchObject({
      counterId: 'e2e-counter-1',
      event: 'page-hit',
      url: `${shell.url}/about`,
      locale: 'ru',
      title: 'Об университете | Научно-технологический университет',
    });
    await page.locator('[data-menu="desktop"]').getByRole('link', { name: 'Новости', exact: true }).click();
    await expect.poll(() => collector.hits.length).toBe(2);
    expect(collector.hits[1]).toMatchObject({
      url: `${shell.url}/news`,
      referrer: `${shell.url}/about`,
      title: 'Новости | Научно-технологический университет',
    });
    await page.locator('[data-language-switch]').click();
    await expect.poll(() => collector.hits.length).toBe(3);
    expect(collector.hits[2]).toMatchObject({ url: `${shell.url}/en/news`, locale: 'en' });
  });

  test('sends nothing when no counter id is configured', async ({ page, context }) => {
    await asReturningVisitor(context);
    await context.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { beacons: string[] }).beacons = calls;
      const original = navigator.sendBeacon.bind(navigator);
      navigator.sendBeacon = (url, data) => {
        calls.push(String(url));
        return original(url, data);
      };
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/about');
    await page.locator('[data-menu="desktop"]').getByRole('link', { name: 'Новости', exact: true }).click();
    await expect(page.locator('[data-page="news"]')).toBeVisible();
    await page.waitForTimeout(300);
    // The platform's own telemetry (Web Vitals, section errors) goes to the CSP report endpoint; no analytics counter hit is sent.
    const beacons = await page.evaluate(() => (window as unknown as { beacons: string[] }).beacons);
    expect(beacons.filter((url) => new URL(url, page.url()).pathname !== '/_csp-report')).toEqual([]);
  });
});

test.describe('touch and scroll', () => {
  test('a touched control keeps its highlight for 500 ms after the finger lifts', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 800 }, baseURL });
    await asReturningVisitor(context);
    const page = await context.newPage();
    await openHydrated(page, '/about');
    const toggle = page.locator('[data-menu-toggle]');
    await page.evaluate(() => {
      const button = document.querySelector('[data-menu-toggle]')!;
      const record = window as unknown as { touchEndAt: number; highlightOffAt: number };
      document.addEventListener('touchend', () => (record.touchEndAt = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (!button.hasAttribute('data-touch-highlight') && record.touchEndAt) record.highlightOffAt = performance.now();
      }).observe(button, { attributes: true, attributeFilter: ['data-touch-highlight'] });
    });
    await toggle.tap();
    await expect(toggle).toHaveAttribute('data-touch-highlight', '');
    await expect(toggle).not.toHaveAttribute('data-touch-highlight', /.*/);
    const held = await page.evaluate(() => {
      const record = window as unknown as { touchEndAt: number; highlightOffAt: number };
      return record.highlightOffAt - record.touchEndAt;
    });
    expect(held).toBeGreaterThanOrEqual(490);
    await context.close();
  });

  test('after scrolling down a screen, "back to top" appears and takes the visitor to the top', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/');
    const button = page.locator('[data-back-to-top]');
    await expect(button).toHaveCount(0);
    await page.mouse.wheel(0, 2500);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.locator('[data-home-link]')).toBeFocused();
  });
});
