import { expect, test, type Page } from '@playwright/test';
import { asReturningVisitor, openHydrated } from '../support/site';

/** One search tab per kind of hit, and the kind whose first hit the test follows. */
const KINDS = [
  { category: 'news', kind: 'news' },
  { category: 'events', kind: 'event' },
  { category: 'education', kind: 'program' },
  { category: 'education', kind: 'course' },
  { category: 'people', kind: 'person' },
  { category: 'vacancies', kind: 'vacancy' },
] as const;

/** Follows the first hit of a kind from a search tab and checks the visitor lands on that hit's own page. */
async function followFirstHit(page: Page, searchPath: string, kind: string, localePrefix: '' | '/en'): Promise<void> {
  await openHydrated(page, searchPath);
  const link = page.locator(`[data-search-result="${kind}"] h3 a`).first();
  const title = ((await link.textContent()) ?? '').trim();
  const href = (await link.getAttribute('href')) ?? '';
  expect(title).not.toBe('');
  // The locale prefix once: `/en/news/147`, never `/en/en/news/147`.
  expect(href).toMatch(localePrefix ? /^\/en\/(?!en\/)/ : /^\/(?!en\/)/);
  const target = new URL(href, page.url());
  expect((await page.request.get(`${target.pathname}${target.search}`)).status()).toBe(200);

  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === target.pathname && url.search === target.search);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/Not Found/);
  if (target.hash) {
    // A hit inside a list page (a programme, a course, a person, a vacancy): its entry is on the page, titled as the hit.
    await expect(page.locator(target.hash)).toContainText(title);
  } else {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
}

test.describe('search results lead to their pages', () => {
  test.beforeEach(async ({ context }) => asReturningVisitor(context));

  for (const { category, kind } of KINDS) {
    test(`an English ${kind} hit opens its English page`, async ({ page }) => {
      await followFirstHit(page, `/en/search?query=robot&category=${category}`, kind, '/en');
    });
  }

  test('Russian hits of each kind still open their Russian pages', async ({ page }) => {
    for (const { category, kind } of KINDS) {
      // Russian stems keep 'робот' (a vacancy's robots) and 'робототехника' (the rest) apart.
      const query = kind === 'vacancy' ? 'робот' : 'робототехника';
      await followFirstHit(page, `/search?query=${encodeURIComponent(query)}&category=${category}`, kind, '');
    }
  });
});
