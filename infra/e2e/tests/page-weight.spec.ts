import { expect, test } from '@playwright/test';
import { openHydrated } from '../support/site';

/** The design system's own variables: a stylesheet defining them carries the design system's styles. */
const DESIGN_SYSTEM_MARKER = /--site-bg:\s*#/;

test.describe('what a page loads', () => {
  test("a page with sections of three remotes gets the design system's styles once, from the shell", async ({ page }) => {
    const stylesheets: Array<{ url: string; css: string }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'stylesheet') return;
      stylesheets.push({ url: response.url(), css: await response.text().catch(() => '') });
    });
    await openHydrated(page, '/apply');
    const remotes = await page
      .locator('[data-section-status="ready"][data-remote]')
      .evaluateAll((sections) => [...new Set(sections.map((section) => section.getAttribute('data-remote')))]);
    expect(remotes.sort()).toEqual(expect.arrayContaining(['events', 'forms', 'news']));

    const inline = await page
      .locator('head style[data-href]')
      .evaluateAll((styles) => styles.map((style) => ({ url: style.getAttribute('data-href') ?? '', css: style.textContent ?? '' })));
    // Remote sections still bring their own styles, inline; none of them repeats the design system.
    expect(inline.length).toBeGreaterThan(0);
    expect(inline.filter((sheet) => DESIGN_SYSTEM_MARKER.test(sheet.css)).map((sheet) => sheet.url)).toEqual([]);
    const designSystem = stylesheets.filter((sheet) => DESIGN_SYSTEM_MARKER.test(sheet.css)).map((sheet) => new URL(sheet.url).pathname);
    expect(designSystem).toHaveLength(1);
    expect(designSystem[0]).toMatch(/^\/_shell\/[^/]+\.css$/);
  });

  test("the home page's main image is in the server HTML eager, with high priority, and preloaded", async ({ request }) => {
    const html = await (await request.get('/', { headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).text();
    const hero = /<div data-section="PageHero"[\s\S]*?<img [^>]*>/.exec(html)?.[0].match(/<img [^>]*>/)?.[0];
    expect(hero).toBeTruthy();
    expect(hero).toMatch(/fetchpriority="high"/i);
    expect(hero).not.toMatch(/loading="lazy"/);
    expect(hero).toMatch(/width="\d+"/);
    expect(hero).toMatch(/height="\d+"/);
    // A responsive preload: the browser picks the same candidate from the same set as the image itself.
    const srcSet = /srcSet="([^"]+)"/i.exec(hero!)?.[1];
    expect(srcSet).toBeTruthy();
    // React puts it first in the app's root, right after the head: the browser finds it before any content.
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
    expect(preload).toMatch(/fetchpriority="high"/i);
    expect(preload).toContain(`imageSrcSet="${srcSet}"`);
    expect(html.indexOf(preload!)).toBeLessThan(html.indexOf('<body') + 40);
    // Every other image waits until layout reaches it.
    const others = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]).filter((img) => img !== hero);
    for (const img of others) expect(img).not.toMatch(/fetchpriority/i);
  });
});
