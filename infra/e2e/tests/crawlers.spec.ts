import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * What a crawler reads from the served HTML (no browser): schema.org JSON-LD with the right types on the page it
 * describes, localised links in backend HTML, one address per page, and a sitemap with a last change per address.
 */

type Json = Record<string, unknown>;

async function htmlOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** Every JSON-LD object of a served page, parsed as a crawler parses it. */
function jsonLdOf(html: string): Json[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Json);
}

function ofType(items: Json[], type: string): Json {
  const found = items.find((item) => item['@type'] === type);
  expect(found, `${type} JSON-LD`).toBeDefined();
  return found!;
}

test.describe('structured data describes the page it is on', () => {
  test("/about quotes an article but carries no NewsArticle; the article's own page does, by an Organization, with dateModified", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const about = await htmlOf(request, '/about');
    expect(about).toContain('data-section="NewsArticle"');
    const onAbout = jsonLdOf(about);
    expect(onAbout.filter((item) => item['@type'] === 'NewsArticle')).toEqual([]);
    expect(JSON.stringify(onAbout)).not.toContain('/news/3');

    const article = ofType(jsonLdOf(await htmlOf(request, '/news/3')), 'NewsArticle');
    expect(article.url).toBe(`${origin}/news/3`);
    expect(article.author).toMatchObject({ '@type': 'Organization', name: expect.stringMatching(/^Пресс-служба/) });
    expect(Number.isFinite(Date.parse(String(article.dateModified)))).toBe(true);
    expect(Date.parse(String(article.dateModified))).toBeGreaterThanOrEqual(Date.parse(String(article.datePublished)));
  });

  test("an event's location is the room by name and the building's PostalAddress", async ({ request }) => {
    const event = ofType(jsonLdOf(await htmlOf(request, '/en/events/1')), 'Event');
    const location = event.location as { '@type': string; name: string; address: Json };
    expect(location['@type']).toBe('Place');
    // The university's one postal address (the one /sveden/common shows), written as the post needs it in every locale.
    expect(location.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: expect.any(String), addressLocality: 'Москва', addressCountry: 'RU' });
    expect(location.address.streetAddress).not.toBe(location.name);
  });

  test('the breadcrumb of a /sveden subsection passes through /sveden', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const trail = ofType(jsonLdOf(await htmlOf(request, '/en/sveden/common')), 'BreadcrumbList');
    expect((trail.itemListElement as Json[]).map((crumb) => crumb.item)).toEqual([`${origin}/en`, `${origin}/en/sveden`, `${origin}/en/sveden/common`]);
  });
});

test.describe('links and addresses', () => {
  test('links inside backend HTML take the page locale: /en/about links /en/pdf-redirect, which leads to the PDF', async ({ request }) => {
    const english = /href="(\/[^"]*pdf-redirect\?[^"]*)"/.exec(await htmlOf(request, '/en/about'))?.[1];
    expect(english).toMatch(/^\/en\/pdf-redirect\?url=/);
    const redirect = await request.get(english!.replace(/&amp;/g, '&'), { maxRedirects: 0 });
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toMatch(/\.pdf$/);
    expect(/href="(\/[^"]*pdf-redirect\?[^"]*)"/.exec(await htmlOf(request, '/about'))?.[1]).toMatch(/^\/pdf-redirect\?url=/);
  });

  test('the QA page has one address: /test/ and /en/test/ redirect, and robots.txt keeps crawlers off both forms', async ({ request }) => {
    for (const [from, to] of [
      ['/test/', '/test'],
      ['/en/test/', '/en/test'],
    ]) {
      const response = await request.get(from!, { maxRedirects: 0 });
      expect([from, response.status(), response.headers().location]).toEqual([from, 301, to]);
    }
    const lines = (await (await request.get('/robots.txt')).text()).split('\n');
    for (const rule of ['/test$', '/test/', '/en/test$', '/en/test/']) expect(lines).toContain(`Disallow: ${rule}`);
  });

  test('the sitemap gives each address its own lastmod and lists the student-life page once, the copy naming it canonical', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const xml = await (await request.get('/sitemap.xml')).text();
    const urls = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((match) => ({ loc: match[1]!, lastmod: match[2]! }));
    expect(urls.length).toBe((xml.match(/<url>/g) ?? []).length);
    for (const kind of [/\/news\/\d+$/, /\/events\/\d+$/]) {
      const times = urls.filter((url) => kind.test(url.loc)).map((url) => url.lastmod);
      // Both language versions of an item may share its time; different items do not.
      expect(new Set(times).size).toBeGreaterThan(times.length / 4);
    }
    const locs = new Set(urls.map((url) => url.loc));
    expect(locs.has(`${origin}/dev/student-life`)).toBe(true);
    expect(locs.has(`${origin}/dev/students-life`)).toBe(false);
    expect(await htmlOf(request, '/dev/students-life')).toContain(`<link rel="canonical" href="${origin}/dev/student-life">`);
  });
});
