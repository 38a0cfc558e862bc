import { expect, test, type Page, type Request } from '@playwright/test';
import { storedSubmissions, storedSubscriptions, uniqueEmail, type IntakeTarget } from '../support/intake';
import { asReturningVisitor, untilHydrated } from '../support/site';
import { startStandInPlatform, type StandInPlatform } from '../support/standin-platform';

/**
 * The forms as `npm start` runs them: the captcha is the shell's development stand-in served from the site's own
 * origin, and the content API verifies each token with the stand-in's siteverify before it stores anything.
 * One stand-in platform (shell + content API, with the suite's registry) serves the four forms of this file.
 */
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1');
/** A stand-in token: `standin.<action>.<issued ms>.<signature>`. */
const standInToken = (action: string) => new RegExp(`^standin\\.${action}\\.\\d+\\.[A-Za-z0-9_-]+$`);

test.describe.configure({ mode: 'serial' });

let platform: StandInPlatform;
let intake: IntakeTarget;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  platform = await startStandInPlatform();
  intake = { apiUrl: platform.apiUrl, adminToken: platform.adminToken };
});

test.afterAll(async () => {
  await platform?.stop();
});

/** Opens a page of the stand-in platform once hydrated, recording the captcha scripts the page loads. */
async function openStandIn(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script' && sent.url().includes('captcha')) scripts.push(sent.url());
  });
  await page.goto(`${platform.url}${path}`);
  await untilHydrated(page);
  return scripts;
}

/** The captcha token a multipart form request carried (read as bytes: the body may hold a binary file). */
function multipartToken(sent: Request): string | undefined {
  return /name="captchaToken"\r\n\r\n([^\r]+)\r\n/.exec(sent.postDataBuffer()?.toString('latin1') ?? '')?.[1];
}

async function fillPerson(form: ReturnType<Page['locator']>, name: string, email: string) {
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
}

test('the contact form sends with the stand-in token from the site origin, verified by the content API', async ({ page, context, request }) => {
  await asReturningVisitor(context);
  const scripts = await openStandIn(page, '/en/contacts');
  const form = page.locator('form[data-form="contact"]');
  const email = uniqueEmail('standin');
  await fillPerson(form, 'Anna Petrova', email);
  await form.getByLabel('Message').fill('Does the stand-in captcha work on npm start?');
  const sent = page.waitForResponse((response) => response.url().startsWith(`${platform.url}/api/en/forms/contact`) && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(multipartToken(response.request())).toMatch(standInToken('contact'));
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((url) => url.startsWith(`${platform.url}/_dev/captcha/`))).toBe(true);
  // A forged token is refused by the server's verification.
  const forged = await request.post(`${platform.url}/api/en/forms/contact`, {
    data: { name: 'Bot', email, message: 'A forged token here.', consent: true, captchaToken: 'standin.contact.1.forged' },
  });
  expect(forged.status()).toBe(403);
});

test('the resume form sends a PDF with the stand-in token; the content API verified it and stored the resume', async ({ page, context, request }) => {
  await asReturningVisitor(context);
  const scripts = await openStandIn(page, '/en/vacancies');
  const form = page.locator('form[data-form="resume"]');
  const email = uniqueEmail('standin-resume');
  await fillPerson(form, 'Oleg Kuznetsov', email);
  await form.getByLabel('Resume and other files (optional)').setInputFiles({ name: 'Oleg Kuznetsov CV.pdf', mimeType: 'application/pdf', buffer: PDF });
  const sent = page.waitForResponse((response) => response.url().startsWith(`${platform.url}/api/en/forms/resume`) && response.request().method() === 'POST');
  await form.getByRole('button', { name: 'Send' }).click();
  const response = await sent;
  // The body with the file is not readable here (the browser streams it): the token shows in what was stored.
  expect(response.status()).toBe(201);
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.every((url) => url.startsWith(`${platform.url}/_dev/captcha/`))).toBe(true);
  const [stored] = await storedSubmissions(request, { kind: 'resume', email }, intake);
  // The score is the one the stand-in's siteverify answered for this token: stored only after verification, and this
  // content API verifies with nothing but the stand-in (its CAPTCHA_VERIFY_URL is the shell's /_dev/captcha/siteverify).
  expect(stored?.captchaScore).toBe(0.9);
  expect(stored?.attachments).toEqual([{ name: 'Oleg Kuznetsov CV.pdf', extension: 'pdf', mediaType: 'application/pdf', size: PDF.length }]);
});

test('the event application sends with the stand-in token; the content API verified it and stored the event id', async ({ page, context, request }) => {
  await asReturningVisitor(context);
  const listed = (await (await request.get(`${platform.apiUrl}/en/events?scope=upcoming&pageSize=100`)).json()) as {
    data: { items: { id: number; title: string; startsAt: string; endsAt?: string; application: { type: string } }[] };
  };
  const event = listed.data.items.find((item) => item.application.type === 'form' && Date.parse(item.endsAt ?? item.startsAt) > Date.now() + 3_600_000);
  expect(event).toBeDefined();
  await openStandIn(page, `/en/apply?eventId=${event!.id}`);
  await expect(page.getByText(`Application for the event “${event!.title}”`)).toBeVisible();
  const form = page.locator('form[data-form="application"]');
  const email = uniqueEmail('standin-applicant');
  await fillPerson(form, 'Maria Ivanova', email);
  const sent = page.waitForResponse(
    (response) => response.url().startsWith(`${platform.url}/api/en/forms/application`) && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Send' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(multipartToken(response.request())).toMatch(standInToken('application'));
  await expect(page.getByText('We will contact you within three business days.')).toBeVisible();
  const stored = await storedSubmissions(request, { kind: 'application', email }, intake);
  expect(stored.map((submission) => [submission.payload.eventId, submission.captchaScore])).toEqual([[String(event!.id), 0.9]]);
});

test('the vacancy subscription sends with the stand-in token; the content API verified it and stored it, and refuses a forged one', async ({
  page,
  context,
  request,
}) => {
  await asReturningVisitor(context);
  await openStandIn(page, '/en/vacancies');
  const form = page.locator('form[data-form="subscription"]');
  const email = uniqueEmail('standin-subscriber');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('I accept the terms and the personal data processing regulation').check();
  const sent = page.waitForResponse(
    (response) => response.url().startsWith(`${platform.url}/api/en/subscriptions/vacancies`) && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Subscribe' }).click();
  const response = await sent;
  expect(response.ok()).toBe(true);
  expect((response.request().postDataJSON() as { captchaToken: string }).captchaToken).toMatch(standInToken('subscription'));
  await expect(page.getByText('You are subscribed to the vacancy mailing list.')).toBeVisible();
  expect(await storedSubscriptions(request, email, intake)).toEqual([expect.objectContaining({ email, locale: 'en' })]);
  // Verification is real: a token the stand-in did not sign is refused and nothing is stored for it.
  const forgedEmail = uniqueEmail('standin-forged');
  const forged = await request.post(`${platform.url}/api/en/subscriptions/vacancies`, {
    data: { email: forgedEmail, consent: true, captchaToken: 'standin.subscription.1.forged' },
  });
  expect(forged.status()).toBe(403);
  expect(await storedSubscriptions(request, forgedEmail, intake)).toEqual([]);
});
