// @ts-check
'use strict';
// Which pages the phone bench (and the largest-paint test) measures: the site as its sitemap lists it, not a fixed list. Every route kind (a
// path pattern such as `/news/*` or `/contacts`) and every section type appears at least once, the two locales take
// turns, every page with a form is included, and the seven pages the bench has always measured stay in, so that
// figures remain comparable with earlier runs.

/** The pages measured since the first phone bench (a news article is added once the news list names one). */
const FIXED_PAGES = ['/', '/en', '/news', '/events', '/search?query=студенты', '/apply'];

/** @param {string} html the section types a page's server HTML shows (`data-section` of each section frame) */
function sectionTypesOf(html) {
  return [...new Set([...html.matchAll(/data-section="([A-Za-z][\w-]*)"/g)].map((match) => match[1] ?? ''))];
}

/** @param {string} path a page path without query: its locale and its route kind (the pattern of its path) */
function routeKindOf(path) {
  const segments = path.split('/').filter(Boolean);
  const locale = segments[0] === 'en' ? 'en' : 'ru';
  const rest = locale === 'en' ? segments.slice(1) : segments;
  if (rest.length === 0) return { locale, kind: '/' };
  return { locale, kind: rest.length > 1 ? `/${rest[0]}/*` : `/${rest[0]}` };
}

/** @param {string} site @param {string} path */
async function htmlOf(site, path) {
  const response = await fetch(`${site}${encodeURI(path)}`, { headers: { 'accept-language': 'ru' } });
  return response.ok ? response.text() : '';
}

/**
 * @typedef {{ path: string, kind: string, locale: string, sections: string[], why: string }} BenchPage
 */

/**
 * Chooses the pages: first the fixed seven, then one page of each route kind the sitemap lists that they do not
 * cover (alternating the locale), then any page whose section type is still missing. A form page is one whose
 * sections include a `*Form` or `*Subscription` section; each of them is covered by its route kind.
 * @param {string} site
 * @returns {Promise<{ pages: BenchPage[], routeKinds: string[], sectionTypes: string[] }>}
 */
async function benchPages(site) {
  const only = process.env.BENCH_PATHS?.split(',').filter(Boolean);
  if (only?.length) return chosenPages(site, only);
  const sitemap = await (await fetch(`${site}/sitemap.xml`)).text();
  const paths = [...new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/', site).pathname))];
  /** @type {Map<string, string[]>} the sitemap's paths of each route kind, per locale: `kind locale` → paths */
  const byKind = new Map();
  for (const path of paths) {
    const { locale, kind } = routeKindOf(path);
    const key = `${kind} ${locale}`;
    byKind.set(key, [...(byKind.get(key) ?? []), path]);
  }
  const kinds = [...new Set(paths.map((path) => routeKindOf(path).kind))].sort();

  /** @type {BenchPage[]} */
  const pages = [];
  const coveredKinds = new Set();
  const coveredSections = new Set();
  /** @param {string} path @param {string} why */
  const add = async (path, why) => {
    if (pages.some((page) => page.path === path)) return;
    const { locale, kind } = routeKindOf(path.split('?')[0] ?? path);
    const sections = sectionTypesOf(await htmlOf(site, path));
    pages.push({ path, kind, locale, sections, why });
    if (!path.includes('?')) coveredKinds.add(kind);
    for (const section of sections) coveredSections.add(section);
  };

  const newsList = await htmlOf(site, '/news');
  const article = /href="(\/news\/[^"?#/]+)"/.exec(newsList)?.[1];
  for (const path of [...FIXED_PAGES.slice(0, 5), ...(article ? [article] : []), ...FIXED_PAGES.slice(5)]) await add(path, 'fixed');

  let english = true;
  for (const kind of kinds) {
    if (coveredKinds.has(kind)) continue;
    const locale = english && byKind.has(`${kind} en`) ? 'en' : 'ru';
    const candidates = byKind.get(`${kind} ${locale}`) ?? byKind.get(`${kind} ${locale === 'en' ? 'ru' : 'en'}`) ?? [];
    if (candidates[0]) await add(candidates[0], 'route kind');
    english = !english;
  }

  // Section types still missing: one representative of each remaining route kind and locale, until all are seen.
  const representatives = [...byKind.values()].map((list) => list[0]).filter((path) => typeof path === 'string');
  /** @type {Map<string, string[]>} */
  const sectionsOf = new Map();
  for (const path of representatives) sectionsOf.set(path, sectionTypesOf(await htmlOf(site, path)));
  const allSections = new Set([...sectionsOf.values()].flat());
  for (const [path, sections] of sectionsOf) {
    if (sections.some((section) => !coveredSections.has(section))) await add(path, 'section type');
  }
  return { pages, routeKinds: kinds, sectionTypes: [...allSections].sort() };
}

/**
 * Only the pages named (`BENCH_PATHS=/media,/en/people`), to measure a few of them quickly.
 * @param {string} site @param {string[]} paths
 */
async function chosenPages(site, paths) {
  /** @type {BenchPage[]} */
  const pages = [];
  for (const path of paths) {
    const { locale, kind } = routeKindOf(path.split('?')[0] ?? path);
    pages.push({ path, kind, locale, sections: sectionTypesOf(await htmlOf(site, path)), why: 'named' });
  }
  return { pages, routeKinds: [...new Set(pages.map((page) => page.kind))].sort(), sectionTypes: [...new Set(pages.flatMap((page) => page.sections))].sort() };
}

/** @param {string[]} sections whether a page holds a form a visitor fills in */
const hasForm = (sections) => sections.some((section) => /Form$|Subscription$/.test(section));

module.exports = { benchPages, hasForm };
