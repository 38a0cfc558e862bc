import { expect, test } from '@playwright/test';
import { startExtraShell, type ExtraShell } from '../support/extra-shell';
import { startBackendStub, type LoopbackServer } from '../support/loopback';
import { putPage } from '../support/platform-control';
import { asReturningVisitor, openHydrated } from '../support/site';

/** Issue 4 point 7: the error page by status (spec point 8), its dark layout, and the HTTP status. */

const DARK = 'rgb(47, 49, 46)';

test.describe('error page', () => {
  test('an unknown page answers 404 with the 404 content in Russian, on a dark layout', async ({ page, context }) => {
    await asReturningVisitor(context);
    const response = await page.goto('/no-such-page');
    expect(response!.status()).toBe(404);
    const error = page.locator('[data-error-status="404"]');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText('Не найдено');
    await expect(error).toContainText('Эта страница не найдена');
    await expect(error.locator('[data-error-action]')).toHaveText(['На главную', 'Об университете', 'Образование', 'Наука']);
    await expect(error.locator('[data-error-action]').first()).toHaveAttribute('href', '/');
    await expect(page.locator('[data-layout="dark"]')).toBeVisible();
    for (const part of ['main', '[data-header]', '[data-footer]']) {
      expect(await page.locator(part).evaluate((element) => getComputedStyle(element.closest('[data-layout]')!).backgroundColor), part).toBe(DARK);
    }
    expect(await page.locator('[data-header]').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(DARK);
  });

  test("an unknown English page answers 404 with 'Not Found' and 'This page could not be found'", async ({ page, context }) => {
    await asReturningVisitor(context);
    const response = await page.goto('/en/no-such-page');
    expect(response!.status()).toBe(404);
    const error = page.locator('[data-error-status="404"]');
    await expect(error.getByRole('heading', { level: 1 })).toHaveText('Not Found');
    await expect(error).toContainText('This page could not be found');
    await expect(error.locator('[data-error-action]')).toHaveText(['Home', 'About the university', 'Education', 'Research']);
    const hrefs = await error.locator('[data-error-action]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(['/en', '/en/about', '/en/education', '/en/research']);
  });

  test('/error and /en/error show the 404 content with status 404', async ({ request }) => {
    for (const [path, text] of [
      ['/error', 'Эта страница не найдена'],
      ['/en/error', 'This page could not be found'],
    ] as const) {
      const response = await request.get(path);
      expect(response.status()).toBe(404);
      expect(await response.text()).toContain(text);
    }
  });

  test("an address that cannot be decoded gets the not-found texts and a way home, never the framework's JSON", async () => {
    for (const [path, heading, home] of [
      ['/%E0%A4%A', 'Не найдено', 'href="/"'],
      ['/en/news/%E0%A4%A', 'Not Found', 'href="/en"'],
    ] as const) {
      const response = await fetch(`${process.env.SITE_URL}${path}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('text/html');
      const html = await response.text();
      expect(html).toContain(`<h1>${heading}</h1>`);
      expect(html).toContain(home);
      expect(html).not.toContain('FST_ERR');
    }
    const api = await fetch(`${process.env.SITE_URL}/api/ru/pages/%E0%A4%A`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ statusCode: 400, message: 'Bad Request' });
  });

  test('a page failing its validation step is a 404 too', async ({ page }) => {
    const response = await page.goto('/en/news?page=0');
    expect(response!.status()).toBe(404);
    await expect(page.locator('[data-error-status="404"]')).toContainText('This page could not be found');
  });
});

test.describe('error page by backend status', () => {
  let backend: LoopbackServer;
  let shell: ExtraShell;

  test.beforeAll(async () => {
    const answers: Record<string, { status: number; body: unknown }> = {};
    for (const locale of ['ru', 'en']) {
      answers[`/${locale}/pages/e2e-401`] = { status: 401, body: { statusCode: 401, message: 'Not Authorized' } };
      answers[`/${locale}/pages/e2e-403`] = { status: 403, body: { status: 403 } };
      answers[`/${locale}/pages/e2e-500`] = { status: 500, body: { statusCode: 500, message: 'Internal Server Error' } };
      answers[`/${locale}/pages/e2e-418`] = { status: 418, body: { statusCode: 418, message: "I'm a teapot" } };
    }
    backend = await startBackendStub(process.env.API_URL!, answers);
    shell = await startExtraShell({ CONTENT_API_URL: backend.url });
  });

  test.afterAll(async () => {
    await shell?.stop();
    await backend?.close();
  });

  const CASES = [
    {
      status: 401,
      en: 'Not Authorized',
      ru: 'Не авторизован',
      actionsEn: ['Authorization', 'Home'],
      actionsRu: ['Авторизация', 'На главную'],
      hrefsRu: ['/auth', '/'],
    },
    { status: 403, en: 'No access', ru: 'Нет доступа', actionsEn: ['Home'], actionsRu: ['На главную'], hrefsRu: ['/'] },
    { status: 500, en: 'Server Error', ru: 'Ошибка сервера', actionsEn: [], actionsRu: [], hrefsRu: [] },
    {
      status: 418,
      en: 'Not Found',
      ru: 'Не найдено',
      actionsEn: ['Home', 'About the university', 'Education', 'Research'],
      actionsRu: ['На главную', 'Об университете', 'Образование', 'Наука'],
      hrefsRu: ['/', '/about', '/education', '/research'],
    },
  ];

  for (const entry of CASES) {
    test(`a backend ${entry.status} gives HTTP ${entry.status} and the ${entry.status === 418 ? '404 (any other status)' : String(entry.status)} content`, async ({
      page,
      context,
    }) => {
      await asReturningVisitor(context);
      const english = await page.goto(`${shell.url}/en/e2e-${entry.status}`);
      expect(english!.status()).toBe(entry.status);
      const error = page.locator(`[data-error-status="${entry.status}"]`);
      await expect(error.getByRole('heading', { level: 1 })).toHaveText(entry.en);
      await expect(error.locator('[data-error-action]')).toHaveText(entry.actionsEn);
      const russian = await page.goto(`${shell.url}/e2e-${entry.status}`);
      expect(russian!.status()).toBe(entry.status);
      await expect(error.getByRole('heading', { level: 1 })).toHaveText(entry.ru);
      await expect(error.locator('[data-error-action]')).toHaveText(entry.actionsRu);
      expect(await error.locator('[data-error-action]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(entry.hrefsRu);
      await expect(page.locator('[data-layout="dark"]')).toBeVisible();
    });
  }

  test('a status met on client navigation shows its content too', async ({ page, context, request }) => {
    await putPage(request, 'en', {
      slug: 'e2e-error-links',
      title: 'Links to restricted pages',
      components: [{ id: 'links', name: 'LinkCards', props: { items: [{ title: 'Restricted page', href: '/e2e-403' }] } }],
    });
    await asReturningVisitor(context);
    await openHydrated(page, `${shell.url}/en/e2e-error-links`);
    await page.evaluate(() => ((window as unknown as { stayedOnPage: boolean }).stayedOnPage = true));
    await page.getByRole('link', { name: 'Restricted page' }).click();
    await expect(page.locator('[data-error-status="403"] h1')).toHaveText('No access');
    await expect(page).toHaveURL(/\/en\/e2e-403$/);
    await expect(page).toHaveTitle(/^403 \| /);
    expect(await page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage)).toBe(true);
  });
});
