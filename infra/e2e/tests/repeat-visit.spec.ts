import { expect, test } from '@playwright/test';
import { asReturningVisitor, shellEntryPath } from '../support/site';

/**
 * A visitor's second page costs almost nothing: every script has a content-hashed name served `immutable`, so a page
 * opened after another (a full navigation, as from a search engine) downloads no script the first one loaded.
 */
test("the shell's entry is content-hashed and immutable, and a second page view downloads no script the first loaded", async ({ page, context, request }) => {
  const entry = await shellEntryPath(request);
  expect((await request.get(entry)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  await asReturningVisitor(context);
  const session = await context.newCDPSession(page);
  await session.send('Network.enable');
  let scripts: Array<{ url: string; fromCache: boolean }> = [];
  session.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.push({ url: event.response.url, fromCache: !!event.response.fromDiskCache });
  });
  await page.goto('/');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  const first = scripts.map((script) => script.url);
  expect(first.some((url) => url.endsWith(entry))).toBe(true);

  scripts = [];
  await page.goto('/news');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  const again = scripts.filter((script) => first.includes(script.url));
  expect(again.length, 'scripts of the first page the second one uses').toBeGreaterThan(0);
  expect(again.filter((script) => !script.fromCache).map((script) => script.url)).toEqual([]);
});
