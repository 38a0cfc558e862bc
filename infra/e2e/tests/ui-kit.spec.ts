import { expect, test } from '@playwright/test';
import { asReturningVisitor, openHydrated } from '../support/site';

/** Issue 4 point 4: `@site/ui` on /ui-kit: every primitive in every theme and scheme, the grid, fonts and links. */

const THEMES = ['dark', 'light', 'grey', 'secondary', 'colorScheme'];
const PRIMITIVES = ['typography', 'links', 'buttons', 'cards', 'navigation', 'content'];
const SCHEME_BACKGROUNDS: Record<string, string> = {
  gray: 'rgb(253, 255, 252)',
  black: 'rgb(47, 49, 46)',
  lime: 'rgb(56, 40, 25)',
  sepia: 'rgb(246, 243, 217)',
};

test.describe('/ui-kit', () => {
  test('shows every primitive in every theme, each theme with its own background', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/ui-kit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('UI-кит');
    const backgrounds = new Set<string>();
    for (const theme of THEMES) {
      const block = page.locator(`[data-ui-kit-theme="${theme}"]`);
      await expect(block.locator('section')).toHaveAttribute('data-theme', theme);
      for (const primitive of PRIMITIVES) await expect(block.locator(`[data-primitive="${primitive}"]`), `${primitive} in ${theme}`).toHaveCount(1);
      await expect(block.locator('button')).toHaveCount(3);
      await expect(block.locator('article')).toHaveCount(3);
      backgrounds.add(await block.locator('section').evaluate((element) => getComputedStyle(element).backgroundColor));
    }
    expect(backgrounds.size).toBe(5);
  });

  for (const [scheme, background] of Object.entries(SCHEME_BACKGROUNDS)) {
    test(`shows every primitive in every theme under the ${scheme} scheme, all in the scheme's colours`, async ({ page, context }) => {
      await asReturningVisitor(context);
      await openHydrated(page, `/ui-kit?scheme=${scheme}`);
      await expect(page.locator(`[data-ui-kit-preview="${scheme}"]`)).toHaveAttribute('data-color-scheme', scheme);
      for (const theme of THEMES) {
        const section = page.locator(`[data-ui-kit-theme="${theme}"] section`);
        // Light and grey turn dark in a colour scheme.
        await expect(section).toHaveAttribute('data-theme', theme === 'light' || theme === 'grey' ? 'dark' : theme);
        expect(await section.evaluate((element) => getComputedStyle(element).backgroundColor), theme).toBe(background);
        for (const primitive of PRIMITIVES) await expect(page.locator(`[data-ui-kit-theme="${theme}"] [data-primitive="${primitive}"]`)).toHaveCount(1);
      }
    });
  }

  test('is in English under /en', async ({ page, context }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/en/ui-kit');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('UI kit');
    await expect(page.locator('[data-ui-kit-theme="dark"] h2')).toHaveText('Theme: dark');
    await expect(page.locator('main')).not.toContainText('Типографика');
    // Internal links are localised, once.
    await expect(page.locator('[data-ui-kit-theme="light"] [data-primitive="links"] a').first()).toHaveAttribute('href', '/en/news');
    await expect(page.locator('a[data-tab="black"]')).toHaveAttribute('href', '/en/ui-kit?scheme=black');
    await page.locator('a[data-tab="black"]').click();
    await expect(page.locator('[data-ui-kit-preview="black"]')).toBeVisible();
  });

  test('links: internal in the same tab, mailto and tel in the same tab, http in a new tab unless the old own host; sanitised HTML', async ({
    page,
    context,
  }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/ui-kit');
    const links = page.locator('[data-ui-kit-theme="light"] [data-primitive="links"] a');
    const described = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => [anchor.getAttribute('href'), anchor.getAttribute('target'), anchor.getAttribute('rel')]),
    );
    expect(described).toEqual([
      ['/news', null, null],
      ['#grid', null, null],
      ['mailto:info@stu.example', null, null],
      ['tel:+74950000000', null, null],
      ['https://example.org/', '_blank', 'noopener noreferrer'],
      ['http://old.ntu.example/archive', null, null],
    ]);
    await expect(page.locator('[data-ui-kit-theme="light"] [data-primitive="buttons"] a')).toHaveAttribute('href', '/news');
    expect(await page.title()).not.toBe('unsafe');
    expect(await page.locator('[data-primitive="content"] script').count()).toBe(0);
  });
});

test.describe('grid and type scale', () => {
  for (const [width, perRow, rootSize] of [
    [1280, 4, 18],
    [900, 2, 17],
    [375, 1, 16],
  ] as const) {
    test(`at ${width} px: ${perRow} of the four demo columns per row, hide and auto per breakpoint, root font ${rootSize} px`, async ({ page, context }) => {
      await asReturningVisitor(context);
      await page.setViewportSize({ width, height: 900 });
      await openHydrated(page, '/ui-kit');
      const tops = await page
        .locator('[data-grid-demo="spans"] [data-grid-box]')
        .evaluateAll((boxes) => boxes.map((box) => Math.round(box.getBoundingClientRect().top)));
      expect(tops.filter((top) => top === tops[0]).length).toBe(perRow);
      await expect(page.locator('[data-hidden-on-small]')).toBeVisible({ visible: width > 767 });
      await expect(page.locator('[data-hidden-on-large]')).toBeVisible({ visible: width < 1024 });
      expect(await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize))).toBe(rootSize);
      // Headings scale with the width too.
      const h1 = await page.locator('h1').evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
      expect(h1).toBeGreaterThan(rootSize * 1.9);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('align and justify place the columns as named', async ({ page, context }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 900 });
    await openHydrated(page, '/ui-kit');
    const boxes = (demo: string) =>
      page.locator(`[data-grid-demo="${demo}"] [data-grid] > div`).evaluateAll((columns) =>
        columns.map((column) => {
          const box = column.getBoundingClientRect();
          const row = column.parentElement!.getBoundingClientRect();
          return {
            top: Math.round(box.top - row.top),
            bottom: Math.round(row.bottom - box.bottom),
            left: Math.round(box.left - row.left),
            right: Math.round(row.right - box.right),
          };
        }),
      );
    expect((await boxes('align-start'))[1]!.top).toBe(0);
    expect((await boxes('align-end'))[1]!.bottom).toBe(0);
    const center = (await boxes('align-center'))[1]!;
    expect(Math.abs(center.top - center.bottom)).toBeLessThanOrEqual(1);
    const stretch = (await boxes('align-stretch'))[1]!;
    expect([stretch.top, stretch.bottom]).toEqual([0, 0]);
    expect((await boxes('justify-start'))[0]!.left).toBe(0);
    expect((await boxes('justify-end'))[2]!.right).toBe(0);
    const between = await boxes('justify-space-between');
    expect([between[0]!.left, between[2]!.right]).toEqual([0, 0]);
    const around = await boxes('justify-space-around');
    expect(around[0]!.left).toBeGreaterThan(0);
    const centred = await boxes('justify-center');
    expect(Math.abs(centred[0]!.left - centred[2]!.right)).toBeLessThanOrEqual(1);
  });
});
