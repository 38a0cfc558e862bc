import { expect, test } from '@playwright/test';
import { putPage } from '../support/platform-control';
import { asReturningVisitor, openHydrated } from '../support/site';

/** The server HTML head of a page: title, description, canonical, hreflang alternates and Open Graph (spec points 3 and 9). */

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

test.describe('SEO head', () => {
  test('a Russian page: title, description, Open Graph, canonical, hreflang and settings.seo link and meta', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const html = head(await (await request.get('/news')).text());
    expect(html).toMatch(/^<!doctype html><html [^>]*lang="ru"/);
    expect(html).toContain('<title>Новости | Научно-технологический университет</title>');
    expect(html).toContain('<meta name="description" content="Новости — Научно-технологический университет">');
    expect(html).toContain('<meta property="og:title" content="Новости | Научно-технологический университет">');
    expect(html).toContain('<meta property="og:description" content="Новости — Научно-технологический университет">');
    expect(html).toContain('<meta property="og:type" content="website">');
    expect(html).toContain('<meta property="og:site_name" content="Научно-технологический университет">');
    expect(html).toContain(`<meta property="og:url" content="${origin}/news">`);
    expect(html).toContain('<meta property="og:locale" content="ru_RU">');
    expect(html).toContain(`<meta property="og:image" content="${origin}/api/media/images/campus-main.jpg">`);
    expect(html).toContain(`<link rel="canonical" href="${origin}/news">`);
    expect(html).toContain(`<link rel="alternate" hreflang="ru" href="${origin}/news">`);
    expect(html).toContain(`<link rel="alternate" hreflang="en" href="${origin}/en/news">`);
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${origin}/news">`);
    // settings.seo: link[] and meta[] of the backend.
    expect(html).toContain('<link rel="icon" href="/favicon.ico">');
    expect(html).toContain('<meta name="theme-color" content="#2F312E">');
    expect(html).not.toContain('name="robots"');
    // The Open Graph image exists.
    expect((await request.get('/api/media/images/campus-main.jpg')).status()).toBe(200);
  });

  test('an English page, and the home page with its own title', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const html = head(await (await request.get('/en/research')).text());
    expect(html).toMatch(/^<!doctype html><html [^>]*lang="en"/);
    expect(html).toContain('<title>Research | University of Science and Technology</title>');
    expect(html).toContain('<meta property="og:locale" content="en_US">');
    expect(html).toContain(`<link rel="canonical" href="${origin}/en/research">`);
    expect(html).toContain(`<link rel="alternate" hreflang="ru" href="${origin}/research">`);
    const home = head(await (await request.get('/en')).text());
    expect(home).toContain('<title>Home | University of Science and Technology</title>');
  });

  test("a page's own seo adds html attributes, replaces meta by name and adds links", async ({ request }) => {
    await putPage(request, 'ru', {
      slug: 'e2e-seo',
      title: 'Страница SEO',
      seo: {
        title: 'Заголовок для поиска',
        description: 'Описание страницы',
        htmlAttrs: { 'data-e2e-page': 'seo' },
        meta: [
          { name: 'theme-color', content: '#0B5CAD' },
          { name: 'author', content: 'НТУ' },
        ],
        link: [{ rel: 'preconnect', href: 'https://media.example' }],
      },
      components: [{ id: 'text', name: 'RichText', props: { html: '<p>SEO</p>' } }],
    } as Parameters<typeof putPage>[2]);
    const html = head(await (await request.get('/e2e-seo')).text());
    const htmlTag = html.slice(0, html.indexOf('<head>'));
    expect(htmlTag).toContain('data-e2e-page="seo"');
    expect(htmlTag).toContain('lang="ru"');
    expect(html).toContain('<title>Заголовок для поиска | Научно-технологический университет</title>');
    expect(html).toContain('<meta name="description" content="Описание страницы">');
    expect(html).toContain('<meta name="theme-color" content="#0B5CAD">');
    expect(html).not.toContain('content="#2F312E"');
    expect(html).toContain('<meta name="author" content="НТУ">');
    expect(html).toContain('<link rel="icon" href="/favicon.ico">');
    expect(html).toContain('<link rel="preconnect" href="https://media.example">');
  });

  test("editors' head markup outside the allow-list never reaches the page, and the page keeps its styles", async ({ page, request }) => {
    await putPage(request, 'ru', {
      slug: 'e2e-seo-hostile',
      title: 'Страница с чужой разметкой',
      seo: {
        htmlAttrs: { onclick: 'window.__clicked = 1', 'data-e2e-page': 'hostile' },
        meta: [
          { 'http-equiv': 'refresh', content: '1;url=https://evil.example/phish' },
          { 'http-equiv': 'set-cookie', content: 'session=evil' },
          { name: 'author', content: 'НТУ' },
        ],
        link: [
          { rel: 'stylesheet', href: 'https://evil.example/steal.css' },
          { rel: 'preload', as: 'script', href: 'https://evil.example/x.js' },
        ],
      },
      components: [{ id: 'text', name: 'RichText', props: { html: '<p>SEO</p>' } }],
    } as Parameters<typeof putPage>[2]);
    const html = head(await (await request.get('/e2e-seo-hostile')).text());
    expect(html).toContain('data-e2e-page="hostile"');
    expect(html).toContain('<meta name="author" content="НТУ">');
    expect(html).not.toMatch(/onclick|http-equiv|evil\.example/);
    await openHydrated(page, '/e2e-seo-hostile');
    // Still here after the refresh would have fired, with the shell's stylesheet applied.
    await page.waitForTimeout(1500);
    expect(new URL(page.url()).pathname).toBe('/e2e-seo-hostile');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/PT Sans/);
  });

  test('error pages are not indexed', async ({ request }) => {
    const html = head(await (await request.get('/no-such-page')).text());
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<title>404 | Научно-технологический университет</title>');
  });

  test('a client navigation updates the title, description, canonical and alternates', async ({ page, context, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    await asReturningVisitor(context);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/about');
    await expect(page).toHaveTitle('Об университете | Научно-технологический университет');
    await page.locator('[data-menu="desktop"]').getByRole('link', { name: 'Наука', exact: true }).click();
    await expect(page).toHaveTitle('Наука | Научно-технологический университет');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/research`);
    await expect(page.locator('link[hreflang="en"]')).toHaveAttribute('href', `${origin}/en/research`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Наука — Научно-технологический университет');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${origin}/research`);
  });
});
