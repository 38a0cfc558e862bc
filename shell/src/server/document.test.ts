import { formatTitle, mergeSeo } from '../app/seo';
import { JSDOM } from 'jsdom';
import { START_SCRIPT, documentHead, documentTail, serializeForScript, shellScriptPreloads } from './document';
import { FIRST_PAINT_WAIT_MS, LARGEST_PAINT_QUIET_MS, LARGEST_PAINT_WAIT_MS } from '../inline-scripts/start-script';

const base = {
  locale: 'ru' as const,
  path: '/news',
  origin: 'https://www.example.edu',
  siteName: 'Научно-технологический университет',
  titlePostfix: 'НТУ',
  pageTitle: 'Новости',
  siteSeo: {
    description: 'Сайт',
    image: '/media/images/campus.jpg',
    htmlAttrs: { lang: 'ru', 'data-site': 'ntu' },
    link: [{ rel: 'icon', href: '/favicon.ico' }],
    meta: [{ content: '#2F312E', name: 'theme-color' }],
  },
  pageSeo: undefined,
  stylesheets: [],
  scriptPreloads: [],
  noindex: false,
};

describe('document head (spec point 6)', () => {
  it('formats the title as "{title} | {postfix}", the postfix alone without a title', () => {
    expect(formatTitle('Новости', 'НТУ')).toBe('Новости | НТУ');
    expect(formatTitle(null, 'НТУ')).toBe('НТУ');
    expect(formatTitle('НТУ', 'НТУ')).toBe('НТУ');
  });

  it('writes title, description, Open Graph, canonical, hreflang and settings.seo link and meta', () => {
    const head = documentHead(base);
    expect(head).toContain('<title>Новости | НТУ</title>');
    expect(head).toContain('<meta name="description" content="Сайт">');
    expect(head).toContain('<meta property="og:title" content="Новости | НТУ">');
    expect(head).toContain('<meta property="og:url" content="https://www.example.edu/news">');
    expect(head).toContain('<meta property="og:image" content="https://www.example.edu/api/media/images/campus.jpg">');
    expect(head).toContain('<meta property="og:locale" content="ru_RU">');
    expect(head).toContain('<link rel="canonical" href="https://www.example.edu/news">');
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://www.example.edu/en/news">');
    expect(head).toContain('<link rel="alternate" hreflang="x-default" href="https://www.example.edu/news">');
    expect(head).toContain('<meta name="theme-color" content="#2F312E">');
    expect(head).toContain('<link rel="icon" href="/favicon.ico">');
    expect(head).toMatch(/^<!doctype html><html lang="ru" data-site="ntu"><head>/);
  });

  it("puts the page's seo over the site's: scalars replaced, html attributes and meta merged, links added", () => {
    const seo = mergeSeo(base.siteSeo, {
      description: 'Новости вуза',
      htmlAttrs: { class: 'news' },
      meta: [{ name: 'theme-color', content: '#0B5CAD' }],
      link: [{ rel: 'preconnect', href: 'https://cdn' }],
    });
    expect(seo.description).toBe('Новости вуза');
    expect(seo.htmlAttrs).toEqual({ lang: 'ru', 'data-site': 'ntu', class: 'news' });
    expect(seo.meta).toEqual([{ name: 'theme-color', content: '#0B5CAD' }]);
    expect(seo.link).toHaveLength(2);
  });

  it('is the same for every visitor: no colour scheme or font size on the root, noindex for errors', () => {
    const head = documentHead({ ...base, noindex: true, locale: 'en' });
    expect(head).toMatch(/^<!doctype html><html lang="en" data-site="ntu"><head>/);
    expect(head).toContain('<meta name="robots" content="noindex">');
  });

  it('escapes state for a script element', () => {
    expect(serializeForScript({ html: '</script><!--\u2028' })).toBe('{"html":"\\u003c/script\\u003e\\u003c!--\\u2028"}');
  });
});

describe('document head: installing, sharing, structured data', () => {
  it("links the locale's manifest, asks for large previews, and keeps structured data inside its script", () => {
    const head = documentHead({ ...base, structuredData: [{ '@type': 'BreadcrumbList', name: '</script><script>alert(1)</script>' }] });
    expect(head).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).not.toContain('<script>alert(1)');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head)![1]!;
    expect(JSON.parse(json)).toEqual({ '@type': 'BreadcrumbList', name: '</script><script>alert(1)</script>' });
    expect(documentHead({ ...base, locale: 'en' })).toContain('<link rel="manifest" href="/en/manifest.webmanifest">');
  });
});

describe("document tail: the shell's scripts start after the page's largest paint", () => {
  const payload = { store: {}, config: {} } as unknown as Parameters<typeof documentTail>[0];
  const scripts = ['/_shell/main.js', '/_shell/react-dom.0123456789.js'];
  const inOrder = [
    ['/_shell/main.js', false],
    ['/_shell/react-dom.0123456789.js', false],
  ];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /**
   * The tail in a jsdom document with the start script run as the browser would. jsdom reports no paints, so the
   * browser's largest-paint reports are played by hand: `paint()` is one. `hero` puts a hero image not loaded yet.
   */
  function load({ visibility = 'visible', reportsPaints = true, hero = false }: { visibility?: string; reportsPaints?: boolean; hero?: boolean } = {}) {
    const image = hero ? '<img src="/api/media/hero.jpg" fetchpriority="high" alt="">' : '';
    const head = `<head>${shellScriptPreloads(scripts)}</head>`;
    const dom = new JSDOM(`<!doctype html><html>${head}<body><div id="app">${image}${documentTail(payload).slice('</div>'.length)}`, {
      runScripts: 'outside-only',
    });
    const { window } = dom;
    Object.defineProperty(window.document, 'visibilityState', { value: visibility });
    const img = window.document.querySelector('img');
    if (img) Object.defineProperty(img, 'complete', { value: false });
    const observers: Array<() => void> = [];
    if (reportsPaints) {
      class PaintObserver {
        static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
        constructor(private readonly callback: () => void) {}
        observe(options: { type: string }) {
          if (options.type === 'largest-contentful-paint') observers.push(this.callback);
        }
      }
      Object.assign(window, { PerformanceObserver: PaintObserver });
    }
    window.eval(START_SCRIPT);
    const started = () =>
      [...window.document.querySelectorAll('script[src]')].map((script) => [script.getAttribute('src'), (script as HTMLScriptElement).async]);
    const paint = () => observers.forEach((callback) => callback());
    return { dom, img, started, paint };
  }

  it("preloads the scripts from the head at the browser's own priority, so they download from the start, and runs none at once", () => {
    const head = documentHead({ ...base, shellScripts: scripts });
    // Not low: a low-priority request waits while the hero image loads, and the page would hydrate that much later.
    expect(head).toContain('<link rel="preload" as="script" href="/_shell/main.js" data-shell-script>');
    expect(head.indexOf('data-shell-script')).toBeLessThan(head.indexOf('</head>'));
    const tail = documentTail(payload);
    expect(head + tail).not.toMatch(/<script[^>]+src=/);
    expect(tail).toContain(`<script>${START_SCRIPT}</script>`);
  });

  it(`inserts the scripts, to run in order, once no larger paint has come for ${LARGEST_PAINT_QUIET_MS} ms`, async () => {
    const { dom, started, paint } = load();
    await wait(LARGEST_PAINT_QUIET_MS * 2);
    expect(started()).toEqual([]);
    paint();
    await wait(LARGEST_PAINT_QUIET_MS / 2);
    paint(); // a larger paint: the page is still painting
    await wait(LARGEST_PAINT_QUIET_MS / 2 + 10);
    expect(started()).toEqual([]);
    await wait(LARGEST_PAINT_QUIET_MS);
    expect(started()).toEqual(inOrder);
    dom.window.close();
  });

  it('waits for the hero image to load, and for its paint, as well', async () => {
    const { dom, img, started, paint } = load({ hero: true });
    paint();
    await wait(LARGEST_PAINT_QUIET_MS * 2);
    expect(started()).toEqual([]);
    img!.dispatchEvent(new dom.window.Event('load'));
    // The image's own paint is reported after its load: the page is painted once that has been quiet too.
    expect(started()).toEqual([]);
    await wait(LARGEST_PAINT_QUIET_MS / 2);
    paint();
    await wait(LARGEST_PAINT_QUIET_MS / 2 + 10);
    expect(started()).toEqual([]);
    await wait(LARGEST_PAINT_QUIET_MS);
    expect(started()).toEqual(inOrder);
    dom.window.close();
  });

  it('does not count a hero image that loads before anything is painted as painted', async () => {
    const { dom, img, started, paint } = load({ hero: true });
    img!.dispatchEvent(new dom.window.Event('load'));
    await wait(LARGEST_PAINT_QUIET_MS * 2);
    expect(started()).toEqual([]);
    paint();
    await wait(LARGEST_PAINT_QUIET_MS / 2);
    expect(started()).toEqual([]);
    await wait(LARGEST_PAINT_QUIET_MS);
    expect(started()).toEqual(inOrder);
    dom.window.close();
  });

  it(`starts them ${LARGEST_PAINT_WAIT_MS} ms after the first paint at most, while the hero image is still loading`, async () => {
    const { dom, started, paint } = load({ hero: true });
    paint();
    await wait(LARGEST_PAINT_WAIT_MS - 200);
    expect(started()).toEqual([]);
    await wait(250);
    expect(started()).toEqual(inOrder);
    dom.window.close();
  });

  it(`starts them ${FIRST_PAINT_WAIT_MS} ms after the document at most when no paint is reported`, async () => {
    const { dom, started } = load({ hero: true });
    await wait(FIRST_PAINT_WAIT_MS - 200);
    expect(started()).toEqual([]);
    await wait(250);
    expect(started()).toEqual(inOrder);
    dom.window.close();
  });

  it('starts them at once in a page opened in the background, and in a browser that does not report its largest paint', () => {
    for (const options of [{ visibility: 'hidden' }, { reportsPaints: false }]) {
      const { dom, started } = load(options);
      expect(started()).toEqual(inOrder);
      dom.window.close();
    }
  });
});
