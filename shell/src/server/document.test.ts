import { formatTitle, mergeSeo } from '../app/seo';
import { documentHead, serializeForScript } from './document';

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
