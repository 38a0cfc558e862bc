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

  test('a section that asks for a priority image further down a page loads it lazily: the page has one main image', async ({ request }) => {
    // /en/about opens with a hero; its news article, further down, has a cover image it would give priority when
    // it leads a page (as on /news/1).
    const html = await (await request.get('/en/about')).text();
    const article = /<div data-section="NewsArticle"[\s\S]*?<img [^>]*>/.exec(html)?.[0].match(/<img [^>]*>/)?.[0];
    expect(article).toMatch(/loading="lazy"/);
    expect(article).not.toMatch(/fetchpriority/i);
    expect([...html.matchAll(/<img [^>]*fetchpriority="high"[^>]*>/gi)]).toHaveLength(1);
    expect([...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)]).toHaveLength(1);
    const lead = await (await request.get('/news/1')).text();
    expect(/<div data-section="NewsArticle"[\s\S]*?<img [^>]*>/.exec(lead)?.[0]).toMatch(/fetchpriority="high"/i);
  });

  test("only the first screen's sections preload their code: a form further down does not take the shell's bandwidth", async ({ request }) => {
    const exposed = (html: string) =>
      [...html.matchAll(/<link rel="preload" as="script" href="[^"]*__federation_expose_(\w+)\.[^"]*"/g)].map((match) => match[1]).sort();
    // The search page without a query hydrates its results section (its code logs the spec's message), at the top of
    // the page: its code is preloaded. Results for a query keep their server HTML: no code at all.
    expect(exposed(await (await request.get('/search')).text())).toEqual(['SearchResults']);
    expect(exposed(await (await request.get('/search?query=%D1%81%D1%82%D1%83%D0%B4%D0%B5%D0%BD%D1%82%D1%8B')).text())).toEqual([]);
    // A hero, the vacancy list (static), then two forms further down: none preloads its code.
    const vacancies = await (await request.get('/vacancies')).text();
    expect([...vacancies.matchAll(/data-section="(\w+)"/g)].map((match) => match[1])).toEqual(['PageHero', 'VacancyList', 'VacancySubscription', 'ResumeForm']);
    expect(exposed(vacancies)).toEqual([]);
    // A hero, the offices, then the contact form: nothing in the first screen hydrates, so no remote code at all.
    const contacts = await (await request.get('/en/contacts')).text();
    expect(contacts).toContain('data-section="ContactForm"');
    expect(exposed(contacts)).toEqual([]);
    expect(contacts).not.toMatch(/<link rel="preload" as="script" href="[^"]*remoteEntry/);
  });
});
