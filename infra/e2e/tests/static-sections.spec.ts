import { expect, test, type Page } from '@playwright/test';
import { HYDRATION_PATTERN, collectConsole } from '../support/console';
import { asReturningVisitor, openHydrated } from '../support/site';

/**
 * Sections without interactive parts (issue 11 point 3) declare `hydrate: false`: on a server-rendered page the
 * browser keeps their server HTML and loads no code for them. Every section of the home page is such a section,
 * so its first load requests no remote's code at all, nor the shell's federation runtime (a chunk loaded with the
 * first remote section), and the page still looks and navigates as before.
 */

/** The shell's chunk of the Module Federation runtime (see shell/src/federation/browser-runtime.ts). */
const FEDERATION_RUNTIME = /^\/_shell\/federation\.[0-9a-f]+\.js$/;

/**
 * The requests the browser makes for remote code (containers, shared chunks, section chunks) and for the federation
 * runtime that loads it.
 */
function remoteCode(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (/\/remotes\/([a-z-]+)\//.test(pathname) || FEDERATION_RUNTIME.test(pathname)) urls.push(request.url());
  });
  return urls;
}

const HOME_SECTIONS = ['PageHero', 'NewsFeatured', 'NewsLatest', 'EventsUpcoming', 'ProgramsList', 'LinkCards'];

/**
 * The HTML of each static section body by section id: of the live page, or of the HTML the server sent, parsed by the
 * same browser (so both are serialised alike).
 */
function staticBodies(page: Page, served?: string): Promise<Record<string, string>> {
  return page.evaluate((html) => {
    const root = html === undefined ? document : new DOMParser().parseFromString(html, 'text/html');
    return Object.fromEntries(
      [...root.querySelectorAll<HTMLElement>('[data-section-id]')]
        .filter((section) => section.querySelector('[data-static-section]'))
        .map((section) => [section.dataset.sectionId!, section.querySelector('[data-static-section]')!.innerHTML]),
    );
  }, served);
}

test.beforeEach(async ({ context }) => {
  await asReturningVisitor(context);
});

for (const path of ['/', '/en']) {
  test(`${path}: the first load requests no remote code, and the sections keep their server HTML through hydration`, async ({ page }) => {
    const console = collectConsole(page);
    const code = remoteCode(page);
    const response = await page.goto(path);
    const served = await staticBodies(page, await response!.text());
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
    // Every section of the page is static and shown: the hero's heading and image, the cards' links and images.
    const sections = await page
      .locator('[data-section-id]')
      .evaluateAll((elements) =>
        elements.map((element) => [
          element.getAttribute('data-section'),
          element.getAttribute('data-section-status'),
          !!element.querySelector('[data-static-section]'),
        ]),
      );
    expect(new Set(sections.map(([name]) => name))).toEqual(new Set(HOME_SECTIONS));
    expect(sections.every(([, status, isStatic]) => status === 'ready' && isStatic)).toBe(true);
    await expect(page.locator('[data-section="PageHero"] h2')).toBeVisible();
    await expect(page.locator('[data-section="PageHero"] img')).toHaveJSProperty('complete', true);
    expect(await page.locator('[data-section="LinkCards"] a[href]').count()).toBe(4);
    expect(await page.locator('[data-section="NewsFeatured"] a[href]').count()).toBeGreaterThan(2);
    // Hydration left them exactly as the server rendered them, and nothing asked for their code.
    expect(Object.keys(served)).toHaveLength(sections.length);
    expect(await staticBodies(page)).toEqual(served);
    expect(code).toEqual([]);
    // Later re-renders (a colour scheme and a font size of the accessibility mode) leave them as they are too.
    await page.locator('[data-a11y-toggle]').click();
    const panel = page.locator('[data-a11y-panel]');
    await panel.locator('[data-scheme="black"]').click();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'black');
    expect(await staticBodies(page)).toEqual(served);
    await panel.locator('[data-font-size]').last().click();
    await panel.locator('[data-scheme="none"]').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-color-scheme', 'black');
    await page.keyboard.press('Escape');
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState('networkidle');
    expect(await staticBodies(page)).toEqual(served);
    expect(code).toEqual([]);
    expect(console.messages.filter((line) => HYDRATION_PATTERN.test(line))).toEqual([]);
  });
}

test('a link of a static section navigates in the page: no new document, the next page rendered', async ({ page }) => {
  const console = collectConsole(page);
  await openHydrated(page, '/en');
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  const card = page.locator('[data-section="LinkCards"] a[href="/en/research"]');
  await card.click();
  await expect(page).toHaveURL(/\/en\/research$/);
  await expect(page.locator('[data-section="ResearchAreas"][data-section-status="ready"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  // Back to the home page in the same document: its sections are rendered by the browser now, content and all.
  await page.goBack();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('[data-section="LinkCards"] a[href="/en/research"]')).toBeVisible();
  await expect(page.locator('[data-section="PageHero"] h2')).toBeVisible();
  expect(await page.locator('[data-section="NewsFeatured"] a[href]').count()).toBeGreaterThan(2);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  expect(console.messages.filter((line) => HYDRATION_PATTERN.test(line))).toEqual([]);
});

test('a client navigation to the home page renders its static sections in the browser, loading their code then', async ({ page }) => {
  const code = remoteCode(page);
  await openHydrated(page, '/news');
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  code.length = 0;
  await page.locator('header a[href="/"]:visible').first().click();
  await expect(page).toHaveURL(/\/$/);
  for (const name of HOME_SECTIONS) await expect(page.locator(`[data-section="${name}"] [data-static-section] h2`).first()).toBeAttached();
  await expect(page.locator('[data-section="PageHero"] h2')).toBeVisible();
  await expect(page.locator('[data-section="LinkCards"] a[href="/apply"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  // The page's sections of other remotes are loaded now (/news loaded no remote code: its sections are static too).
  await expect.poll(() => code.some((url) => /\/remotes\/(events|education)\//.test(url))).toBe(true);
  // And its links are the router's again: a click stays in the page.
  await page.locator('[data-section="LinkCards"] a[href="/research"]').click();
  await expect(page).toHaveURL(/\/research$/);
  await expect(page.locator('[data-section="ResearchAreas"][data-section-status="ready"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test('a link of a static section is held by the leave guard of a form with unsaved input, and the form works', async ({ page }) => {
  const code = remoteCode(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openHydrated(page, '/en/contacts');
  // The contact form is interactive: its remote's code loaded; the office list beside it is static.
  await expect.poll(() => code.some((url) => /\/remotes\/forms\/.+\/remoteEntry\.js$/.test(url))).toBe(true);
  expect(code.some((url) => /\/remotes\/news\//.test(url))).toBe(false);
  await expect(page.locator('[data-section="OfficeContacts"] [data-static-section]')).toHaveCount(1);
  await expect(page.locator('[data-section="ContactForm"] [data-static-section]')).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  await page.locator('form[data-form="contact"]').getByLabel('Name').fill('Oleg Kuznetsov');
  const officeLink = page.locator('[data-section="OfficeContacts"] a[href^="/en/contacts/"]').first();
  const target = await officeLink.getAttribute('href');
  await officeLink.click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on the page' }).click();
  await expect(page).toHaveURL(/\/en\/contacts$/);
  await expect(page.locator('form[data-form="contact"]').getByLabel('Name')).toHaveValue('Oleg Kuznetsov');
  await officeLink.click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(page.locator('[data-section="OfficeContacts"][data-section-status="ready"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test("the media list keeps its server HTML: a filter link loads the filtered list in the page, and the list's code with it", async ({ page }) => {
  const code = remoteCode(page);
  await openHydrated(page, '/en/media');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-section="NewsFeed"] [data-static-section]')).toHaveCount(1);
  expect(code).toEqual([]);
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  await page.getByRole('region', { name: 'Filters' }).getByRole('link', { name: 'Video', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/media\?formats=video$/);
  await expect(page.locator('[data-section="NewsFeed"] a[data-option="video"]')).toHaveAttribute('aria-current', 'true');
  expect(code.some((url) => /\/remotes\/news\/.+\/remoteEntry\.js$/.test(url))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test("a static section's search box submits in the page: the people directory lists the matches of the typed name", async ({ page, request }) => {
  await openHydrated(page, '/en/people');
  const directory = page.locator('[data-section="PeopleDirectory"]');
  await expect(directory.locator('[data-static-section]')).toHaveCount(1);
  const everyone = (await (await request.get('/api/en/people?pageSize=1')).json()) as { data: { items: Array<{ name: string }>; total: number } };
  const name = everyone.data.items[0]!.name.split(' ')[0]!;
  const matches = (await (await request.get(`/api/en/people?q=${encodeURIComponent(name)}&pageSize=1`)).json()) as { data: { total: number } };
  expect(matches.data.total).toBeLessThan(everyone.data.total);
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  await directory.getByRole('searchbox').fill(name);
  await directory.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(new RegExp(`/en/people\\?q=${encodeURIComponent(name)}$`));
  const count = matches.data.total;
  await expect(directory.getByRole('status')).toHaveText(`${count} ${count === 1 ? 'person' : 'people'}`);
  await expect(directory.getByRole('searchbox')).toHaveValue(name);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test('search results keep their server HTML with no remote code; a search typed in their box shows its results in the page, in the same tab', async ({
  page,
}) => {
  const code = remoteCode(page);
  await openHydrated(page, '/en/search?query=students&category=news');
  const results = page.locator('[data-section="SearchResults"]');
  await page.waitForLoadState('networkidle');
  await expect(results.locator('[data-static-section]')).toHaveCount(1);
  expect(code).toEqual([]);
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  await results.getByRole('searchbox').fill('university');
  await results.getByRole('searchbox').press('Enter');
  await expect(page).toHaveURL(/\/en\/search\?category=news&query=university$/);
  await expect(results.getByRole('searchbox')).toHaveValue('university');
  await expect(results.locator('[data-search-result="news"]').first()).toBeVisible();
  await expect(results.getByRole('link', { name: /^News and media \(\d+\)$/ })).toHaveAttribute('aria-current', 'page');
  expect(code.some((url) => /\/remotes\/search\/.+\/remoteEntry\.js$/.test(url))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
});

test("the vacancy list keeps its server HTML; a centre tab shows that centre in the page, with the list's code loaded then", async ({ page }) => {
  const code = remoteCode(page);
  await openHydrated(page, '/en/vacancies');
  const list = page.locator('[data-section="VacancyList"]');
  await expect(list.locator('[data-static-section]')).toHaveCount(1);
  const served = await list.locator('[data-centre]').count();
  expect(served).toBeGreaterThan(1);
  // Its code is not loaded (the forms further down load theirs once the page has hydrated).
  expect(code.filter((url) => url.includes('VacancyList'))).toEqual([]);
  await page.evaluate(() => Object.assign(window, { __marker: 1 }));
  const tab = list.locator('a[data-tab]:not([data-tab="all"])').first();
  const centre = await tab.getAttribute('data-tab');
  await tab.click();
  await expect(page).toHaveURL(new RegExp(`/en/vacancies\\?centre=${centre}$`));
  await expect(list.locator('a[data-tab]:not([data-tab="all"])').first()).toHaveAttribute('aria-current', 'page');
  await expect(list.locator('[data-centre]')).toHaveCount(1);
  await expect(list.locator(`[data-centre="${centre}"]`)).toBeVisible();
  expect(code.some((url) => url.includes('VacancyList'))).toBe(true);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  // Back to all centres: the list, now rendered by its code, shows them all again.
  await page.goBack();
  await expect(list.locator('[data-centre]')).toHaveCount(served);
});

test('a vacancy\'s "send resume" link lands at the form below the list, the list keeping its server HTML while its code loads', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await asReturningVisitor(context);
  const page = await context.newPage();
  await openHydrated(page, '/vacancies');
  const list = page.locator('[data-section="VacancyList"]');
  const vacancies = await list.locator('li[id^="vacancy-"]').count();
  expect(vacancies).toBeGreaterThan(10);
  // Every height the list has from the click on: it never collapses while its code loads for the new address.
  await page.evaluate(() => {
    const element = document.querySelector('[data-section="VacancyList"]')!;
    const heights: number[] = [];
    Object.assign(window, { listHeights: heights });
    new ResizeObserver(() => heights.push(Math.round(element.getBoundingClientRect().height))).observe(element);
  });
  const link = list
    .locator('li[id^="vacancy-"]')
    .first()
    .getByRole('link', { name: /Отправить резюме/ });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/vacancies\?vacancyId=[^#]+#resume$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
  // The smooth scroll ends at the form: its top where an anchor's goes (below the root's scroll padding).
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
          return Math.abs(Math.round(document.getElementById('resume')!.getBoundingClientRect().top - padding));
        }),
      { timeout: 10_000 },
    )
    .toBeLessThanOrEqual(2);
  const heights = await page.evaluate(() => (window as unknown as { listHeights: number[] }).listHeights);
  expect(Math.min(...heights)).toBeGreaterThan(0.9 * heights[0]!);
  await expect(list.locator('li[id^="vacancy-"]')).toHaveCount(vacancies);
  await context.close();
});

test('a news article without videos stays server HTML, with no code or sanitizer loaded; one with a video hydrates its player', async ({ page }) => {
  const code = remoteCode(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openHydrated(page, '/news/1');
  await page.waitForLoadState('networkidle');
  const text = page.locator('[data-section="NewsArticle"]');
  await expect(text.locator('[data-static-section]')).toHaveCount(1);
  await expect(text.locator('p').first()).toBeVisible();
  expect(code).toEqual([]);
  expect(scripts.filter((path) => /^\/_shell\/(sanitizer|federation)\./.test(path))).toEqual([]);

  // Article 43 is a media item with a video: its section's code runs, and the player answers.
  await openHydrated(page, '/news/43');
  const video = page.locator('[data-section="NewsArticle"]');
  await expect(video.locator('[data-static-section]')).toHaveCount(0);
  await expect(video.locator('video[controls]')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => performance.getEntriesByName('site:section-hydrated').some((entry) => (entry as PerformanceMark).detail?.section === 'NewsArticle')),
    )
    .toBe(true);
  expect(code.some((url) => /\/remotes\/news\/.+\/remoteEntry\.js$/.test(url))).toBe(true);
});

test('an event page loads no code for its details, and their "copy link" button copies the page link and says so', async ({ page, context, baseURL }) => {
  const code = remoteCode(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await openHydrated(page, '/en/events/5');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-section="EventDetails"] [data-static-section]')).toHaveCount(1);
  expect(code.filter((url) => /\/remotes\/events\//.test(url))).toEqual([]);
  const share = page.locator('[data-section="EventDetails"] [data-share-links]');
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/en/events/5`);
  // The confirmation goes after a while, as the component's does.
  await expect(share.getByRole('status')).toHaveText('', { timeout: 8000 });
  expect(code.filter((url) => /\/remotes\/events\//.test(url))).toEqual([]);
});
