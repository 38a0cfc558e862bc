import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { collectConsole } from '../support/console';
import { repoRoot } from '../support/platform-control';
import { openHydrated, asReturningVisitor } from '../support/site';

const STUDENTS = '/search?query=%D1%81%D1%82%D1%83%D0%B4%D0%B5%D0%BD%D1%82%D1%8B';

test.describe('search paging', () => {
  test('a search for "студенты" says how many results there are and reaches the last page, keeping the query and tab', async ({ page }) => {
    await openHydrated(page, STUDENTS);
    const status = page.getByRole('status').filter({ hasText: /результат/ });
    const total = Number(/(\d+)\s+результат/.exec((await status.textContent()) ?? '')?.[1]);
    expect(total).toBeGreaterThan(20);
    const lastPage = Math.ceil(total / 20);
    const pager = page.getByRole('navigation', { name: 'Страницы результатов' });
    await pager.getByRole('link', { name: `Страница ${lastPage}` }).click();
    await expect(page).toHaveURL(new RegExp(`\\?query=%D1%81%D1%82%D1%83%D0%B4%D0%B5%D0%BD%D1%82%D1%8B&page=${lastPage}$`));
    await expect(page.getByRole('status').filter({ hasText: `из ${total}` })).toContainText(`результаты ${(lastPage - 1) * 20 + 1}–${total} из ${total}`);
    await expect(page.locator('[data-search-result]')).toHaveCount(total - (lastPage - 1) * 20);
    await expect(pager.getByRole('link', { name: 'Дальше' })).toHaveCount(0);
  });

  test('the pages are plain links on the server-rendered page, working without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${STUDENTS}&category=news`);
    const next = page.getByRole('navigation', { name: 'Страницы результатов' }).getByRole('link', { name: 'Дальше' });
    if ((await next.count()) > 0) {
      await next.click();
      await expect(page).toHaveURL(/category=news&page=2$/);
      await expect(page.locator('[data-search-result]').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Страница 2' })).toHaveAttribute('aria-current', 'page');
    } else {
      // Fewer than a page of news: the count is shown and no pager is offered.
      await expect(page.locator('[data-search-pager]')).toHaveCount(0);
    }
    await context.close();
  });

  test("a search without a query logs the spec's message in the browser console", async ({ page }) => {
    const console = collectConsole(page);
    await openHydrated(page, '/search');
    await expect.poll(() => console.messages).toContain('error: Параметр query обязателен!');
  });
});

test.describe('small things', () => {
  test('/auth says in both languages that sign-in is not available on the public site', async ({ page }) => {
    await openHydrated(page, '/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Авторизация');
    await expect(page.getByRole('heading', { name: 'Вход на публичном сайте недоступен' })).toBeVisible();
    await openHydrated(page, '/en/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await expect(page.getByRole('heading', { name: 'Sign-in is not available on the public site' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Home page/ })).toHaveAttribute('href', /^\/en\/?$/);
  });

  test("the university's icon is served at /favicon.ico and the touch-icon paths", async ({ request }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/x-icon');
    expect([...(await icon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const touch = await request.get('/apple-touch-icon.png');
    expect(touch.headers()['content-type']).toBe('image/png');
    expect((await touch.body()).subarray(1, 4).toString()).toBe('PNG');
    expect(await (await request.get('/en')).text()).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png">');
  });

  test("the cookie notice shows the settings' cookiesContent", async ({ page }) => {
    await openHydrated(page, '/en');
    await expect(page.locator('[data-cookie-notice] [data-cookies-content]')).toHaveText(
      'This site uses cookies to remember your settings and to collect anonymous visit statistics.',
    );
  });

  test("/error sets its own 404 'Page not found'; the English footer has no Russian social label", async ({ page, request }) => {
    const html = await (await request.get('/en/error')).text();
    expect(html).toContain('Page not found');
    await openHydrated(page, '/en');
    await expect(page.locator('footer')).toContainText('VK');
    await expect(page.locator('footer')).not.toContainText('ВКонтакте');
  });

  test('NODE_ENV=production without a captcha key: the shell refuses to start, naming the setting', () => {
    const result = spawnSync(process.execPath, [path.join(repoRoot, 'shell/dist/server/main.js')], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: '0',
        CONTENT_API_URL: process.env.API_URL,
        REGISTRY_URL: process.env.REGISTRY_URL,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CAPTCHA_SITE_KEY is not set');
  });
});

test.describe('media videos', () => {
  test('the Video filter shows only playable videos', async ({ page, request }) => {
    await asReturningVisitor(page.context());
    const seeded = (await (await request.get('/api/en/news?type=Media&formats=video&pageSize=50')).json()) as {
      data: { items: { id: number }[]; total: number };
    };
    expect(seeded.data.total).toBeGreaterThan(0);
    expect(seeded.data.total).toBeLessThanOrEqual(12);
    await openHydrated(page, '/en/media');
    await page.getByRole('region', { name: 'Filters' }).getByRole('link', { name: 'Video', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/media\?formats=video$/);
    // The unfiltered page also shows a full page of cards: wait for the filtered list itself.
    const cards = page.locator('main li a[href^="/en/news/"]');
    const expected = seeded.data.items.map((item) => `/en/news/${item.id}`).sort();
    const listed = async () => [...new Set(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? '')))].sort();
    await expect.poll(listed).toEqual(expected);
    // Each listed page carries one video; the browser plays each distinct clip (pages sharing a clip share its check).
    const clips = new Map<string, string>();
    for (const href of await listed()) {
      const html = await (await request.get(href)).text();
      const videos = [...html.matchAll(/<video\b[\s\S]*?<\/video>/g)].map((match) => match[0]);
      expect(videos, href).toHaveLength(1);
      const clip = [...videos[0]!.matchAll(/<source\b[^>]*?\ssrc="([^"]+)"/g)].map((match) => match[1]).join(' ');
      expect(clip, href).not.toBe('');
      if (!clips.has(clip)) clips.set(clip, href);
    }
    for (const href of clips.values()) {
      await openHydrated(page, href);
      const video = page.locator('main video');
      await expect(video).toHaveCount(1);
      // The browser has read the clip's header: it knows a finite length and can start playing.
      await expect
        .poll(
          () =>
            video.evaluate((element: HTMLVideoElement) => ({
              ready: element.readyState >= 1,
              duration: Number.isFinite(element.duration) && element.duration > 1,
            })),
          { message: href },
        )
        .toEqual({ ready: true, duration: true });
      await expect(page.locator('[data-video-fallback]')).not.toBeVisible();
    }
  });

  test('a video the browser cannot play shows the fallback text and the button to the video site', async ({ page, request }) => {
    await asReturningVisitor(page.context());
    const seeded = (await (await request.get('/api/ru/news?type=Media&formats=video&pageSize=1')).json()) as { data: { items: { id: number }[] } };
    await page.route('**/media/videos/**', (route) => route.fulfill({ status: 404, body: '' }));
    await openHydrated(page, `/news/${seeded.data.items[0]!.id}`);
    const fallback = page.locator('[data-video-fallback]');
    await expect(fallback).toContainText('Ваш браузер не поддерживает встроенное воспроизведение видео.');
    await expect(fallback.getByRole('link', { name: /Перейти на сайт с видео/ })).toHaveAttribute('href', /^https:\/\/video\.stu\.example\/watch\/\d+$/);
  });
});
