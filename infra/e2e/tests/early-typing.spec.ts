import { expect, test, type Route } from '@playwright/test';
import { asReturningVisitor, untilHydrated } from '../support/site';

/**
 * A visitor on a slow phone sees a form in the server HTML before any script has run and starts typing. Whatever they
 * typed must still be there once the form is interactive, also after the form re-renders (moving to the next field
 * validates the one left), and must be what the form sends.
 */
const FORM_PAGES = [
  { path: '/apply', form: 'ApplicationForm' },
  { path: '/contacts', form: 'ContactForm' },
  { path: '/vacancies', form: 'ResumeForm' },
  { path: '/en/vacancies', form: 'VacancySubscription' },
];

// Each page is its own visitor: the pages may be checked side by side.
test.describe.configure({ mode: 'parallel' });

for (const { path, form } of FORM_PAGES) {
  test(`${path}: text typed into the ${form}'s first field before hydration is kept after it`, async ({ page, context }) => {
    await asReturningVisitor(context);
    // Every script waits until the visitor has typed: the form is then server HTML only.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\.m?js(\?|$)/, (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);

    const field = page.locator(`[data-section="${form}"] :is(input:not([type=hidden]):not([type=checkbox]):not([type=file]), textarea)`).first();
    await expect(field).toBeVisible();
    const typed = path.startsWith('/en') ? 'early@example.org' : 'Ранний Посетитель';
    await field.click();
    await field.pressSequentially(typed);
    await expect(field).toHaveValue(typed);

    expect(held.length, 'scripts held back while typing').toBeGreaterThan(0);
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 20_000 });
    // The form hydrates after the page when it is further down: its code is asked for then.
    await untilHydrated(page);
    await expect(field).toHaveValue(typed);
    // Leaving the field re-renders the form (the field is validated): the text stays.
    await field.press('Tab');
    await expect(field).toHaveValue(typed);
    const sent = await field.evaluate((element) => {
      const owner = (element as HTMLInputElement).form;
      return owner ? new FormData(owner).get((element as HTMLInputElement).name) : null;
    });
    expect(sent).toBe(typed);
  });
}
