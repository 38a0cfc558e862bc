import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { collectConsole, HYDRATION_PATTERN } from '../support/console';
import { asReturningVisitor, openHydrated } from '../support/site';

/** Search engines, installing and sharing: robots.txt, the sitemap, structured data, the manifest, share links. */

type Json = Record<string, unknown>;

interface SitemapUrl {
  loc: string;
  lastmod: string | null;
  alternates: Record<string, string>;
}

/** The sitemap parsed by Chromium's own XML parser (a malformed document fails the test). */
async function parseSitemap(page: Page, xml: string): Promise<SitemapUrl[]> {
  return page.evaluate((text) => {
    const document = new DOMParser().parseFromString(text, 'application/xml');
    if (document.getElementsByTagName('parsererror').length > 0) throw new Error('the sitemap is not well-formed XML');
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    return [...document.getElementsByTagNameNS(ns, 'url')].map((url) => ({
      loc: url.getElementsByTagNameNS(ns, 'loc')[0]!.textContent,
      lastmod: url.getElementsByTagNameNS(ns, 'lastmod')[0]?.textContent ?? null,
      alternates: Object.fromEntries(
        [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!]),
      ),
    }));
  }, xml);
}

/** The JSON-LD objects of the page as served (what crawlers read), by type. */
async function structuredData(request: APIRequestContext, page: Page, path: string): Promise<Json[]> {
  const html = await (await request.get(path)).text();
  await page.setContent(html.replace(/<script(?![^>]*application\/ld\+json)[\s\S]*?<\/script>/g, ''), { waitUntil: 'domcontentloaded' });
  return page.$$eval('script[type="application/ld+json"]', (scripts) => scripts.map((script) => JSON.parse(script.textContent) as Record<string, unknown>));
}

function ofType(items: Json[], type: string): Json {
  const found = items.find((item) => item['@type'] === type);
  expect(found, `${type} JSON-LD`).toBeDefined();
  return found!;
}

async function sitemapUrls(request: APIRequestContext, page: Page): Promise<SitemapUrl[]> {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  return parseSitemap(page, await response.text());
}

test.describe('search engines', () => {
  test('robots.txt names the sitemap and keeps crawlers out of operator, API, QA and search result pages', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`);
    for (const path of ['/_platform', '/api/', '/test$', '/ui-kit', '/search?', '/en/search?']) expect(lines).toContain(`Disallow: ${path}`);
    // A search result page is what the rule keeps out; the news page is not.
    expect((await request.get('/search?query=robot')).status()).toBe(200);
  });

  test('the sitemap lists pages of both locales with hreflang alternates and lastmod, articles and events included', async ({ request, page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const urls = await sitemapUrls(request, page);
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    for (const path of ['/news', '/about', '/research']) {
      const ru = byLoc.get(`${origin}${path}`);
      expect(ru?.alternates, path).toEqual({ ru: `${origin}${path}`, en: `${origin}/en${path}`, 'x-default': `${origin}${path}` });
      expect(byLoc.get(`${origin}/en${path}`)?.alternates, path).toEqual(ru?.alternates);
    }
    expect(urls.every((url) => url.lastmod !== null && Number.isFinite(Date.parse(url.lastmod)))).toBe(true);
    expect(urls.some((url) => /\/en\/news\/\d+$/.test(url.loc))).toBe(true);
    expect(urls.some((url) => /\/events\/\d+$/.test(url.loc))).toBe(true);
    expect(urls.some((url) => /\/(test|ui-kit|search)$/.test(url.loc))).toBe(false);
    // A sample of the listed addresses: each is a page the site serves.
    for (const url of urls.filter((_url, index) => index % Math.ceil(urls.length / 8) === 0))
      expect((await request.get(new URL(url.loc).pathname)).status(), url.loc).toBe(200);
  });

  test('an event page has Event JSON-LD with name, start and end, a place with address, status and how to take part', async ({ request, page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const eventUrl = (await sitemapUrls(request, page)).find((url) => /^.*\/en\/events\/\d+$/.test(url.loc))!;
    const path = new URL(eventUrl.loc).pathname;
    const event = ofType(await structuredData(request, page, path), 'Event');
    expect(event['@context']).toBe('https://schema.org');
    expect(typeof event.name).toBe('string');
    expect(String(event.startDate)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?\+03:00$/);
    expect(Date.parse(String(event.endDate))).toBeGreaterThanOrEqual(Date.parse(String(event.startDate)));
    expect(event.location).toMatchObject({ '@type': 'Place', name: expect.any(String), address: expect.anything() });
    expect(event.eventStatus).toBe('https://schema.org/EventScheduled');
    expect(event.url).toBe(`${origin}${path}`);
    expect(event.offers ?? event.url).toBeTruthy();
    // The data is the section's: its title and start are the ones shown.
    await openHydrated(page, path);
    await expect(page.locator('[data-section="EventDetails"] h2').first()).toHaveText(String(event.name));
    const shownStart = await page.locator('[data-section="EventDetails"] time').first().getAttribute('datetime');
    expect(Date.parse(shownStart!)).toBe(Date.parse(String(event.startDate)));
  });

  test('a news article has NewsArticle JSON-LD with headline, datePublished, image, author and publisher', async ({ request, page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const urls = await sitemapUrls(request, page);
    let article: Json | undefined;
    // Russian articles: the publisher is named in the page's language.
    for (const url of urls.filter((entry) => new RegExp(`^${origin}/news/\\d+$`).test(entry.loc)).slice(0, 10)) {
      const candidate = ofType(await structuredData(request, page, new URL(url.loc).pathname), 'NewsArticle');
      if (candidate.image) {
        article = candidate;
        break;
      }
    }
    expect(article, 'an article with an image').toBeDefined();
    expect(String(article!.headline).length).toBeGreaterThan(0);
    expect(String(article!.headline).length).toBeLessThanOrEqual(110);
    expect(Number.isFinite(Date.parse(String(article!.datePublished)))).toBe(true);
    const [image] = article!.image as string[];
    expect(image!.startsWith(`${origin}/`)).toBe(true);
    expect((await request.get(image!)).status()).toBe(200);
    expect(article!.author).toMatchObject({ name: expect.any(String) });
    expect(article!.publisher).toMatchObject({ name: 'Научно-технологический университет', logo: { url: `${origin}/icon-512.png` } });
  });

  test('content pages carry a BreadcrumbList, the home page the university (name, url, logo, address)', async ({ request, page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const trail = ofType(await structuredData(request, page, '/en/research'), 'BreadcrumbList');
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'University of Science and Technology', item: `${origin}/en` },
      { '@type': 'ListItem', position: 2, name: 'Research', item: `${origin}/en/research` },
    ]);
    const university = ofType(await structuredData(request, page, '/'), 'CollegeOrUniversity');
    expect(university).toMatchObject({ name: 'Научно-технологический университет', url: `${origin}/`, logo: `${origin}/icon-512.png` });
    expect(university.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: expect.any(String), addressLocality: 'Москва', addressCountry: 'RU' });
    expect((await request.get(String(university.logo))).headers()['content-type']).toBe('image/png');
    expect(university.sameAs).toEqual(expect.arrayContaining(['https://vk.com/stu_example']));
  });

  test("og:image is the page's own hero, article or event image, else the site's", async ({ request, page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const ogImage = async (path: string) => /<meta property="og:image" content="([^"]+)">/.exec(await (await request.get(path)).text())?.[1];
    const eventPath = new URL((await sitemapUrls(request, page)).find((url) => /\/events\/\d+$/.test(url.loc))!.loc).pathname;
    const event = ofType(await structuredData(request, page, eventPath), 'Event');
    if (event.image) expect(await ogImage(eventPath)).toBe((event.image as string[])[0]);
    const aboutHero = (await (await request.get('/api/ru/pages/about')).json()) as {
      data: { components: Array<{ name: string; props?: { image?: { url: string } } }> };
    };
    const hero = aboutHero.data.components.find((component) => component.name === 'PageHero')?.props?.image?.url;
    expect(await ogImage('/about')).toBe(hero ? `${origin}/api${hero}` : `${origin}/api/media/images/campus-main.jpg`);
    for (const path of [eventPath, '/about']) expect((await request.get((await ogImage(path))!)).status(), path).toBe(200);
  });
});

test.describe('installable and shareable', () => {
  test('the head links each locale its manifest; Chromium reads it without errors, with names, colours and maskable icons', async ({ page, request }) => {
    for (const [path, manifestPath, name, startUrl] of [
      ['/about', '/manifest.webmanifest', 'Научно-технологический университет', '/'],
      ['/en/about', '/en/manifest.webmanifest', 'University of Science and Technology', '/en'],
    ] as const) {
      await page.goto(path);
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', manifestPath);
      const cdp = await page.context().newCDPSession(page);
      const { url, errors, data } = await cdp.send('Page.getAppManifest');
      expect(new URL(url).pathname).toBe(manifestPath);
      expect(errors).toEqual([]);
      const manifest = JSON.parse(data!) as {
        name: string;
        start_url: string;
        theme_color: string;
        background_color: string;
        icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
      };
      expect(manifest).toMatchObject({ name, start_url: startUrl, theme_color: '#2f312e', background_color: '#ffffff' });
      const maskable = manifest.icons.filter((icon) => icon.purpose === 'maskable').map((icon) => icon.sizes);
      expect(maskable.sort()).toEqual(['192x192', '512x512']);
      for (const icon of manifest.icons) {
        const response = await request.get(icon.src);
        expect(response.status(), icon.src).toBe(200);
        expect(response.headers()['content-type']).toBe(icon.type);
      }
      await cdp.detach();
    }
  });

  test('an event and an article offer VK, Telegram and copying their link; the shared page previews with title, description, image', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    await asReturningVisitor(context);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const urls = await sitemapUrls(request, page);
    const browserConsole = collectConsole(page);
    for (const pattern of [/\/en\/events\/\d+$/, /\/en\/news\/\d+$/]) {
      const shared = urls.find((url) => pattern.test(url.loc))!.loc;
      await openHydrated(page, new URL(shared).pathname);
      // The sections' JSON-LD and share links hydrate as the server rendered them.
      expect(browserConsole.messages.filter((message) => HYDRATION_PATTERN.test(message))).toEqual([]);
      const group = page.getByRole('group', { name: 'Share' });
      await expect(group.getByRole('link', { name: /^VK/ })).toHaveAttribute(
        'href',
        `https://vk.com/share.php?url=${encodeURIComponent(shared)}&title=${encodeURIComponent((await page.title()).replace(/ \| [^|]+$/, ''))}`,
      );
      await expect(group.getByRole('link', { name: /^Telegram/ })).toHaveAttribute(
        'href',
        new RegExp(`^https://t\\.me/share/url\\?url=${encodeURIComponent(shared).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}&text=`),
      );
      await group.getByRole('button', { name: 'Copy link' }).click();
      await expect(group.getByRole('status')).toHaveText('Link copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shared);

      // What VK's and Telegram's crawlers read at the shared address.
      const head = await (await request.get(shared)).text();
      const property = (name: string) => new RegExp(`<meta property="${name}" content="([^"]+)">`).exec(head)?.[1];
      expect(property('og:url')).toBe(shared);
      expect(property('og:title')).toBeTruthy();
      expect(property('og:description')).toBeTruthy();
      expect(property('og:image')).toMatch(new RegExp(`^${origin}/`));
      expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
  });

  test('the share links leave an event and an article page without serious or critical axe violations', async ({ browser, request, page }) => {
    const urls = await sitemapUrls(request, page);
    // axe is injected as an inline script, which the site's Content-Security-Policy rightly refuses.
    const context = await browser.newContext({ bypassCSP: true });
    await asReturningVisitor(context);
    const audited = await context.newPage();
    for (const pattern of [/\/events\/\d+$/, /\/en\/news\/\d+$/]) {
      await openHydrated(audited, new URL(urls.find((url) => pattern.test(url.loc))!.loc).pathname);
      await expect(audited.locator('[data-share-links]')).toBeVisible();
      const { findings } = await seriousViolations(audited);
      expect(findings, JSON.stringify(findings)).toEqual([]);
    }
    await context.close();
  });
});
