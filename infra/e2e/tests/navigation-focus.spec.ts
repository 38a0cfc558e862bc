import { expect, test, type Page } from '@playwright/test';
import { asReturningVisitor, openHydrated } from '../support/site';

/** What a keyboard or screen-reader visitor notices when moving around: the mobile menu, focus and announcements. */

const focused = (page: Page) => page.evaluate(() => ({ text: document.activeElement?.textContent?.trim() ?? '', tag: document.activeElement?.tagName ?? '' }));

test.describe('the mobile menu', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test.beforeEach(async ({ context }) => asReturningVisitor(context));

  test('names search once, keeps Tab inside while open, and Escape gives focus back to its button', async ({ page }) => {
    await openHydrated(page, '/');
    const toggle = page.locator('[data-menu-toggle]');
    await toggle.click();
    const menu = page.locator('[data-menu="mobile"]');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Поиск', exact: true })).toHaveCount(1);

    const links = menu.getByRole('link');
    const count = await links.count();
    await links.nth(count - 1).focus();
    await page.keyboard.press('Tab');
    // Past the last entry: still in the menu (its first entry), never the page behind it.
    expect(await page.evaluate(() => document.querySelector('[data-menu="mobile"]')!.contains(document.activeElement))).toBe(true);
    expect((await focused(page)).text).toBe(((await links.first().textContent()) ?? '').trim());
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).text).toBe(((await links.nth(count - 1).textContent()) ?? '').trim());

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test("keeps Tab inside the menu while the focus trap's code is still on its way (a slow network, a quick keyboard)", async ({ page }) => {
    let releaseTrap = () => {};
    const trapHeld = new Promise<void>((resolve) => (releaseTrap = resolve));
    let trapAsked = false;
    await page.route(/\/_shell\/focus-trap\.[0-9a-f]+\.js$/, async (route) => {
      trapAsked = true;
      await trapHeld;
      await route.continue();
    });
    await openHydrated(page, '/');
    await page.locator('[data-menu-toggle]').click();
    const menu = page.locator('[data-menu="mobile"]');
    await expect(menu).toBeVisible();
    await expect.poll(() => trapAsked, { message: "the menu asks for the trap's code when it opens" }).toBe(true);
    const links = menu.getByRole('link');
    const count = await links.count();
    const inMenu = () => page.evaluate(() => document.querySelector('[data-menu="mobile"]')!.contains(document.activeElement));

    await links.nth(count - 1).focus();
    await page.keyboard.press('Tab');
    expect(await inMenu(), 'Tab past the last entry, before the trap arrived').toBe(true);
    expect((await focused(page)).text).toBe(((await links.first().textContent()) ?? '').trim());
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).text).toBe(((await links.nth(count - 1).textContent()) ?? '').trim());
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe(((await links.nth(1).textContent()) ?? '').trim());

    // Once the trap's code arrives, the trap takes over: Tab still wraps within the menu, Escape closes it.
    releaseTrap();
    await page.waitForLoadState('networkidle');
    await links.nth(count - 1).focus();
    await page.keyboard.press('Tab');
    expect(await inMenu(), 'Tab past the last entry, with the trap').toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.locator('[data-menu-toggle]')).toBeFocused();
  });

  test("following a menu link moves focus to the new page's heading and announces the page politely", async ({ page }) => {
    await openHydrated(page, '/');
    const announcer = page.locator('[data-route-announcer]');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    await expect(announcer).toHaveText('');
    await page.locator('[data-menu-toggle]').click();
    await page.locator('[data-menu="mobile"]').getByRole('link', { name: 'События', exact: true }).click();
    await expect(page).toHaveURL(/\/events$/);
    const heading = page.locator('main h1').first();
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('tabindex', '-1');
    await expect(announcer).toHaveText(await page.title());
    expect(await page.title()).toMatch(/^События \| /);
  });
});

test.describe('the language switch', () => {
  test.beforeEach(async ({ context }) => asReturningVisitor(context));

  test('keeps the anchor: /about#privacy switches to /en/about#privacy', async ({ page }) => {
    await openHydrated(page, '/about#privacy');
    await page.locator('header [data-language-switch]').first().click();
    await expect(page).toHaveURL(/\/en\/about#privacy$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('keeps the anchor an in-page link set after the page loaded', async ({ page }) => {
    await openHydrated(page, '/about');
    await page.evaluate(() => window.history.pushState(window.history.state, '', '/about#privacy'));
    await page.locator('header [data-language-switch]').first().click();
    await expect(page).toHaveURL(/\/en\/about#privacy$/);
  });
});
