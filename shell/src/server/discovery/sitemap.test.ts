import { JSDOM } from 'jsdom';
import type { SitemapEntry } from '@site/contracts';
import { buildSitemaps } from './sitemap';

const entries = [
  { path: '/', kind: 'page' as const, locales: ['ru' as const, 'en' as const] },
  { path: '/news/7', kind: 'news' as const, locales: ['en' as const] },
  { path: '/q&a', kind: 'page' as const, locales: ['ru' as const] },
];

function parse(text: string): Document {
  const document = new JSDOM(text, { contentType: 'application/xml' }).window.document;
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  return document;
}

describe('buildSitemaps', () => {
  test('one urlset with a url per locale version, escaped, and lastmod to the second', () => {
    const { root, parts } = buildSitemaps({ origin: 'https://stu.example', entries, changedAt: '2026-11-20T10:11:12.345Z' });
    expect(parts).toEqual([]);
    const document = parse(root);
    const locs = [...document.getElementsByTagName('loc')].map((loc) => loc.textContent);
    expect(locs).toEqual(['https://stu.example/', 'https://stu.example/en', 'https://stu.example/en/news/7', 'https://stu.example/q&a']);
    expect(new Set([...document.getElementsByTagName('lastmod')].map((lastmod) => lastmod.textContent))).toEqual(new Set(['2026-11-20T10:11:12Z']));
    expect(document.getElementsByTagName('url')[2]!.getElementsByTagName('xhtml:link')).toHaveLength(0);
  });

  test("each locale version has its own lastmod, the site's change time standing in where it has none", () => {
    const dated: SitemapEntry[] = [
      {
        path: '/',
        kind: 'page' as const,
        locales: ['ru' as const, 'en' as const],
        updatedAt: { ru: '2026-10-01T08:00:00.000Z', en: '2026-10-03T09:30:00+03:00' },
      },
      { path: '/news/7', kind: 'news' as const, locales: ['en' as const], updatedAt: { en: '2026-11-02T12:00:00.000Z' } },
      { path: '/q&a', kind: 'page' as const, locales: ['ru' as const] },
    ];
    const document = parse(buildSitemaps({ origin: 'https://stu.example', entries: dated, changedAt: '2026-11-20T10:11:12.345Z' }).root);
    const lastmods = [...document.getElementsByTagName('url')].map((url) => [
      url.getElementsByTagName('loc')[0]!.textContent,
      url.getElementsByTagName('lastmod')[0]!.textContent,
    ]);
    expect(lastmods).toEqual([
      ['https://stu.example/', '2026-10-01T08:00:00Z'],
      ['https://stu.example/en', '2026-10-03T06:30:00Z'],
      ['https://stu.example/en/news/7', '2026-11-02T12:00:00Z'],
      ['https://stu.example/q&a', '2026-11-20T10:11:12Z'],
    ]);
  });

  test('without a known change time there is no lastmod', () => {
    expect(buildSitemaps({ origin: 'https://stu.example', entries, changedAt: null }).root).not.toContain('lastmod');
  });

  test('more urls than one file may hold: an index over numbered files', () => {
    const { root, parts } = buildSitemaps({ origin: 'https://stu.example', entries, changedAt: null, maxUrls: 3 });
    expect(parts).toHaveLength(2);
    const index = parse(root);
    expect(index.documentElement.tagName).toBe('sitemapindex');
    expect([...index.getElementsByTagName('loc')].map((loc) => loc.textContent)).toEqual([
      'https://stu.example/sitemap-1.xml',
      'https://stu.example/sitemap-2.xml',
    ]);
    expect(parse(parts[0]!).getElementsByTagName('url')).toHaveLength(3);
    expect(parse(parts[1]!).getElementsByTagName('url')).toHaveLength(1);
  });
});
