import { expect, test, type Page } from '@playwright/test';
import { storedSubmissions, uniqueEmail } from '../support/intake';
import { contentApiPort, freeze, pidListeningOn } from '../support/process-signals';
import { asReturningVisitor, openHydrated } from '../support/site';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');

// Each test freezes the content API: they run one after the other, alone (the `faults` project).
test.describe.configure({ mode: 'serial' });

async function fillContact(page: Page, email: string) {
  const form = page.locator('form[data-form="contact"]');
  await form.getByLabel('Name').fill('Anna Petrova');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Is the library open during the winter holidays?');
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
  return form;
}

test('a submission that meets a hung content API is retried with the same key and stored once when it recovers', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  await asReturningVisitor(context);
  await openHydrated(page, '/en/contacts');
  const email = uniqueEmail('patient');
  const form = await fillContact(page, email);
  const keys: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/en/forms/contact')) keys.push(sent.headers()['idempotency-key'] ?? '');
  });
  const api = freeze(pidListeningOn(contentApiPort()));
  try {
    await form.getByRole('button', { name: 'Send' }).click();
    // The first attempt stalls; the visitor is told the form is still being sent, and a second attempt starts.
    await expect(form.getByText('The connection is slow, still trying to send…')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => keys.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  } finally {
    api.resume();
  }
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible({ timeout: 30_000 });
  expect(new Set(keys).size).toBe(1);
  const stored = await storedSubmissions(request, { kind: 'contact', email });
  expect(stored).toHaveLength(1);
  expect(stored[0]?.idempotencyKey).toBe(keys[0]);
});

test('past the retry budget the visitor gets a clear message with every field and file kept; sending again stores it once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await asReturningVisitor(context);
  await openHydrated(page, '/en/apply');
  const form = page.locator('form[data-form="application"]');
  const email = uniqueEmail('stranded');
  await form.getByLabel('Name').fill('Pavel Orlov');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Comment (optional)').fill('I would like to visit the robotics lab.');
  await form.getByLabel('Files (optional)').setInputFiles({ name: 'portfolio.pdf', mimeType: 'application/pdf', buffer: PDF });
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
  const api = freeze(pidListeningOn(contentApiPort()));
  try {
    await form.getByRole('button', { name: 'Send' }).click();
    // The upload drives the loading bar: its timed filling paused, its width the share of bytes sent.
    const bar = page.locator('[data-loading-bar]');
    await expect(bar).toHaveAttribute('data-paused', 'true');
    await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expect(form.getByRole('alert')).toContainText('The site cannot accept the form right now. Please try again in a few minutes.', { timeout: 45_000 });
    await expect(form.getByRole('alert')).toContainText('What you entered is kept');
    await expect(form.getByLabel('Name')).toHaveValue('Pavel Orlov');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel('Comment (optional)')).toHaveValue('I would like to visit the robotics lab.');
    await expect(form.getByLabel('I accept the terms and the personal data processing regulation')).toBeChecked();
    expect(await form.getByLabel('Files (optional)').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('portfolio.pdf');
  } finally {
    api.resume();
  }
  // The attempts that waited in the frozen server's queue and the visitor's new try carry one key: one record.
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await storedSubmissions(request, { kind: 'application', email })).length, { timeout: 10_000 }).toBe(1);
  const [stored] = await storedSubmissions(request, { kind: 'application', email });
  expect(stored?.attachments.map((file) => file.name)).toEqual(['portfolio.pdf']);
});
