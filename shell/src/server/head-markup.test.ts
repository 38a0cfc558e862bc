import type { HeadMarkupRefusal, Seo } from '@site/contracts';
import { documentHead } from './document';

const base = {
  locale: 'ru' as const,
  path: '/news',
  origin: 'https://www.example.edu',
  siteName: 'Научно-технологический университет',
  titlePostfix: 'НТУ',
  pageTitle: 'Новости',
  siteSeo: undefined,
  stylesheets: [],
  scriptPreloads: [],
  noindex: false,
};

/** The head for a page whose editors wrote `seo`, and what the allow-list reported dropping. */
function headWith(seo: Seo): { head: string; refused: HeadMarkupRefusal[] } {
  const refused: HeadMarkupRefusal[] = [];
  const head = documentHead({ ...base, pageSeo: seo, onRefusedMarkup: (entries) => refused.push(...entries) });
  return { head: head.slice(0, head.indexOf('</head>')), refused };
}

/** The opening `<html …>` tag. */
const htmlTag = (head: string) => head.slice(head.indexOf('<html'), head.indexOf('>', head.indexOf('<html')) + 1);

describe("editors' head markup passes an allow-list", () => {
  test.each<[string, Record<string, unknown>, RegExp]>([
    ['an event handler on <html>', { htmlAttrs: { onclick: 'steal()' } }, /onclick/],
    ['a style attribute on <html>', { htmlAttrs: { style: 'background:url(https://evil.example/x)' } }, /evil\.example/],
    ['a meta refresh to another site', { meta: [{ 'http-equiv': 'refresh', content: '30;url=https://evil.example/phish' }] }, /refresh|evil\.example/],
    ['a meta refresh in capitals', { meta: [{ 'http-equiv': 'Refresh', content: '0;url=https://evil.example/' }] }, /refresh|evil\.example/i],
    ['a meta that sets a cookie', { meta: [{ 'http-equiv': 'set-cookie', content: 'session=evil' }] }, /set-cookie|session=evil/],
    ['a meta that replaces the security policy', { meta: [{ 'http-equiv': 'content-security-policy', content: 'script-src *' }] }, /script-src \*/],
    ['a meta with an event handler', { meta: [{ name: 'x', content: 'y', onload: 'steal()' }] }, /onload|steal/],
    ['a stylesheet from another host', { link: [{ rel: 'stylesheet', href: 'https://evil.example/steal.css' }] }, /steal\.css/],
    ['an alternate stylesheet', { link: [{ rel: 'alternate stylesheet', href: 'https://evil.example/alt.css' }] }, /alt\.css/],
    ['a script preload to another host', { link: [{ rel: 'preload', as: 'script', href: 'https://evil.example/x.js' }] }, /x\.js/],
    ['a module preload', { link: [{ rel: 'modulepreload', href: 'https://evil.example/m.js' }] }, /m\.js/],
    ['a prefetch', { link: [{ rel: 'prefetch', href: 'https://evil.example/p' }] }, /evil\.example\/p/],
    ['a prerender of another site', { link: [{ rel: 'prerender', href: 'https://evil.example/page' }] }, /evil\.example/],
    ['an icon with a script URL', { link: [{ rel: 'icon', href: 'javascript:steal()' }] }, /javascript:/],
    ['a link with an event handler', { link: [{ rel: 'icon', href: '/favicon.ico', onerror: 'steal()' }] }, /onerror|steal/],
    ['a protocol-relative icon', { link: [{ rel: 'icon', href: '//evil.example/i.png' }] }, /evil\.example/],
    ['an icon on a backslashed host', { link: [{ rel: 'icon', href: '/\\evil.example/i.png' }] }, /evil\.example/],
  ])('drops %s and reports it', (_what, seo, leaked) => {
    const { head, refused } = headWith(seo);
    expect(head).not.toMatch(leaked);
    expect(refused).toHaveLength(1);
  });

  test('keeps what describes the page: language, direction, classes, data attributes, named metas, icons, alternates', () => {
    const { head, refused } = headWith({
      htmlAttrs: { dir: 'ltr', class: 'news', 'data-site': 'ntu' },
      meta: [
        { name: 'theme-color', content: '#2F312E' },
        { property: 'og:see_also', content: 'https://www.example.edu/about' },
        { 'http-equiv': 'content-language', content: 'ru' },
        { itemprop: 'name', content: 'НТУ' },
      ],
      link: [
        { rel: 'icon', href: '/favicon.ico', type: 'image/x-icon' },
        { rel: 'apple-touch-icon', href: '/apple-touch-icon.png', sizes: '180x180' },
        { rel: 'alternate', type: 'application/rss+xml', href: 'https://www.example.edu/news/feed.xml', title: 'Новости' },
        { rel: 'preconnect', href: 'https://media.example.edu' },
      ],
    });
    expect(refused).toEqual([]);
    expect(htmlTag(head)).toBe('<html lang="ru" dir="ltr" class="news" data-site="ntu">');
    expect(head).toContain('<meta name="theme-color" content="#2F312E">');
    expect(head).toContain('<meta property="og:see_also" content="https://www.example.edu/about">');
    expect(head).toContain('<meta http-equiv="content-language" content="ru">');
    expect(head).toContain('<meta itemprop="name" content="НТУ">');
    expect(head).toContain('<link rel="icon" href="/favicon.ico" type="image/x-icon">');
    expect(head).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">');
    expect(head).toContain('href="https://www.example.edu/news/feed.xml"');
    expect(head).toContain('<link rel="preconnect" href="https://media.example.edu">');
  });

  test("the shell's own stylesheets and preloads stay: only editors' entries are filtered", () => {
    const head = documentHead({
      ...base,
      pageSeo: { link: [{ rel: 'stylesheet', href: '/evil.css' }] },
      stylesheets: ['/_shell/main.css'],
      scriptPreloads: ['/_shell/main.js'],
    });
    expect(head).toContain('<link rel="stylesheet" href="/_shell/main.css">');
    expect(head).toContain('href="/_shell/main.js"');
    expect(head).not.toContain('/evil.css');
  });
});
