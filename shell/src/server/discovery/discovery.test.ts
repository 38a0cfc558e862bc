import { JSDOM } from 'jsdom';
import type { ContentApi } from '@site/content-api';
import type { ShellServer } from '../app';
import type { BackendGate } from '../../testing/backend-gate';
import { startShellWithBackend, type ShellWithBackend } from '../../testing/shell-with-backend';

const ADMIN_TOKEN = 'discovery-test-token';
const ORIGIN = 'https://www.stu.example';

function parseXml(text: string): Document {
  const document = new JSDOM(text, { contentType: 'application/xml' }).window.document;
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

/** Each `<url>` of a urlset: its address, lastmod and hreflang alternates. */
function urlsOf(document: Document): Array<{ loc: string; lastmod: string | null; alternates: Record<string, string> }> {
  return [...document.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')[0]!.textContent,
    lastmod: url.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'lastmod')[0]?.textContent ?? null,
    alternates: Object.fromEntries(
      [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!]),
    ),
  }));
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(body: Buffer): string {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

function jsonLdOf(html: string): Array<Record<string, unknown>> {
  const document = new JSDOM(html).window.document;
  return [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => JSON.parse(script.textContent) as Record<string, unknown>);
}

describe('robots.txt, the sitemap, the web app manifest and the head that points to them', () => {
  let platform: ShellWithBackend;
  let contentApi: ContentApi;
  let gate: BackendGate;
  let shell: ShellServer;
  const get = (url: string, headers: Record<string, string> = {}) => shell.app.inject({ method: 'GET', url, headers });
  const adminPut = async (url: string, body: unknown) =>
    contentApi.app.inject({ method: 'PUT', url, payload: body as object, headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });

  beforeAll(async () => {
    platform = await startShellWithBackend({ name: 'discovery', adminToken: ADMIN_TOKEN, env: { PORT: '3998', PUBLIC_ORIGIN: ORIGIN } });
    ({ contentApi, gate, shell } = platform);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  test('robots.txt names the sitemap and keeps crawlers out of operator, API, QA and search result pages', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(lines).toContain('User-agent: *');
    for (const path of ['/_platform', '/api/', '/test$', '/test/', '/ui-kit', '/search?', '/en/test$', '/en/test/', '/en/ui-kit', '/en/search?'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines.some((line) => line === 'Disallow: /' || line === 'Disallow: /news')).toBe(false);
  });

  test('the sitemap lists every public page, article and event of both locales with hreflang alternates and lastmod', async () => {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const urls = urlsOf(parseXml(response.body));
    const byLoc = new Map(urls.map((url) => [url.loc, url]));
    expect(byLoc.get(`${ORIGIN}/`)?.alternates).toEqual({ ru: `${ORIGIN}/`, en: `${ORIGIN}/en`, 'x-default': `${ORIGIN}/` });
    expect(byLoc.get(`${ORIGIN}/en/about`)?.alternates).toEqual({ ru: `${ORIGIN}/about`, en: `${ORIGIN}/en/about`, 'x-default': `${ORIGIN}/about` });
    expect(byLoc.has(`${ORIGIN}/search`)).toBe(false);
    // Each address has its own last change (W3C datetime to the second), not one time for the whole site.
    for (const url of urls) expect(url.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    for (const kind of [/\/news\/\d+$/, /\/events\/\d+$/, /^https:[^?]*\/(about|contacts|education|research)$/]) {
      const times = urls.filter((url) => kind.test(url.loc)).map((url) => url.lastmod);
      expect(new Set(times).size).toBeGreaterThan(1);
    }
    // Of two addresses of one page, only the canonical one is listed.
    expect(byLoc.has(`${ORIGIN}/dev/student-life`)).toBe(true);
    expect(byLoc.has(`${ORIGIN}/dev/students-life`)).toBe(false);
    const articles = urls.filter((url) => /\/news\/\d+$/.test(url.loc));
    const events = urls.filter((url) => /\/events\/\d+$/.test(url.loc));
    expect(articles.some((url) => url.loc.startsWith(`${ORIGIN}/en/news/`))).toBe(true);
    expect(events.some((url) => url.loc.startsWith(`${ORIGIN}/events/`))).toBe(true);
    // Every listed address is a page the site serves.
    for (const url of [articles[0]!, events[0]!, byLoc.get(`${ORIGIN}/en/about`)!]) expect((await get(new URL(url.loc).pathname)).statusCode).toBe(200);
    const again = await get('/sitemap.xml', { 'if-none-match': String(response.headers.etag) });
    expect(again.statusCode).toBe(304);
    // One file holds the whole site: there are no numbered parts.
    expect((await get('/sitemap-1.xml')).statusCode).toBe(404);
  });

  test('a page added by an editor appears in the sitemap once the content revision moves', async () => {
    const page = { title: 'Приём 2027', components: [{ id: 'text', name: 'RichText', props: { html: '<p>Приём</p>' } }] };
    expect((await adminPut('/admin/ru/pages/admission-2027', page)).statusCode).toBe(200);
    let listed = false;
    for (let attempt = 0; attempt < 40 && !listed; attempt += 1) {
      listed = (await get('/sitemap.xml')).body.includes(`<loc>${ORIGIN}/admission-2027</loc>`);
      if (!listed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(listed).toBe(true);
    const url = urlsOf(parseXml((await get('/sitemap.xml')).body)).find((entry) => entry.loc === `${ORIGIN}/admission-2027`);
    // A page in one locale has no alternates to name.
    expect(url?.alternates).toEqual({});
  });

  test('each locale has a web app manifest with its name, the design colours and every icon, maskable ones included', async () => {
    const ru = await get('/manifest.webmanifest');
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = ru.json<{
      name: string;
      short_name: string;
      lang: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      display: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    }>();
    expect(manifest).toMatchObject({
      name: 'Научно-технологический университет',
      short_name: 'НТУ',
      lang: 'ru',
      start_url: '/',
      display: 'standalone',
      theme_color: '#2f312e',
      background_color: '#ffffff',
    });
    const en = (await get('/en/manifest.webmanifest')).json<typeof manifest>();
    expect(en).toMatchObject({ name: 'University of Science and Technology', short_name: 'UST', lang: 'en', start_url: '/en' });
    expect(
      manifest.icons
        .filter((icon) => icon.purpose === 'maskable')
        .map((icon) => icon.sizes)
        .sort(),
    ).toEqual(['192x192', '512x512']);
    expect(manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['48x48', '96x96', '144x144', '192x192', '512x512', 'any']),
    );
    for (const icon of manifest.icons) {
      const response = await get(icon.src);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(icon.type);
      if (icon.type === 'image/png') expect(pngSize(response.rawPayload)).toBe(icon.sizes);
    }
  });

  test('the head links the manifest, asks for large previews and carries the university and breadcrumb trails', async () => {
    const home = (await get('/')).body;
    expect(home).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(home).toContain('<meta name="twitter:card" content="summary_large_image">');
    const [university] = jsonLdOf(home);
    expect(university).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'CollegeOrUniversity',
      name: 'Научно-технологический университет',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/icon-512.png`,
      address: { '@type': 'PostalAddress', addressLocality: 'Москва', addressCountry: 'RU' },
    });
    expect(university!.sameAs).toEqual(expect.arrayContaining(['https://vk.com/stu_example', 'https://t.me/stu_example']));
    expect((await get('/en')).body).toContain('<link rel="manifest" href="/en/manifest.webmanifest">');

    const articleId = urlsOf(parseXml((await get('/sitemap.xml')).body))
      .map((url) => /\/en\/news\/(\d+)$/.exec(url.loc)?.[1])
      .find(Boolean);
    const article = (await get(`/en/news/${articleId}`)).body;
    const trail = jsonLdOf(article).find((data) => data['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ position: number; name: string; item: string }>;
    };
    const title = /<title>([^<|]+) \|/
      .exec(article)![1]!
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'University of Science and Technology', item: `${ORIGIN}/en` },
      { '@type': 'ListItem', position: 2, name: 'News', item: `${ORIGIN}/en/news` },
      { '@type': 'ListItem', position: 3, name: title, item: `${ORIGIN}/en/news/${articleId}` },
    ]);
    // Error pages carry none.
    expect(jsonLdOf((await get('/no-such-page')).body)).toEqual([]);
  });

  test("a content page's Open Graph image is its hero's image", async () => {
    const page = {
      title: 'Кампус',
      components: [{ id: 'hero', name: 'PageHero', props: { title: 'Кампус', image: { url: '/media/images/campus-library.jpg', alt: 'Библиотека' } } }],
    };
    expect((await adminPut('/admin/ru/pages/campus-tour', page)).statusCode).toBe(200);
    let html = '';
    for (let attempt = 0; attempt < 40 && !html.includes('og:image'); attempt += 1) {
      const response = await get('/campus-tour');
      if (response.statusCode === 200) html = response.body;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/api/media/images/campus-library.jpg">`);
    // Pages without a hero image keep the site's.
    expect((await get('/contacts')).body).toContain(`<meta property="og:image" content="${ORIGIN}/api/media/images/campus-main.jpg">`);
  });

  test("the copy of a page names the canonical one in its head, in each locale, with that page's language versions", async () => {
    const copy = (await get('/dev/students-life')).body;
    expect(copy.match(/<link rel="canonical"[^>]*>/g)).toEqual([`<link rel="canonical" href="${ORIGIN}/dev/student-life">`]);
    expect(copy).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/en/dev/student-life">`);
    expect((await get('/en/dev/students-life')).body.match(/<link rel="canonical"[^>]*>/g)).toEqual([
      `<link rel="canonical" href="${ORIGIN}/en/dev/student-life">`,
    ]);
    expect((await get('/dev/student-life')).body).toContain(`<link rel="canonical" href="${ORIGIN}/dev/student-life">`);
  });

  test('a trailing slash redirects to the one address of the page: the QA page is never served as /test/', async () => {
    for (const [from, to] of [
      ['/test/', '/test'],
      ['/en/test/', '/en/test'],
      ['/news/?page=2', '/news?page=2'],
      ['/en/news//', '/en/news'],
    ]) {
      const response = await get(from!);
      expect([from, response.statusCode, response.headers.location]).toEqual([from, 301, to]);
    }
    // Never to another host.
    expect(String((await get('//evil.example//')).headers.location ?? '')).not.toMatch(/^\/\/|^https?:/);
    // The QA pages themselves ask not to be indexed.
    for (const path of ['/test', '/en/test', '/ui-kit']) expect((await get(path)).body).toContain('<meta name="robots" content="noindex">');
    expect((await get('/about')).body).not.toContain('<meta name="robots"');
  });

  test("the UI kit's title follows '{title} | {postfix}' in both locales", async () => {
    expect((await get('/ui-kit')).body).toContain('<title>UI-кит | Научно-технологический университет</title>');
    expect((await get('/en/ui-kit')).body).toContain('<title>UI kit | University of Science and Technology</title>');
  });

  test('the breadcrumb of a /sveden subsection passes through /sveden', async () => {
    const trail = jsonLdOf((await get('/sveden/common')).body).find((data) => data['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ position: number; name: string; item: string }>;
    };
    expect(trail.itemListElement.map((crumb) => [crumb.position, crumb.item])).toEqual([
      [1, `${ORIGIN}/`],
      [2, `${ORIGIN}/sveden`],
      [3, `${ORIGIN}/sveden/common`],
    ]);
    expect(trail.itemListElement[1]!.name).toBe('Сведения об организации');
  });

  // Last: after a freeze the shell keeps the content API at a distance for a while (its circuit breaker), so the
  // tests that render pages run before it.
  test('with the content API frozen, robots.txt, the sitemap and the manifests still answer 200 from memory', async () => {
    const before = (await get('/sitemap.xml')).body;
    gate.frozen = true;
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      const started = Date.now();
      const [robots, sitemap, manifest] = await Promise.all([get('/robots.txt'), get('/sitemap.xml'), get('/en/manifest.webmanifest')]);
      expect([robots.statusCode, sitemap.statusCode, manifest.statusCode]).toEqual([200, 200, 200]);
      expect(sitemap.body).toBe(before);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      gate.thaw();
    }
  });
});
