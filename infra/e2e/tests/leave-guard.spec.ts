import { expect, test, type Page } from '@playwright/test';
import { asReturningVisitor, openHydrated } from '../support/site';

/**
 * Leaving a page whose form has unsaved input: the navigation is held while an in-page dialog asks to leave or stay,
 * and the loading bar is paused meanwhile (it resumes when the visitor leaves, finishes when they stay). Reloading or
 * closing the page raises the browser's own question.
 */
const VACANCIES = '/en/vacancies';

/** The logo link of the header: a client navigation to the home page. */
const homeLink = (page: Page) => page.locator('[data-home-link]');
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Leave this page?' });

async function typeIntoResume(page: Page, text: string) {
  await page.locator('form[data-form="resume"]').getByLabel('Name').fill(text);
}

test.describe('leaving a page with unsaved form input', () => {
  test.beforeEach(async ({ context, page }) => {
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  test('without input, a link leaves at once with no question', async ({ page }) => {
    await openHydrated(page, VACANCIES);
    await homeLink(page).click();
    await expect(page).toHaveURL(/\/en\/?$/);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('with typed input, a link opens the dialog with the bar paused; Escape stays, keeps the input and returns focus', async ({ page }) => {
    await openHydrated(page, VACANCIES);
    await typeIntoResume(page, 'Oleg Kuznetsov');
    await homeLink(page).focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page)).toHaveAttribute('aria-modal', 'true');
    await expect(dialog(page)).toContainText('The form has input that has not been sent. If you leave, it will be lost.');
    await expect(page.locator('[data-loading-bar]')).toHaveAttribute('data-paused', 'true');
    await expect(page).toHaveURL(new RegExp(`${VACANCIES}$`));
    // The safe answer has focus, and focus stays inside the dialog.
    await expect(dialog(page).getByRole('button', { name: 'Stay on the page' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).getByRole('button', { name: 'Leave' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog(page).getByRole('button', { name: 'Stay on the page' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog(page).getByRole('button', { name: 'Leave' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${VACANCIES}$`));
    await expect(page.locator('form[data-form="resume"]').getByLabel('Name')).toHaveValue('Oleg Kuznetsov');
    await expect(homeLink(page)).toBeFocused();
    // Staying finishes the held navigation's bar.
    await expect(page.locator('[data-loading-bar]')).toHaveCount(0);
  });

  test('"Leave" resumes the bar and goes on to the page asked for', async ({ page }) => {
    await openHydrated(page, VACANCIES);
    await typeIntoResume(page, 'Oleg Kuznetsov');
    await homeLink(page).click();
    await expect(page.locator('[data-loading-bar]')).toHaveAttribute('data-paused', 'true');
    await dialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/en\/?$/);
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.locator('form[data-form="resume"]')).toHaveCount(0);
  });

  test('an attached file alone also holds the navigation', async ({ page }) => {
    await openHydrated(page, VACANCIES);
    await page
      .locator('form[data-form="resume"]')
      .getByLabel('Resume and other files (optional)')
      .setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n') });
    await homeLink(page).click();
    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Stay on the page' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${VACANCIES}$`));
  });

  test('the Back button asks too: staying keeps the page and its address, leaving goes back', async ({ page }) => {
    await openHydrated(page, '/en');
    // The menu entry may sit in a closed submenu: its click reaches the router all the same.
    await page.locator('a[href="/en/vacancies"]').first().dispatchEvent('click');
    await expect(page).toHaveURL(new RegExp(`${VACANCIES}$`));
    await expect(page.locator('form[data-form="resume"]')).toBeVisible();
    await typeIntoResume(page, 'Anna Petrova');
    await page.goBack({ waitUntil: 'commit' });
    await expect(dialog(page)).toBeVisible();
    await expect(page.locator('[data-loading-bar]')).toHaveAttribute('data-paused', 'true');
    await dialog(page).getByRole('button', { name: 'Stay on the page' }).click();
    await expect(page).toHaveURL(new RegExp(`${VACANCIES}$`));
    await expect(page.locator('form[data-form="resume"]').getByLabel('Name')).toHaveValue('Anna Petrova');
    await page.goBack({ waitUntil: 'commit' });
    await dialog(page).getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/en\/?$/);
    await expect(page.locator('form[data-form="resume"]')).toHaveCount(0);
  });

  test('the Russian page asks in Russian', async ({ page }) => {
    await openHydrated(page, '/vacancies');
    await page.locator('form[data-form="resume"]').getByLabel('Имя').fill('Олег');
    await homeLink(page).click();
    const russian = page.getByRole('dialog', { name: 'Уйти со страницы?' });
    await expect(russian).toBeVisible();
    await expect(russian.getByRole('button', { name: 'Остаться на странице' })).toBeFocused();
    await russian.getByRole('button', { name: 'Уйти' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('closing or reloading the page raises the browser question (beforeunload)', async ({ page }) => {
    await openHydrated(page, VACANCIES);
    await typeIntoResume(page, 'Oleg Kuznetsov');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        // Leaving anyway lets the page close.
        void question.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await expect.poll(() => page.isClosed()).toBe(true);
  });
});
