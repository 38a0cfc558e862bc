import { expect, test, type Page } from '@playwright/test';
import { asReturningVisitor, contrastRatio, openHydrated, withoutPrefetch } from '../support/site';
import { HYDRATION_PATTERN, collectConsole } from '../support/console';

/** Holds the shell's scripts back until the returned function is called: the page stays as the server HTML and the head's script made it. */
async function holdShellScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_shell/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Opens a page with the shell's scripts held back (the deferred scripts hold DOMContentLoaded back too) and waits
 * until the server HTML is parsed and the render-blocking stylesheet applies: what the first paint shows.
 */
async function openBeforeScripts(page: Page, path: string): Promise<() => void> {
  const release = await holdShellScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(
    () => !!document.querySelector('script[type="application/json"]') && [...document.styleSheets].some((sheet) => sheet.href?.includes('/_shell/')),
  );
  expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
  return release;
}

/** The layout around every page: notification bar, header, footer, alerts, cookie notice and loading bar (spec points 2, 4 and 5). */

test.describe('notification bar and header', () => {
  test('the top notification closes, and is back after a reload (closing is not persisted)', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/');
    const bar = page.locator('[data-notify]');
    await expect(bar).toContainText('День открытых дверей');
    await page.locator('[data-notify-close]').click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(bar).toBeVisible();
  });

  test('at desktop width the header shows the desktop menu on one row, each entry on one line, with the tools beside the logo', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    const menu = page.locator('[data-menu="desktop"]');
    await expect(menu).toBeVisible();
    await expect(page.locator('[data-menu-toggle]')).toHaveCount(0);
    const entries = menu.locator(':scope > ul > li > a');
    await expect(entries).toHaveCount(7);
    const boxes = await entries.evaluateAll((links) =>
      links.map((link) => ({
        top: link.getBoundingClientRect().top,
        lines: Math.round(link.getBoundingClientRect().height / parseFloat(getComputedStyle(link).lineHeight || '24')),
      })),
    );
    expect(new Set(boxes.map((box) => Math.round(box.top))).size).toBe(1);
    for (const box of boxes) expect(box.lines).toBeLessThanOrEqual(2);
    const textHeights = await entries.evaluateAll((links) =>
      links.map((link) => {
        const range = document.createRange();
        range.selectNodeContents(link);
        return range.getClientRects().length;
      }),
    );
    expect(textHeights.every((rects) => rects === 1)).toBe(true);
    const logo = await page.locator('[data-home-link]').boundingBox();
    for (const tool of ['[data-search-link]', '[data-a11y-toggle]', '[data-language-switch]']) {
      const box = await page.locator(tool).boundingBox();
      expect(Math.abs(box!.y + box!.height / 2 - (logo!.y + logo!.height / 2)), tool).toBeLessThan(12);
    }
  });

  test('a desktop submenu opens and closes by keyboard, and gives focus back', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    const toggle = page.locator('[data-submenu-toggle="Университет"]');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const submenu = page.locator(`#${await toggle.getAttribute('aria-controls')}`.replace(/:/g, '\\:'));
    await expect(submenu.getByRole('link')).toHaveText(['История', 'Люди', 'Вакансии', 'Контакты']);
    await page.keyboard.press('Tab');
    await expect(submenu.getByRole('link', { name: 'История' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(submenu).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  for (const [width, type] of [
    [375, 'mobile'],
    [900, 'tablet'],
  ] as const) {
    test(`at ${type} width (${width} px) the header has the mobile menu: opened by its button, with every entry, closed by Escape`, async ({
      page,
      context,
    }) => {
      await asReturningVisitor(context);
      await page.setViewportSize({ width, height: 800 });
      await openHydrated(page, '/');
      await expect(page.locator('[data-header]')).toHaveAttribute('data-breakpoint', type);
      await expect(page.locator('[data-menu="desktop"]')).toHaveCount(0);
      const toggle = page.locator('[data-menu-toggle]');
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const menu = page.locator('[data-menu="mobile"]');
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Наука', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Контакты' })).toBeVisible();
      await expect(menu.locator('[data-language-switch]')).toHaveText('English');
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await toggle.click();
      await menu.getByRole('link', { name: 'События' }).click();
      await expect(page).toHaveURL(/\/events$/);
      await expect(menu).toBeHidden();
    });
  }
});

test.describe('footer', () => {
  test('has the logo linking home with a legible wordmark, navigation, socials in two halves, the info row and copyright', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/news');
    const footer = page.locator('[data-footer]');
    const logo = footer.locator('[data-footer-logo]');
    await expect(logo).toHaveAttribute('href', '/');
    await expect(logo.locator('[data-logo-variant]')).toHaveAttribute('data-logo-variant', 'ru-default');
    await expect(logo).toContainText('Научно-технологический университет');
    const colours = await logo.evaluate((link) => {
      const wordmark = link.querySelector('[data-logo-variant] > span')!;
      return { text: getComputedStyle(wordmark).color, background: getComputedStyle(link.closest('footer')!).backgroundColor };
    });
    expect(contrastRatio(colours.text, colours.background)).toBeGreaterThan(7);
    await expect(footer.getByRole('navigation').getByRole('link')).toHaveCount(7);
    const halves = footer.locator('[data-socials] ul');
    await expect(halves).toHaveCount(2);
    await expect(halves.nth(0).getByRole('link')).toHaveText(['ВКонтакте', 'Telegram']);
    await expect(halves.nth(1).getByRole('link')).toHaveText(['YouTube', 'RuTube']);
    await expect(footer.locator('[data-footer-info]')).toContainText('Лицензия на образовательную деятельность');
    await expect(footer.locator('[data-copyright]')).toContainText('Научно-технологический университет');
  });

  test('keeps its server HTML through the hydration; its links navigate in the page, and it follows a colour scheme chosen later', async ({
    page,
    context,
  }) => {
    const console = collectConsole(page);
    await asReturningVisitor(context);
    await openHydrated(page, '/news');
    const footer = page.locator('[data-footer]');
    await expect(footer).toHaveAttribute('data-static-layout', '');
    await page.evaluate(() => Object.assign(window, { __marker: 1 }));
    await footer.getByRole('navigation').getByRole('link').first().click();
    await expect(page).not.toHaveURL(/\/news$/);
    await expect(page.locator('main [data-section-status="ready"]').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    // A colour scheme chosen on the page: the footer renders with its code, its logo follows the scheme.
    await page.locator('[data-a11y-toggle]').click();
    await page.locator('[data-a11y-panel] [data-scheme="black"]').click();
    await expect(footer.locator('[data-logo-variant]')).toHaveAttribute('data-logo-variant', 'ru-black');
    await expect(footer.getByRole('navigation').getByRole('link')).toHaveCount(7);
    expect(console.messages.filter((line) => HYDRATION_PATTERN.test(line))).toEqual([]);
  });

  test('the logo variant follows locale and colour scheme, and links to the locale’s home', async ({ page, context, baseURL }) => {
    await asReturningVisitor(context);
    await context.addCookies([{ name: 'colorScheme', value: 'black', url: baseURL! }]);
    await openHydrated(page, '/en/news');
    const logo = page.locator('[data-footer-logo]');
    await expect(logo).toHaveAttribute('href', '/en');
    await expect(logo.locator('[data-logo-variant]')).toHaveAttribute('data-logo-variant', 'en-black');
    await expect(logo).toContainText('University of Science and Technology');
  });
});

test.describe('alerts and cookie notice', () => {
  test('alerts appear only after the page has loaded, as one line that opens them; a closed alert stays closed after a reload', async ({ page, request }) => {
    const html = await (await request.get('/news')).text();
    expect(html).not.toContain('data-alert-id');
    expect(html).not.toContain('data-alerts');
    await openHydrated(page, '/news');
    // First the one line: the count and the first alert's text; the cards open from it.
    const toggle = page.locator('[data-alerts-toggle]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText('2 объявления');
    await expect(page.locator('[data-alerts-preview]')).toHaveText('Открыт приём документов на программы магистратуры 2027 года.');
    const alerts = page.locator('[data-alerts] [data-alert-id]');
    await expect(alerts).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(alerts).toHaveCount(2);
    const admission = page.locator('[data-alert-id="admission-2027"]');
    await expect(admission.locator('[data-alert-link]')).toHaveText('Подать заявку');
    // An alert whose link is an empty object shows no link.
    await expect(page.locator('[data-alert-id="library-hours"] [data-alert-link]')).toHaveCount(0);
    await admission.locator('[data-alert-close]').click();
    await expect(admission).toHaveCount(0);
    await expect(toggle).toContainText('1 объявление');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('hiddenAlerts')))!)).toEqual(['admission-2027']);
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.locator('[data-alerts-preview]')).toHaveText('Научная библиотека работает круглосуточно в период сессии. Вход по студенческому билету.');
    await toggle.click();
    await expect(page.locator('[data-alert-id="library-hours"]')).toBeVisible();
    await expect(page.locator('[data-alert-id="admission-2027"]')).toHaveCount(0);
  });

  test('the cookie notice shows without the stored flag; accepting hides it and stores the flag', async ({ page }) => {
    await openHydrated(page, '/about');
    const notice = page.locator('[data-cookie-notice]');
    await expect(notice).toContainText('Мы используем файлы cookie');
    await notice.getByRole('button', { name: 'Принять' }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookies'))).toBe('true');
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(page.locator('[data-alerts]')).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('the cookie notice is in the server HTML, the same for every visitor, in both languages', async ({ request }) => {
    const noticeTag = (html: string) => /<section[^>]*data-cookie-notice[^>]*>/.exec(html)?.[0] ?? '';
    const russian = await (await request.get('/news')).text();
    expect(noticeTag(russian)).toContain('aria-label="Файлы cookie"');
    expect(russian).toContain('Мы используем файлы cookie');
    // The server never reads the visitor's flag: a visitor who accepted gets the same HTML (the page is cached and shared).
    const accepted = await (await request.get('/news', { headers: { cookie: 'cookies=true' } })).text();
    expect(noticeTag(accepted)).toContain('aria-label="Файлы cookie"');
    const english = await (await request.get('/en/news')).text();
    expect(noticeTag(english)).toContain('aria-label="Cookies"');
  });

  test('a new visitor sees the cookie notice before the scripts run and after hydration, without a hydration complaint', async ({ page }) => {
    const reports = collectConsole(page);
    const release = await openBeforeScripts(page, '/news');
    const notice = page.getByRole('region', { name: 'Файлы cookie' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Мы используем файлы cookie');
    release();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await expect(notice).toBeVisible();
    await expect(page.locator('[data-cookie-notice]')).toHaveCount(1);
    expect(reports.messages.filter((message) => HYDRATION_PATTERN.test(message))).toEqual([]);
  });

  test('a visitor who accepted never sees the cookie notice, not even before the scripts run', async ({ page, context, baseURL }) => {
    const reports = collectConsole(page);
    const notice = page.locator('[data-cookie-notice]');
    // The server HTML carries the notice; the head's script has hidden it before first paint.
    const hiddenBeforeScripts = async (path: string) => {
      const release = await openBeforeScripts(page, path);
      await expect(notice).toHaveCount(1);
      expect(await notice.evaluate((element) => getComputedStyle(element).display)).toBe('none');
      release();
      await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
      await expect(notice).toHaveCount(0);
    };
    // The flag in the cookie mirror (all that is left with storage turned off), then in localStorage.
    await context.addCookies([{ name: 'cookies', value: 'true', url: baseURL! }]);
    await hiddenBeforeScripts('/news');
    await context.clearCookies();
    await page.evaluate(() => localStorage.setItem('cookies', 'true'));
    await hiddenBeforeScripts('/en/news');
    expect(reports.messages.filter((message) => HYDRATION_PATTERN.test(message))).toEqual([]);
  });

  test('for a returning visitor whose dock stays empty, the page never reserves room for it (the dock height, which pads the page and lifts the back-to-top button, stays 0 px)', async ({
    page,
    context,
  }) => {
    await asReturningVisitor(context);
    // Every room the page keeps for the dock, from the document's start: the body's padding and the root's scroll padding.
    await page.addInitScript(() => {
      const values: string[] = [];
      Object.assign(window, { dockValues: values });
      new MutationObserver(() => {
        const value = `${document.body?.style.paddingBottom} ${document.documentElement.style.scrollPaddingBottom}`.trim();
        if (value && values[values.length - 1] !== value) values.push(value);
      }).observe(document, { attributes: true, attributeFilter: ['style'], subtree: true });
    });
    await openHydrated(page, '/news');
    await expect(page.locator('[data-cookie-notice]')).toHaveCount(0);
    const values = await page.evaluate(() => (window as unknown as { dockValues: string[] }).dockValues);
    expect(values.length).toBeGreaterThan(0);
    expect(values).toEqual(['0px calc(0px + 1rem)']);
  });

  test('alerts sit above the cookie notice, and neither hides a focused element (WCAG 2.4.11)', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openHydrated(page, '/');
    const cookieBox = await page.locator('[data-cookie-notice]').boundingBox();
    const alertsBox = await page.locator('[data-alerts]').boundingBox();
    expect(alertsBox!.y + alertsBox!.height).toBeLessThanOrEqual(cookieBox!.y + 1);
    // The page keeps the dock's height as room below (the body's padding), set as the property itself: a CSS
    // variable on the root would restyle every element of the page whenever the dock's height changes.
    const room = await page.evaluate(() => ({
      padding: parseFloat(document.body.style.paddingBottom),
      dock: Math.ceil(document.querySelector('[data-bottom-dock-parts]')!.getBoundingClientRect().height),
      rootVariables: [...document.documentElement.style].filter((name) => name.startsWith('--')),
    }));
    expect(room.padding).toBe(room.dock);
    expect(room.padding).toBeGreaterThan(0);
    expect(room.rootVariables).toEqual([]);
    const covered: string[] = [];
    for (let step = 0; step < 45; step += 1) {
      await page.keyboard.press('Tab');
      // Let any focus scrolling finish before measuring.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            let last = -1;
            const check = () => {
              if (window.scrollY === last) resolve();
              else {
                last = window.scrollY;
                requestAnimationFrame(() => requestAnimationFrame(check));
              }
            };
            check();
          }),
      );
      const finding = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        if (!active || active === document.body || active.closest('[data-bottom-dock]')) return null;
        const box = active.getBoundingClientRect();
        const parts = [...document.querySelectorAll('[data-alerts], [data-cookie-notice]')].map((part) => part.getBoundingClientRect());
        const hidden = parts.some((part) => box.top >= part.top && box.bottom <= part.bottom && box.left >= part.left && box.right <= part.right);
        return hidden ? `${active.tagName} ${active.textContent?.trim().slice(0, 40)}` : null;
      });
      if (finding) covered.push(finding);
    }
    expect(covered).toEqual([]);
  });

  test('entries that are not objects are left out; an alert link shows only when it is a non-empty object', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.route('**/api/en/init**', async (route) => {
      const response = await route.fetch();
      const json = (await response.json()) as { data: Record<string, { navigation?: unknown[]; socials?: unknown[]; navMenu?: unknown[] } | unknown[]> };
      const footer = json.data.footer as { navigation: unknown[]; socials: unknown[] };
      footer.navigation = ['a string', 42, null, ['an', 'array'], ...footer.navigation];
      footer.socials = [...footer.socials, 'x', 7];
      (json.data.header as { navMenu: unknown[] }).navMenu.push('not an entry');
      json.data.alerts = [
        'not an alert',
        { id: 'e2e-no-link', text: '<p>Alert without a link</p>', link: {} },
        { id: 'e2e-with-link', text: '<p>Alert with a link</p>', link: { label: 'Read more', href: '/news' } },
        12,
        // Fetched by the browser itself (a language switch): its sanitizer loads and cleans this before it renders.
        { id: 'e2e-hostile', text: '<p>Hostile <img src="/nowhere.png" onerror="window.pwned = 1"><script>window.pwned = 2</script><b>bold</b></p>' },
      ];
      await route.fulfill({ response, json });
    });
    await openHydrated(page, '/about');
    await page.locator('[data-language-switch]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('[data-footer] nav').getByRole('link')).toHaveCount(7);
    await expect(page.locator('[data-footer]')).not.toContainText('a string');
    await expect(page.locator('[data-socials] a')).toHaveCount(4);
    await expect(page.locator('[data-menu="desktop"] > ul > li')).toHaveCount(7);
    await expect(page.locator('[data-alerts-toggle]')).toContainText('3 announcements');
    await page.locator('[data-alerts-toggle]').click();
    await expect(page.locator('[data-alerts] [data-alert-id]')).toHaveCount(3);
    await expect(page.locator('[data-alert-id="e2e-no-link"] [data-alert-link]')).toHaveCount(0);
    await expect(page.locator('[data-alert-id="e2e-with-link"] [data-alert-link]')).toHaveText('Read more');
    const hostile = page.locator('[data-alert-id="e2e-hostile"]');
    await expect(hostile.locator('b')).toHaveText('bold');
    await expect(hostile.locator('script, [onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  });
});

async function clickMenuEntry(page: Page, name: string): Promise<void> {
  await page.locator('[data-menu="desktop"]').getByRole('link', { name, exact: true }).click();
}

test.describe('loading bar', () => {
  test('appears for a slow navigation, fills, and hides after finishing', async ({ page, context }) => {
    await asReturningVisitor(context);
    await withoutPrefetch(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/about');
    await page.route('**/api/ru/pages/news**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await route.continue();
    });
    await clickMenuEntry(page, 'Новости');
    const bar = page.locator('[data-loading-bar]');
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('data-failed', 'false');
    await expect(page.locator('[data-page="news"]')).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  test('turns red when a navigation fails, and the error page shows the failure', async ({ page, context }) => {
    await asReturningVisitor(context);
    await withoutPrefetch(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/about');
    await page.route('**/api/ru/pages/events**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ statusCode: 500, message: 'Internal Server Error' }) });
    });
    // The red bar shows for half a second: its colour is read the moment it appears.
    const failedColour = page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const observer = new MutationObserver(() => {
            const bar = document.querySelector('[data-loading-bar][data-failed="true"]');
            if (!bar) return;
            observer.disconnect();
            resolve(getComputedStyle(bar).backgroundColor);
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-failed'] });
        }),
    );
    await clickMenuEntry(page, 'События');
    expect(await failedColour).toBe('rgb(212, 53, 28)');
    await expect(page.locator('[data-error-status="500"]')).toContainText('Ошибка сервера');
    await expect(page.locator('[data-loading-bar]')).toHaveCount(0);
  });
});
