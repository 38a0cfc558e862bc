import { expect, test } from '@playwright/test';
import { AXE_COLOUR_RULES, seriousViolations } from '../support/axe';
import { asReturningVisitor, openHydrated } from '../support/site';

/** Issue 4 point 3: colour schemes, font size, reset, persistence before first paint, keyboard, and axe-core. */

const SCHEMES = {
  gray: { background: 'rgb(253, 255, 252)', text: 'rgb(47, 49, 46)' },
  black: { background: 'rgb(47, 49, 46)', text: 'rgb(253, 255, 252)' },
  lime: { background: 'rgb(56, 40, 25)', text: 'rgb(180, 225, 101)' },
  sepia: { background: 'rgb(246, 243, 217)', text: 'rgb(77, 75, 68)' },
} as const;

test.describe('accessibility options', () => {
  test('each colour scheme sets the root attribute and the spec colours; light and grey sections turn dark', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/about');
    const grey = page.locator('[data-section-id="privacy"] > section');
    await expect(grey).toHaveAttribute('data-theme', 'grey');
    await page.locator('[data-a11y-toggle]').click();
    const panel = page.locator('[data-a11y-panel]');
    await expect(panel).toBeVisible();
    for (const [scheme, colours] of Object.entries(SCHEMES)) {
      await panel.locator(`[data-scheme="${scheme}"]`).click();
      await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
      await expect(panel.locator(`[data-scheme="${scheme}"]`)).toHaveAttribute('aria-pressed', 'true');
      const body = await page.evaluate(() => ({ background: getComputedStyle(document.body).backgroundColor, text: getComputedStyle(document.body).color }));
      expect(body, scheme).toEqual(colours);
      await expect(grey).toHaveAttribute('data-theme', 'dark');
      expect(await grey.evaluate((element) => getComputedStyle(element).backgroundColor), scheme).toBe(colours.background);
      const footer = await page.locator('[data-footer]').evaluate((element) => getComputedStyle(element).backgroundColor);
      expect(footer, scheme).toBe(colours.background);
    }
  });

  test('the choice is stored and applied before first paint after a reload (the server HTML stays the same for everyone); reset removes it', async ({
    page,
    context,
    baseURL,
  }) => {
    await asReturningVisitor(context);
    await context.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (!document.body) return;
        const root = document.documentElement;
        (window as unknown as { firstPaintRoot: unknown }).firstPaintRoot = [root.getAttribute('data-color-scheme'), root.getAttribute('data-font-scale')];
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await openHydrated(page, '/news');
    await page.locator('[data-a11y-toggle]').click();
    await page.locator('[data-a11y-panel] [data-scheme="black"]').click();
    await page.locator('[data-a11y-panel] [data-font-size="150"]').click();
    const cookies = await context.cookies(baseURL);
    expect(cookies.find((cookie) => cookie.name === 'colorScheme')?.value).toBe('black');
    expect(cookies.find((cookie) => cookie.name === 'fontSize')?.value).toBe('150');
    expect(await page.evaluate(() => localStorage.getItem('colorScheme'))).toBe('black');
    const response = await page.reload();
    const html = await response!.text();
    // The server's HTML is cached and shared, so it carries no preference; the first paint has them all the same.
    expect(html.slice(0, html.indexOf('>', html.indexOf('<html')) + 1)).not.toMatch(/data-color-scheme|data-font-scale/);
    expect(await page.evaluate(() => (window as unknown as { firstPaintRoot: unknown }).firstPaintRoot)).toEqual(['black', '150']);
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await page.locator('[data-a11y-toggle]').click();
    await expect(page.locator('[data-a11y-panel] [data-scheme="black"]')).toHaveAttribute('aria-pressed', 'true');
    await page.locator('[data-a11y-toggle]').click();
    await page.locator('[data-a11y-toggle]').click();
    await page.locator('[data-a11y-panel] [data-a11y-reset]').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-color-scheme', /.*/);
    await expect(page.locator('html')).not.toHaveAttribute('data-font-scale', /.*/);
    expect((await context.cookies(baseURL)).filter((cookie) => cookie.name === 'colorScheme' || cookie.name === 'fontSize')).toEqual([]);
    expect(await page.evaluate(() => [localStorage.getItem('colorScheme'), localStorage.getItem('fontSize')])).toEqual([null, null]);
    const after = await (await page.reload())!.text();
    expect(after).not.toMatch(/<html [^>]*data-color-scheme=/);
  });

  test('a scheme stored only in local storage is applied before the first frame', async ({ page, context }) => {
    await asReturningVisitor(context);
    await context.addInitScript(() => {
      localStorage.setItem('colorScheme', 'lime');
      requestAnimationFrame(() => {
        (window as unknown as { firstFrameScheme: string | null }).firstFrameScheme = document.documentElement.getAttribute('data-color-scheme');
      });
    });
    await openHydrated(page, '/about');
    expect(await page.evaluate(() => (window as unknown as { firstFrameScheme: string | null }).firstFrameScheme)).toBe('lime');
  });

  test('the font size control scales the text, up to 200%', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/about');
    const rootSize = () => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    const base = await rootSize();
    expect(base).toBe(18);
    await page.locator('[data-a11y-toggle]').click();
    for (const percent of [125, 150, 175, 200]) {
      await page.locator(`[data-a11y-panel] [data-font-size="${percent}"]`).click();
      await expect(page.locator('html')).toHaveAttribute('data-font-scale', String(percent));
      expect(await rootSize()).toBeCloseTo((base * percent) / 100, 1);
    }
    // At 200% nothing needs horizontal scrolling (WCAG 1.4.4 / 1.4.10).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await page.locator('[data-a11y-panel] [data-a11y-reset]').click();
    expect(await rootSize()).toBe(base);
  });

  test('the header, the options and the page are reachable by keyboard, each with a visible focus', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    const focused = async () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return {
          text: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          inView: box.bottom > 0 && box.top < window.innerHeight && box.width > 0,
        };
      });
    await page.keyboard.press('Tab');
    const skip = await focused();
    expect(skip).toEqual({ text: 'Перейти к содержанию', outline: true, inView: true });
    const seen: string[] = [];
    for (let step = 0; step < 14; step += 1) {
      await page.keyboard.press('Tab');
      const state = await focused();
      expect(state.outline, `focus ring on ${state.text}`).toBe(true);
      expect(state.inView, `${state.text} in view`).toBe(true);
      seen.push(state.text);
    }
    expect(seen).toEqual(expect.arrayContaining(['Поиск', 'Версия для слабовидящих', 'English', 'Университет', 'Новости']));
    // The options open and work from the keyboard.
    await page.locator('[data-a11y-toggle]').focus();
    await page.keyboard.press('Enter');
    // The options come next in the focus order: standard colours, then the first scheme.
    await page.keyboard.press('Tab');
    await expect(page.locator('[data-a11y-panel] [data-scheme="none"]')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'gray');
  });
});

const AXE_PAGES = [
  { name: 'home', path: '/' },
  { name: 'content page (news)', path: '/news' },
  { name: 'search', path: '/search?query=%D1%83%D0%BD%D0%B8%D0%B2%D0%B5%D1%80%D1%81%D0%B8%D1%82%D0%B5%D1%82' },
  { name: 'error page', path: '/no-such-page' },
];
const AXE_SCHEMES = ['gray', 'black', 'lime', 'sepia'] as const;

/**
 * One visit per page: the full WCAG audit in the default mode, then each colour scheme chosen in the panel as a
 * visitor does (the panel closed again, nothing hovered or focused) and audited with axe's colour rules. A scheme
 * changes only colour custom properties, the themes of light and grey sections (to dark) and a border's width: the
 * markup, roles, names, text and sizes the other rules judge stay those of the default mode, audited in full.
 */
test.describe('axe-core: no serious or critical violation (WCAG 2.2 AA tags)', () => {
  for (const target of AXE_PAGES) {
    test(`${target.name} in the default mode and every colour scheme`, async ({ browser }) => {
      const counts: string[] = [];
      const problems: string[] = [];
      const record = (mode: string, { findings, total }: Awaited<ReturnType<typeof seriousViolations>>) => {
        counts.push(`${mode}: ${total}`);
        for (const finding of findings) {
          for (const node of finding.nodes) problems.push(`[${mode}] ${finding.rule} (${finding.impact}) in ${node.owner}: ${node.target}: ${finding.help}`);
        }
      };
      // axe is injected as an inline script, which the site's Content-Security-Policy rightly refuses.
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await openHydrated(page, target.path);
      await expect(page.locator('[data-cookie-notice]')).toBeVisible();
      record('default', await seriousViolations(page));
      expect(AXE_COLOUR_RULES).toEqual(expect.arrayContaining(['color-contrast', 'link-in-text-block']));
      for (const scheme of AXE_SCHEMES) {
        await page.locator('[data-a11y-toggle]').click();
        await page.locator(`[data-a11y-panel] [data-scheme="${scheme}"]`).click();
        await page.locator('[data-a11y-panel] [data-a11y-close]').click();
        await expect(page.locator('[data-a11y-panel]')).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-color-scheme', scheme);
        await page.mouse.move(0, 0);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await expect(page.locator('[data-cookie-notice]')).toBeVisible();
        record(scheme, await seriousViolations(page, AXE_COLOUR_RULES));
      }
      await context.close();
      console.log(`axe serious+critical on ${target.name} (${target.path}): ${counts.join(', ')} (schemes: ${AXE_COLOUR_RULES.join(', ')})`);
      expect(problems).toEqual([]);
    });
  }
});
