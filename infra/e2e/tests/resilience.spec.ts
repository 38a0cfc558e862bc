import { expect, test } from '@playwright/test';
import { asReturningVisitor } from '../support/site';
import { retitlePage, startOwnContentApi, startOwnShell, type OwnProcess } from '../support/own-backend';

// Each test runs its own content API (and shell), so freezing it leaves the other tests' platform alone.
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>') + '</main>'.length);

async function timed(url: string, init?: RequestInit): Promise<{ response: Response; body: string; ms: number }> {
  const started = Date.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = await response.text();
  return { response, body, ms: Date.now() - started };
}

test.describe('pages survive their content API', () => {
  let api: (OwnProcess & { dataDir: string }) | undefined;
  let shell: OwnProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    api = await startOwnContentApi();
    shell = await startOwnShell(api.url);
  });
  test.afterAll(async () => {
    await shell?.stop();
    await api?.stop();
  });

  test('frozen API (SIGSTOP): a seen page answers 200 in full within 2 s, an unseen one 503 with Retry-After in its language; after SIGCONT an edit shows within 5 s', async () => {
    test.setTimeout(60_000);
    const seen = await timed(`${shell!.url}/`);
    expect(seen.response.status).toBe(200);
    api!.freeze();
    try {
      const again = await timed(`${shell!.url}/`);
      expect(again.response.status).toBe(200);
      expect(again.ms).toBeLessThanOrEqual(2000);
      expect(mainOf(again.body)).toBe(mainOf(seen.body));
      expect(mainOf(again.body)).toContain('data-section-status="ready"');

      for (const [path, lang, message] of [
        ['/no-such-page-xyz', 'ru', 'Ошибка сервера'],
        ['/en/no-such-page-xyz', 'en', 'Server Error'],
      ] as const) {
        const unseen = await timed(`${shell!.url}${path}`);
        expect(unseen.response.status, path).toBe(503);
        expect(unseen.ms, path).toBeLessThanOrEqual(2000);
        expect(Number(unseen.response.headers.get('retry-after')), path).toBeGreaterThan(0);
        expect(unseen.body).toContain(`<html lang="${lang}"`);
        expect(unseen.body).toContain(message);
      }
    } finally {
      api!.thaw();
    }

    await retitlePage(api!.url, 'ru', 'index', 'Главная после правки');
    const edited = Date.now();
    let body = '';
    while (Date.now() - edited < 5000 && !body.includes('Главная после правки')) {
      body = (await timed(`${shell!.url}/`)).body;
      if (!body.includes('Главная после правки')) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(body).toContain('Главная после правки');
  });

  test('with the content API frozen (SIGSTOP), /robots.txt, /sitemap.xml and the manifest answer 200 within 2 s', async () => {
    test.setTimeout(60_000);
    const before = await fetch(`${shell!.url}/sitemap.xml`);
    expect(before.status).toBe(200);
    const listed = await before.text();
    expect(listed).toContain('<urlset');
    api!.freeze();
    try {
      for (const path of ['/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/en/manifest.webmanifest']) {
        const { response, body, ms } = await timed(`${shell!.url}${path}`);
        expect(response.status, path).toBe(200);
        expect(ms, path).toBeLessThanOrEqual(2000);
        if (path === '/sitemap.xml') expect(body).toBe(listed);
        if (path === '/robots.txt') expect(body).toContain(`Sitemap: ${new URL(shell!.url).origin}/sitemap.xml`);
      }
    } finally {
      api!.thaw();
    }
  });
});

test.describe('one HTML for every visitor', () => {
  test('different colour-scheme and font-size preferences get byte-identical HTML, each applied before first paint', async ({ browser, request }) => {
    const black = await request.get('/news', { headers: { cookie: 'colorScheme=black; fontSize=200' } });
    const sepia = await request.get('/news', { headers: { cookie: 'colorScheme=sepia; fontSize=125' } });
    expect(await black.text()).toBe(await sepia.text());

    for (const [scheme, size] of [
      ['black', '200'],
      ['sepia', '125'],
    ] as const) {
      const context = await browser.newContext();
      await asReturningVisitor(context);
      await context.addCookies([
        { name: 'colorScheme', value: scheme, url: process.env.SITE_URL! },
        { name: 'fontSize', value: size, url: process.env.SITE_URL! },
      ]);
      const page = await context.newPage();
      // What the root element says when the body first exists, before anything can paint.
      await page.addInitScript(() => {
        new MutationObserver((_records, observer) => {
          if (!document.body) return;
          const root = document.documentElement;
          (window as unknown as { firstPaintRoot: unknown }).firstPaintRoot = {
            scheme: root.getAttribute('data-color-scheme'),
            size: root.getAttribute('data-font-scale'),
          };
          observer.disconnect();
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto('/news');
      expect(await page.evaluate(() => (window as unknown as { firstPaintRoot: unknown }).firstPaintRoot)).toEqual({ scheme, size });
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      // After hydration the store has taken the preference over: the panel shows it and the root keeps it.
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
      await page.locator('[data-a11y-toggle]').click();
      await expect(page.locator(`[data-a11y-panel] [data-scheme="${scheme}"]`)).toHaveAttribute('aria-pressed', 'true');
      await context.close();
    }
  });
});

test('pages are compressed by Accept-Encoding and revalidated by ETag', async ({ request }) => {
  await request.get('/en');
  const response = await request.get('/en', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['cache-control']).toMatch(/s-maxage=\d+/);
  const etag = response.headers().etag;
  expect(etag).toMatch(/^"[\w-]+"$/);
  const gzipped = await request.get('/en', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzipped.headers()['content-encoding']).toBe('gzip');
  expect(await gzipped.text()).toBe(await response.text());
  // Other tests edit content meanwhile, and an edit rightly gives the page a new ETag (200, not 304): revalidate
  // with the ETag of the page as it is now until no edit lands in between.
  await expect
    .poll(async () => {
      const current = (await request.get('/en', { headers: { 'accept-encoding': 'br, gzip' } })).headers().etag;
      return (await request.get('/en', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': current! } })).status();
    })
    .toBe(304);
  const unchanged = await request.get('/en', { headers: { 'accept-encoding': 'br, gzip', 'if-none-match': '"not-this-page"' } });
  expect(unchanged.status()).toBe(200);
});
