import { expect, test } from '@playwright/test';
import { shellEntryPath } from '../support/site';

// The orchestrator is plain JavaScript; the phone bench counts a second view's script bytes with the same function.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { scriptTraffic } = require('../../orchestrator/src/script-traffic.js') as typeof import('../../orchestrator/src/script-traffic.js');

/**
 * A visitor's second page costs little: every script has a content-hashed name served `immutable`, so the browser
 * never asks for one it holds, and a page left for another is kept whole in the back/forward cache.
 */
test("the shell's entry script has a content-hashed name and is served immutable", async ({ request }) => {
  const entry = await shellEntryPath(request);
  expect(entry).toMatch(/^\/_shell\/main\.[0-9a-f]{10}\.js$/);
  const answer = await request.get(entry);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a second page view downloads no script the first one loaded, and going back restores the first from the back/forward cache', async ({
  playwright,
  launchOptions,
  baseURL,
}) => {
  // Playwright turns the back/forward cache off in the browsers it launches; a visitor's browser has it on. The full
  // browser, not the headless shell the other tests run in: the shell has no back/forward cache at all.
  const browser = await playwright.chromium.launch({
    ...launchOptions,
    executablePath: process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  try {
    const context = await browser.newContext({ baseURL, locale: 'ru-RU' });
    await context.addInitScript(() => {
      addEventListener('pageshow', (event) => {
        if (event.persisted) document.documentElement.setAttribute('data-test-restored', 'true');
      });
    });
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.enable');
    await session.send('Page.enable');
    const notRestored: string[] = [];
    session.on('Page.backForwardCacheNotUsed', (event) => {
      notRestored.push(...event.notRestoredExplanations.map((explanation) => `${explanation.type}: ${explanation.reason}`));
    });
    const traffic = scriptTraffic(session);

    await page.goto('/');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    const first = traffic.take();
    expect([...first.keys()].some((url) => /\/_shell\/main\.[0-9a-f]{10}\.js$/.test(url))).toBe(true);

    // A full navigation, as from a search engine's next result.
    await page.goto('/news');
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    const second = traffic.take();
    const again = [...second].filter(([url]) => first.has(url));
    expect(again.length, 'scripts of the first page the second one uses').toBeGreaterThan(0);
    expect(
      again.filter(([, bytes]) => bytes > 0),
      'scripts of the first page downloaded again by the second (URL, bytes)',
    ).toEqual([]);

    // A page restored from the back/forward cache fires no new load: the page shows again with its state.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState === 'complete');
    expect(notRestored, 'reasons the browser gave for not keeping / in the back/forward cache').toEqual([]);
    await expect(page.locator('html[data-test-restored="true"]')).toBeAttached();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  } finally {
    await browser.close();
  }
});
