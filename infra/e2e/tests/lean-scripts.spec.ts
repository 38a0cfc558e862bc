import { expect, test, type Page } from '@playwright/test';
import { HYDRATION_PATTERN, collectConsole } from '../support/console';
import { asReturningVisitor, openHydrated, pageDataRequests, withoutPrefetch } from '../support/site';

/**
 * Less JS before interaction (issue 11 point 3): what the browser fetches for a first load leaves out the ICU message
 * parser (messages arrive precompiled), the HTTP library (the browser's client is fetch), the validator's
 * message texts and TypeBox itself (the contracts' checkers are compiled at build time), and the site still formats
 * its messages, validates and loads page data in the browser.
 * Each marker is a text only that code carries.
 */
const LEFT_OUT = [
  { what: 'the ICU message parser', marker: 'EXPECT_ARGUMENT_CLOSING_BRACE' },
  { what: 'axios', marker: 'ERR_BAD_OPTION_VALUE' },
  { what: "TypeBox's error messages", marker: 'Expected union value' },
  { what: 'TypeBox', marker: 'TypeBox.Kind' },
];

/** The scripts the page has fetched so far, by URL, with their text. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.set(
        response.url(),
        response.text().catch(() => ''),
      );
  });
  return scripts;
}

test.beforeEach(async ({ context }) => {
  await asReturningVisitor(context);
  // Each navigation fetches its page data (no idle prefetch), so the browser's client is seen at work.
  await withoutPrefetch(context);
});

// The home page loads the shell's code only (its sections are static); the news page loads a remote's code too.
for (const path of ['/', '/news']) {
  test(`the first load of ${path} fetches no ICU parser, no axios, no validator message texts and no TypeBox`, async ({ page }) => {
    const scripts = recordScripts(page);
    await openHydrated(page, path);
    await page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    if (path === '/news') expect([...scripts.keys()].some((url) => /\/remotes\/news\//.test(url))).toBe(true);
    for (const [url, text] of scripts) {
      const body = await text;
      for (const { what, marker } of LEFT_OUT) expect(body.includes(marker), `${what} in ${url}`).toBe(false);
    }
  });
}

test('precompiled messages format in the browser: a client-side visit to /en/news renders its texts, arguments filled in, with no hydration or intl error', async ({
  page,
}) => {
  const console = collectConsole(page);
  const pageData = pageDataRequests(page);
  await openHydrated(page, '/en');
  // The header's link, followed in the page (no new document): the browser loads the page data and renders it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('header a[href="/en/news"]:visible').first().click();
  await expect(page).toHaveURL(/\/en\/news$/);
  await expect(page.locator('[data-section="NewsFeed"][data-section-status="ready"]')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(pageData.some((url) => url.startsWith('/api/en/pages/news'))).toBe(true);
  // The news list's texts come from the news remote's messages: English, with no raw message syntax left.
  const main = await page.locator('main').innerText();
  expect(main).not.toMatch(/\{[a-zA-Z]+\}/);
  expect(console.messages.filter((line) => HYDRATION_PATTERN.test(line) || /uncompiled message|FORMAT_ERROR|MISSING_TRANSLATION/i.test(line))).toEqual([]);
});

/** A client-side visit from /en to /en/news by the header's link; true if no new document was loaded. */
async function visitNewsInPage(page: Page): Promise<boolean> {
  await openHydrated(page, '/en');
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.locator('header a[href="/en/news"]:visible').first().click();
  await expect(page).toHaveURL(/\/en\/news$/);
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);
}

// The content API sends well-formed data: in these two tests its answers are broken on their way to the browser.
test("the browser's compiled checkers reject a malformed section descriptor: that section degrades, the others render", async ({ page }) => {
  let broken = 0;
  await page.route(/\/api\/en\/pages\/news(\?|$)/, async (route) => {
    broken += 1;
    const response = await route.fetch();
    const body = (await response.json()) as { data: { components: unknown[] } };
    body.data.components.push({ id: 'malformed-theme', name: 'PageHero', theme: 'no-such-theme', props: {} });
    await route.fulfill({ response, json: body });
  });
  expect(await visitNewsInPage(page)).toBe(true);
  await expect(page.locator('[data-section="NewsFeed"][data-section-status="ready"]')).toBeVisible();
  await expect(page.locator('[data-section-id="malformed-theme"]')).toHaveAttribute('data-section-status', 'failed');
  expect(broken).toBeGreaterThan(0);
});

test("the browser's compiled checkers reject a section's malformed data: the news list whose items are not a list fails its section", async ({ page }) => {
  // The news list as the news remote's loader fetches it in the browser.
  let broken = 0;
  await page.route(/\/api\/en\/news(\?|$)/, async (route) => {
    broken += 1;
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, items: 'not a list' } } });
  });
  expect(await visitNewsInPage(page)).toBe(true);
  await expect(page.locator('[data-section="NewsFeed"]')).toHaveAttribute('data-section-status', 'failed');
  expect(broken).toBeGreaterThan(0);
});
