import { expect, test, type Route } from '@playwright/test';
import { collectConsole } from '../support/console';
import { asReturningVisitor, openHydrated } from '../support/site';

/**
 * A visitor sends the contact form in the browser: the captcha script comes from the provider (the loopback
 * stand-in), its token goes with the form, the content API verifies it with the provider and answers; all of it
 * under the page's Content-Security-Policy.
 */
test('the contact form is sent with a captcha token and the visitor is told when to expect an answer', async ({ page, context }) => {
  await asReturningVisitor(context);
  const console = collectConsole(page);
  const captchaScripts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/recaptcha/api.js') captchaScripts.push(request.url());
  });
  await openHydrated(page, '/en/contacts');
  const form = page.locator('form[data-form="contact"]');
  await form.getByLabel('Name').fill('Anna Petrova');
  await form.getByLabel('Email').fill('anna@example.org');
  await form.getByLabel('Message').fill('When does the admission office open on Saturdays?');
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
  const sent = page.waitForResponse((response) => response.url().includes('/api/en/forms/contact') && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  // The form goes as multipart; its captcha field carries the token the provider's script issued for 'contact'.
  expect(response.request().postData()).toMatch(/name="captchaToken"\r\n\r\ne2e\.contact\.\d+\r\n/);
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
  expect(captchaScripts).toHaveLength(1);
  expect(console.messages).toEqual([]);
});

/**
 * The contact form is further down its page: it hydrates after the page, once its code has arrived. A visitor who
 * fills it in and sends it before then loses nothing: the submission is held (no plain POST of the page), and the
 * form's code sends it once it has hydrated.
 */
test('a contact form sent before its code has arrived is held, then sent by its code: the page stays and the visitor is answered', async ({
  page,
  context,
}) => {
  await asReturningVisitor(context);
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/remotes\/forms\//, (route) => (holding ? held.push(route) : route.continue()));
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) documents.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  await page.goto('/en/contacts');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  const form = page.locator('form[data-form="contact"]');
  await form.getByLabel('Name').fill('Anna Petrova');
  await form.getByLabel('Email').fill('anna@example.org');
  await form.getByLabel('Message').fill('Is the library open during the winter break?');
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
  await form.getByRole('button', { name: 'Send' }).click();
  // Held: still the same page, nothing sent anywhere.
  await page.waitForTimeout(300);
  expect(held.length, 'the form code held back').toBeGreaterThan(0);
  expect(documents).toEqual(['GET /en/contacts']);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);

  const sent = page.waitForResponse((response) => response.url().includes('/api/en/forms/contact') && response.request().method() === 'POST');
  holding = false;
  for (const route of held.splice(0)) await route.continue();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
  expect(documents).toEqual(['GET /en/contacts']);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

/**
 * The browser checks the form with the intake's own schema (compiled at build time) before sending: each wrong field
 * gets its own message beside it, the typed values stay, and nothing is sent.
 */
test('a contact form with a wrong address and a short message shows the message of each wrong field and sends nothing', async ({ page, context }) => {
  await asReturningVisitor(context);
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/forms/contact') && request.method() === 'POST') sent.push(request.url());
  });
  await openHydrated(page, '/en/contacts');
  const form = page.locator('form[data-form="contact"]');
  await form.getByLabel('Name').fill('Anna Petrova');
  await form.getByLabel('Email').fill('anna@example');
  await form.getByLabel('Message').fill('Hello');
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Enter an email address, like name@example.com')).toBeVisible();
  await expect(form.getByText('Write a message: 10 to 5000 characters')).toBeVisible();
  await expect(form.getByText('Enter your name: 2 to 120 characters')).toHaveCount(0);
  await expect(form.getByLabel('Email')).toHaveValue('anna@example');
  expect(sent).toEqual([]);
});
