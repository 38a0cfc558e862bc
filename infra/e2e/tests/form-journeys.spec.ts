import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storedSubmissions, storedSubscriptions, uniqueEmail } from '../support/intake';
import { asReturningVisitor, openHydrated } from '../support/site';

const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 1)]);

interface ListedEvent {
  id: number;
  title: string;
  startsAt: string;
  endsAt?: string;
  application: { type: string };
}

async function eventsOf(request: APIRequestContext, query: string): Promise<ListedEvent[]> {
  const response = await request.get(`${process.env.API_URL}/en/events?${query}&pageSize=100`);
  return ((await response.json()) as { data: { items: ListedEvent[] } }).data.items;
}

const endOf = (event: ListedEvent) => Date.parse(event.endsAt ?? event.startsAt);

async function fillPerson(page: Page, form: ReturnType<Page['locator']>, name: string, email: string) {
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
}

test.describe('applications to events', () => {
  test('two applications to two different events are stored with their own event ids', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    const upcoming = (await eventsOf(request, 'scope=upcoming')).filter((event) => event.application.type === 'form' && endOf(event) > Date.now() + 3_600_000);
    expect(upcoming.length).toBeGreaterThanOrEqual(2);
    const email = uniqueEmail('applicant');
    for (const event of upcoming.slice(0, 2)) {
      await openHydrated(page, `/en/events/${event.id}`);
      await page.getByRole('link', { name: 'Apply to take part' }).first().click();
      await expect(page).toHaveURL(new RegExp(`/en/apply\\?eventId=${event.id}$`));
      await expect(page.getByText(`Application for the event “${event.title}”`)).toBeVisible();
      const form = page.locator('form[data-form="application"]');
      await fillPerson(page, form, 'Maria Ivanova', email);
      await form.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
    }
    const stored = await storedSubmissions(request, { kind: 'application', email });
    expect(stored.map((submission) => submission.payload.eventId).sort()).toEqual(
      upcoming
        .slice(0, 2)
        .map((event) => String(event.id))
        .sort(),
    );
    // The captcha token made by the provider's script for this form was verified by the server.
    for (const submission of stored) expect(submission.captchaScore).toBe(0.9);
  });

  test('a past event offers no application, its form says so, and the API refuses its id', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    const past = (await eventsOf(request, 'scope=all')).filter((event) => endOf(event) < Date.now() && event.application.type === 'form');
    expect(past.length).toBeGreaterThan(0);
    const event = past[0]!;
    await openHydrated(page, `/en/events/${event.id}`);
    await expect(page.locator('h1, h2').filter({ hasText: event.title }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Apply to take part' })).toHaveCount(0);
    await openHydrated(page, `/en/apply?eventId=${event.id}`);
    await expect(page.getByText(`The event “${event.title}” is over and no longer accepts applications.`)).toBeVisible();
    await expect(page.locator('form[data-form="application"]')).toHaveCount(0);
    const email = uniqueEmail('late');
    const refused = await request.post(`${process.env.SITE_URL}/api/ru/forms/application`, {
      multipart: { name: 'Пётр Сидоров', email, eventId: String(event.id), consent: 'on', captchaToken: 'e2e.application.1' },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).message).toBe('Мероприятие уже прошло, заявки на него не принимаются.');
    expect(await storedSubmissions(request, { email })).toEqual([]);
  });
});

test.describe('every form, end to end', () => {
  test('a resume with a PDF is sent with the captcha token and stored with its file', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/en/vacancies');
    const form = page.locator('form[data-form="resume"]');
    const email = uniqueEmail('resume');
    await fillPerson(page, form, 'Oleg Kuznetsov', email);
    await form.getByLabel('Resume and other files (optional)').setInputFiles({ name: 'Oleg Kuznetsov CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    const sent = page.waitForResponse((response) => response.url().includes('/api/en/forms/resume') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
    const [stored] = await storedSubmissions(request, { kind: 'resume', email });
    expect(stored?.captchaScore).toBe(0.9);
    expect(stored?.attachments).toEqual([{ name: 'Oleg Kuznetsov CV.pdf', extension: 'pdf', mediaType: 'application/pdf', size: PDF.length }]);
  });

  test('the vacancy subscription is sent with the captcha token and stored', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/en/vacancies');
    const form = page.locator('form[data-form="subscription"]');
    const email = uniqueEmail('subscriber');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('I accept the terms and the personal data processing regulation').check();
    const sent = page.waitForResponse((response) => response.url().includes('/api/en/subscriptions/vacancies'));
    await form.getByRole('button', { name: 'Subscribe' }).click();
    expect((await sent).request().postDataJSON()).toMatchObject({ email, captchaToken: expect.stringMatching(/^e2e\.subscription\.\d+$/) });
    await expect(page.getByText('You are subscribed to the vacancy mailing list.')).toBeVisible();
    expect(await storedSubscriptions(request, email)).toEqual([expect.objectContaining({ email, locale: 'en' })]);
  });

  test('50 MB + 1 byte is refused with the spec message, in the form and by the intake while streaming; nothing is stored', async ({
    page,
    context,
    request,
  }, testInfo) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/en/vacancies');
    const form = page.locator('form[data-form="resume"]');
    const email = uniqueEmail('large');
    await fillPerson(page, form, 'Irina Volkova', email);
    // A real PDF head, then zeros up to one byte over the limit (a sparse file: no 50 MB in memory).
    const tooLarge = testInfo.outputPath('scan.pdf');
    fs.mkdirSync(path.dirname(tooLarge), { recursive: true });
    fs.writeFileSync(tooLarge, PDF);
    fs.truncateSync(tooLarge, 50 * 1024 * 1024 + 1);
    await form.getByLabel('Resume and other files (optional)').setInputFiles(tooLarge);
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByText('The size of the files for uploading should not exceed 50MB')).toBeVisible();
    // A caller without the browser's check: the intake stops reading at the limit and answers with the same text.
    const refused = await request.post(`${process.env.SITE_URL}/api/en/forms/resume`, {
      multipart: { name: 'Irina Volkova', email, consent: 'on', captchaToken: 'e2e.resume.1', files: fs.createReadStream(tooLarge) },
    });
    expect(refused.status()).toBe(413);
    expect((await refused.json()).message).toBe('The size of the files for uploading should not exceed 50MB');
    expect(await storedSubmissions(request, { email })).toEqual([]);
  });

  test('an .exe renamed .pdf is refused with its message, the input is kept, and nothing is stored', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/en/apply');
    const form = page.locator('form[data-form="application"]');
    const email = uniqueEmail('renamed');
    await fillPerson(page, form, 'Pavel Orlov', email);
    await form.getByLabel('Files (optional)').setInputFiles({ name: 'diploma.pdf', mimeType: 'application/pdf', buffer: EXE });
    const sent = page.waitForResponse((response) => response.url().includes('/api/en/forms/application') && response.request().method() === 'POST');
    await form.getByRole('button', { name: 'Send' }).click();
    expect((await sent).status()).toBe(415);
    await expect(form.getByRole('alert')).toContainText('A file was refused: allowed types are pdf, doc, docx, jpeg, jpg, png');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    expect(await form.getByLabel('Files (optional)').evaluate((input: HTMLInputElement) => input.files?.[0]?.name)).toBe('diploma.pdf');
    expect(await storedSubmissions(request, { email })).toEqual([]);
  });

  test('the first submission over the browser limit shows when to try again, with the input kept', async ({ page, context, request }) => {
    await asReturningVisitor(context);
    await openHydrated(page, '/en/contacts');
    const form = page.locator('form[data-form="contact"]');
    const email = uniqueEmail('eager');
    await fillPerson(page, form, 'Anna Petrova', email);
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/en/forms/contact')) statuses.push(response.status());
    });
    // The configured limit is four per browser: the fifth is the first over it.
    for (let round = 1; round <= 5; round += 1) {
      await form.getByLabel('Message').fill(`Question number ${round} about the admission rules.`);
      await form.getByRole('button', { name: 'Send' }).click();
      if (round < 5) {
        await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
        await openHydrated(page, '/en/contacts');
        await fillPerson(page, form, 'Anna Petrova', email);
      }
    }
    await expect(form.getByRole('alert')).toContainText(/Too many submissions from this browser\. Please try again in \d+ seconds?\./);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    await expect(form.getByLabel('Message')).toHaveValue('Question number 5 about the admission rules.');
    await expect(form.getByLabel('Email')).toHaveValue(email);
    expect(await storedSubmissions(request, { email })).toHaveLength(4);
  });
});
