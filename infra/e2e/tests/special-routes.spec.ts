import { expect, test } from '@playwright/test';
import { startExtraShell, type ExtraShell } from '../support/extra-shell';
import { platformStatus } from '../support/platform-control';
import { asReturningVisitor, openHydrated } from '../support/site';

/** Issue 4 point 8: /pdf-redirect, /test and the /dev student-life pages. */

const REFUSED = [
  'https://evil.example/report.pdf',
  'https://docs.ntu.example.evil.example/report.pdf',
  'https://docs.ntu.example@evil.example/report.pdf',
  '//evil.example/report.pdf',
  'javascript:alert(1)//.pdf',
  'https://docs.ntu.example/report.html',
  'ftp://docs.ntu.example/report.pdf',
  '/api/media/../../etc/passwd.pdf',
  '/news',
  '',
];

test.describe('/pdf-redirect', () => {
  test('with no allowed hosts configured, only the site’s own PDFs redirect; a foreign host is refused with 404', async ({ request }) => {
    const own = await request.get(`/pdf-redirect?url=${encodeURIComponent('/api/media/documents/charter.pdf')}`, { maxRedirects: 0 });
    expect(own.status()).toBe(302);
    expect(own.headers().location).toBe('/api/media/documents/charter.pdf');
    for (const url of REFUSED) {
      const response = await request.get(`/pdf-redirect?url=${encodeURIComponent(url)}`, { maxRedirects: 0 });
      expect(response.status(), url).toBe(404);
      expect(response.headers().location, url).toBeUndefined();
    }
    const missing = await request.get('/en/pdf-redirect', { maxRedirects: 0 });
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('This page could not be found');
  });

  test('the about page links the seeded documents through it: a visitor clicking one gets the PDF', async ({ page, request }) => {
    for (const [path, name] of [
      ['/about', 'Положение об обработке персональных данных (PDF)'],
      ['/about', 'Форма согласия на обработку персональных данных (PDF)'],
      ['/en/about', 'extract from the register, PDF'],
    ] as const) {
      await openHydrated(page, path);
      const link = page.getByRole('link', { name });
      const href = await link.getAttribute('href');
      // Links inside backend HTML take the page's locale: /en/about links /en/pdf-redirect.
      const prefix = path.startsWith('/en/') ? '/en' : '';
      expect(href?.startsWith(`${prefix}/pdf-redirect?`), name).toBe(true);
      expect(href?.slice(prefix.length), name).toMatch(/^\/pdf-redirect\?url=\/api\/media\/documents\/[a-z-]+\.pdf$/);
      const [response] = await Promise.all([
        page.waitForResponse((answer) => new URL(answer.url()).pathname.startsWith('/api/media/documents/')),
        link.click(),
      ]);
      expect(response.status(), name).toBe(200);
      expect(response.headers()['content-type'], name).toBe('application/pdf');
      const pdf = await request.get(new URL(response.url()).pathname);
      expect((await pdf.body()).subarray(0, 5).toString('latin1'), name).toBe('%PDF-');
    }
  });

  test.describe('with allowed hosts', () => {
    let shell: ExtraShell;
    test.beforeAll(async () => {
      shell = await startExtraShell({ PDF_REDIRECT_HOSTS: 'docs.ntu.example, files.ntu.example' });
    });
    test.afterAll(async () => {
      await shell?.stop();
    });

    test('redirects to PDF documents on those hosts only; anything else is a 404, never an open redirect', async ({ request }) => {
      for (const [url, expected] of [
        ['https://docs.ntu.example/rules/charter.pdf', 'https://docs.ntu.example/rules/charter.pdf'],
        ['https://FILES.ntu.example/a%20b.PDF?download=1', 'https://files.ntu.example/a%20b.PDF?download=1'],
      ]) {
        for (const prefix of ['', '/en']) {
          const response = await request.get(`${shell.url}${prefix}/pdf-redirect?url=${encodeURIComponent(url!)}`, { maxRedirects: 0 });
          expect(response.status(), url).toBe(302);
          expect(response.headers().location).toBe(expected);
        }
      }
      for (const url of REFUSED) {
        const response = await request.get(`${shell.url}/pdf-redirect?url=${encodeURIComponent(url)}`, { maxRedirects: 0 });
        expect(response.status(), url).toBe(404);
      }
    });
  });
});

test.describe('/test', () => {
  test('renders one section of every type the registry knows, in both locales', async ({ page, request, context }) => {
    const known = (await platformStatus(request)).remotes
      .filter((remote) => remote.health === 'up')
      .flatMap((remote) => remote.sections)
      .sort();
    expect(known.length).toBeGreaterThan(15);
    await asReturningVisitor(context);
    for (const path of ['/test', '/en/test']) {
      await openHydrated(page, path);
      const rendered = await page.locator('[data-section]').evaluateAll((sections) => sections.map((section) => section.getAttribute('data-section')!));
      expect(rendered.sort(), path).toEqual(known);
      // Every one is served by its remote: none is missing.
      await expect(page.locator('[data-section-status="missing"]')).toHaveCount(0);
    }
    await expect(page).toHaveTitle('QA: every section type | University of Science and Technology');
  });
});

test.describe('/dev pages', () => {
  for (const path of ['/dev/student-life', '/dev/students-life', '/en/dev/student-life', '/en/dev/students-life']) {
    test(`${path} renders its content page`, async ({ page, context }) => {
      await asReturningVisitor(context);
      const response = await page.goto(path);
      expect(response!.status()).toBe(200);
      const title = path.startsWith('/en') ? 'Student life' : 'Студенческая жизнь';
      await expect(page.locator('[data-section="PageHero"]').getByRole('heading', { level: 2 })).toHaveText(title);
      await expect(page.locator('[data-section="LinkCards"]')).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
    });
  }
});
