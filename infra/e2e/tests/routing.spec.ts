import { expect, test } from '@playwright/test';
import { putPage } from '../support/platform-control';
import { asReturningVisitor, openHydrated } from '../support/site';

/** Spec point 2 and issue 4 point 1: locale routing, static routes, the catch-all, redirects and hash links. */
test.describe('locale detection on the root path', () => {
  test('the i18n_redirected cookie en lands on /en', async ({ request }) => {
    const response = await request.get('/', { headers: { cookie: 'i18n_redirected=en', 'accept-language': 'ru-RU' }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/en');
  });

  test('without a cookie, Accept-Language en lands on /en; a language the site lacks and Russian stay on /', async ({ request }) => {
    const english = await request.get('/', { headers: { 'accept-language': 'en-GB,en;q=0.9' }, maxRedirects: 0 });
    expect(english.status()).toBe(302);
    expect(english.headers().location).toBe('/en');
    for (const language of ['de-DE,de;q=0.9', 'ru-RU,ru;q=0.9,en;q=0.5', '']) {
      const response = await request.get('/', { headers: { 'accept-language': language }, maxRedirects: 0 });
      expect(response.status(), language).toBe(200);
      expect(await response.text()).toContain('<html lang="ru"');
    }
  });

  test('the cookie wins over the browser language, and only the root path detects', async ({ request }) => {
    const russian = await request.get('/', { headers: { cookie: 'i18n_redirected=ru', 'accept-language': 'en' }, maxRedirects: 0 });
    expect(russian.status()).toBe(200);
    const unsupported = await request.get('/', { headers: { cookie: 'i18n_redirected=de', 'accept-language': 'ru' }, maxRedirects: 0 });
    expect(unsupported.status()).toBe(200);
    const about = await request.get('/about', { headers: { cookie: 'i18n_redirected=en', 'accept-language': 'en' }, maxRedirects: 0 });
    expect(about.status()).toBe(200);
    expect(await about.text()).toContain('<html lang="ru"');
  });
});

test.describe('routes', () => {
  const staticRoutes = ['/search', '/test', '/ui-kit', '/dev/student-life', '/dev/students-life'];
  for (const locale of ['ru', 'en'] as const) {
    const prefix = locale === 'ru' ? '' : '/en';
    test(`every static route answers in ${locale}, named <name>___${locale}`, async ({ request }) => {
      const names: Record<string, string> = {
        '/search': 'search',
        '/test': 'test',
        '/ui-kit': 'ui-kit',
        '/dev/student-life': 'dev-student-life',
        '/dev/students-life': 'dev-students-life',
      };
      for (const path of staticRoutes) {
        const response = await request.get(`${prefix}${path}`);
        expect(response.status(), `${prefix}${path}`).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${locale}"`);
        expect(html, `${prefix}${path}`).toContain(`data-route="${names[path]}___${locale}"`);
      }
    });
  }

  test('the catch-all maps the root to index and other paths to their slug, and names the route', async ({ request }) => {
    const home = await (await request.get('/', { headers: { 'accept-language': 'ru' } })).text();
    expect(home).toContain('data-page="index"');
    expect(home).toContain('data-route="index___ru"');
    const about = await (await request.get('/en/about')).text();
    expect(about).toContain('data-page="about"');
    expect(about).toContain('data-route="slug___en"');
    const nested = await (await request.get('/dev/student-life')).text();
    expect(nested).toContain('data-page="dev/student-life"');
  });

  test('an unknown slug, a failed page validation and an unsupported locale answer 404', async ({ request }) => {
    for (const path of [
      '/no-such-page',
      '/en/no-such-page',
      '/news?page=abc',
      '/en/events?day=tomorrow',
      '/de/about',
      '/fr',
      '/error',
      '/en/error',
      '/pdf-redirect',
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain('data-error-status="404"');
    }
  });
});

test.describe('switching the language', () => {
  test('stores the cookie for 365 days on / with SameSite lax, switches the locale and reloads init data', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/about');
    await expect(page.locator('[data-menu="desktop"]')).toContainText('Университет');
    const initRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/en\/init/.test(request.url())) initRequests.push(request.url());
    });
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
    await page.locator('[data-language-switch]').click();
    await expect(page).toHaveURL(/\/en\/about$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The header's menu comes from the English init data, loaded without a document load.
    await expect(page.locator('[data-menu="desktop"]')).toContainText('University');
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    expect(initRequests.length).toBe(1);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    const days = (cookie!.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    // The next visit to the root follows the stored choice.
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });
});

test.describe('backend redirects', () => {
  test('apply on the server with their status', async ({ request }) => {
    const cases: Array<[string, number, string]> = [
      ['/old-news', 301, '/news'],
      ['/abitur', 302, '/apply'],
      ['/staff', 308, '/people'],
      ['/en/science', 301, '/en/research'],
    ];
    for (const [from, status, to] of cases) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(status);
      expect(response.headers().location, from).toBe(to);
    }
  });

  test('apply on client navigation, without loading a document', async ({ page, context, request }) => {
    await putPage(request, 'ru', {
      slug: 'e2e-redirect-links',
      title: 'Ссылки на старые адреса',
      components: [
        {
          id: 'links',
          name: 'LinkCards',
          props: {
            items: [
              { title: 'Сотрудники (старый адрес)', href: '/staff' },
              { title: 'Наука (старый адрес)', href: '/science' },
            ],
          },
        },
      ],
    });
    await asReturningVisitor(context);
    await openHydrated(page, '/e2e-redirect-links');
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
    await page.getByRole('link', { name: 'Сотрудники (старый адрес)' }).click();
    await expect(page).toHaveURL(/\/people$/);
    await expect(page.locator('[data-page="people"]')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/e2e-redirect-links$/);
  });
});

/** Scroll positions of the window every animation frame until it settles; `action` runs after the first frame. */
async function scrollTrace(page: import('@playwright/test').Page, clickSelector?: string): Promise<number[]> {
  return page.evaluate(
    (selector) =>
      new Promise<number[]>((resolve) => {
        const positions: number[] = [];
        let still = 0;
        const sample = () => {
          const y = Math.round(window.scrollY);
          if (positions.length > 0 && positions[positions.length - 1] === y) still += 1;
          else still = 0;
          positions.push(y);
          if (positions.length === 1 && selector) (document.querySelector(selector) as HTMLElement).click();
          if (still > 20 || positions.length > 400) resolve(positions);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
    clickSelector,
  );
}

test.describe('hash links', () => {
  test('a hash link scrolls smoothly to its anchor', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/ui-kit');
    // The click happens inside the sampling, so no frame of the scroll is missed.
    const trace = await scrollTrace(page, '[data-ui-kit-theme="light"] a[href="#grid"]');
    const intermediate = new Set(trace.filter((y) => y > trace[0]! && y < trace[trace.length - 1]!));
    // A jump has no position between start and end; a smooth scroll has several even when a busy machine drops frames.
    expect(intermediate.size, `scroll positions ${trace.join(',')}`).toBeGreaterThanOrEqual(2);
    const top = await page.locator('#grid').evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(40);
    expect(page.url()).toMatch(/#grid$/);
  });

  test('an address with a hash scrolls smoothly to the anchor on load', async ({ page, context }) => {
    await asReturningVisitor(context);
    // Every frame's scroll position from the very start of the document.
    await context.addInitScript(() => {
      const trace: number[] = [];
      (window as unknown as { loadScrollTrace: number[] }).loadScrollTrace = trace;
      const sample = () => {
        trace.push(Math.round(window.scrollY));
        if (trace.length < 600) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await page.goto('/about#privacy');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    const settled = await scrollTrace(page);
    const final = settled[settled.length - 1]!;
    expect(final).toBeGreaterThan(200);
    const trace = await page.evaluate(() => (window as unknown as { loadScrollTrace: number[] }).loadScrollTrace);
    const intermediate = new Set(trace.filter((y) => y > 0 && y < final - 5));
    // A jump has no position between start and end; a smooth scroll has several even when a busy machine drops frames.
    expect(intermediate.size, `scroll positions ${trace.join(',')}`).toBeGreaterThanOrEqual(2);
    const top = await page.locator('#privacy').evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(top)).toBeLessThan(40);
  });
});
