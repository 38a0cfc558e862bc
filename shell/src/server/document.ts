import { COLOR_SCHEME_NAMES, LOCALE_ISO, allowedHeadMarkup, type HeadMarkupRefusal, type Locale, type Seo } from '@site/contracts';
import { declaredCanonicalPath, extraSeoLinks, formatTitle, mergeSeo, pageUrls } from '../app/seo';
import {
  COLOR_SCHEME_ATTRIBUTE,
  DEFAULT_FONT_SCALE,
  FONT_SCALES,
  FONT_SCALE_ATTRIBUTE,
  READING_PREFERENCES,
  READING_PREFERENCE_NAMES,
  jsonLdText,
  type StructuredData,
} from '@site/ui';
import { manifestPath } from './discovery/web-manifest';
import { COOKIES_ACCEPTED_ATTRIBUTE, STORAGE_KEYS } from '../stores/persistence';
import { feedAlternates } from '../app/feed-links';
import { PAYLOAD_ELEMENT_ID, type BrowserPayload } from '../app/browser-payload';
import { SHELL_SCRIPT_ATTRIBUTE } from '../inline-scripts/start-script';
import { escapeHtml } from '../lib/html';

/** JSON that is safe inside a <script>: no `</script>`, no `<!--`, no line separators JavaScript chokes on. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface HeadInput {
  locale: Locale;
  /** The path without the locale prefix, for canonical and alternate links. */
  path: string;
  origin: string;
  siteName: string;
  titlePostfix: string;
  pageTitle: string | null;
  siteSeo: Seo | undefined;
  pageSeo: Seo | undefined;
  stylesheets: string[];
  /** Stylesheets carried in the page itself (remote sections'), after the linked ones; their text is inlineable already. */
  inlineStyles?: Array<{ href: string; css: string }>;
  /**
   * The shell's own scripts, in load order: preloaded from the head, so they download from the start whatever the
   * length of the page, and started by the start script at the end of the body (see START_SCRIPT).
   */
  shellScripts?: string[];
  scriptPreloads: string[];
  /** Data the browser will fetch (the federation manifests of remotes whose code hydrates at once), preloaded as CORS fetches. */
  fetchPreloads?: string[];
  /** SRI values of preloaded remote scripts by URL: such a preload carries `integrity` and `crossorigin` like the script. */
  preloadIntegrity?: Readonly<Record<string, string>>;
  noindex: boolean;
  /** Where backend media (`/media/...`) is served to browsers: the public API base. */
  mediaBase?: string;
  /** The shell's schema.org data for this page (the university, the breadcrumb trail). */
  structuredData?: StructuredData[];
  /** Told what of the editors' head markup (htmlAttrs, meta, link) was dropped by the allow-list. */
  onRefusedMarkup?: (refused: HeadMarkupRefusal[]) => void;
  /** Markup put first in the body, outside the application's root (a preview's banner): never hydrated. */
  bodyStart?: string;
}

/** Installing and sharing: the locale's web app manifest, large previews on X/Twitter (from the Open Graph tags). */
function discoveryTags(input: HeadInput): string[] {
  return [`<link rel="manifest" href="${manifestPath(input.locale)}">`, '<meta name="twitter:card" content="summary_large_image">'];
}

function structuredDataScripts(input: HeadInput): string[] {
  return (input.structuredData ?? []).map((data) => `<script type="application/ld+json">${jsonLdText(data)}</script>`);
}

/** A backend media path as browsers reach it, through the same-origin API (`/media/x.jpg` → `/api/media/x.jpg`). */
function mediaPath(source: string, mediaBase = '/api/'): string {
  if (!source.startsWith('/media/')) return source;
  return `${mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`}${source.slice(1)}`;
}

/** Attributes that say what a tag is come first, so the head reads `<meta name=… content=…>` whatever the backend's key order. */
const LEADING_ATTRIBUTES = ['charset', 'rel', 'name', 'property', 'http-equiv', 'hreflang', 'lang'];

function attributes(record: Record<string, string | undefined>): string {
  const rank = (name: string) => (LEADING_ATTRIBUTES.includes(name) ? LEADING_ATTRIBUTES.indexOf(name) : LEADING_ATTRIBUTES.length);
  return Object.entries(record)
    .sort(([a], [b]) => rank(a) - rank(b))
    .filter(([name, value]) => value !== undefined && /^[a-zA-Z][a-zA-Z0-9:_-]*$/.test(name))
    .map(([name, value]) => `${name}="${escapeHtml(value!)}"`)
    .join(' ');
}

/** Each reading preference as [storage key, root attribute, the values other than the default]. */
const READING_PREFERENCE_TABLE = READING_PREFERENCE_NAMES.map((name) => [
  STORAGE_KEYS[name],
  READING_PREFERENCES[name].attribute,
  READING_PREFERENCES[name].values.slice(1),
]);

/**
 * Applies the visitor's stored colour scheme, font size and reading preferences (letter spacing, line height, font
 * family, images) before first paint, and marks the root when the cookies flag is stored (the cookie notice, in the
 * server HTML for everyone, is then never painted). The server never reads them, so the
 * HTML is the same for every visitor (and cacheable); the browser store takes them over after hydration.
 * localStorage is where the browser keeps them; the cookie mirror covers storage that is turned off.
 */
export const PREFERENCE_SCRIPT = `(function(){var d=document.documentElement;function r(k){try{var v=localStorage.getItem(k);if(v!==null)return v}catch(e){}var m=document.cookie.match(new RegExp('(?:^|; )'+k+'=([^;]*)'));return m?decodeURIComponent(m[1]):null}var s=r(${JSON.stringify(STORAGE_KEYS.colorScheme)}),f=r(${JSON.stringify(STORAGE_KEYS.fontSize)});if(${JSON.stringify(COLOR_SCHEME_NAMES)}.indexOf(s)>=0)d.setAttribute('${COLOR_SCHEME_ATTRIBUTE}',s);if(f!=='${DEFAULT_FONT_SCALE}'&&${JSON.stringify(FONT_SCALES.map(String))}.indexOf(f)>=0)d.setAttribute('${FONT_SCALE_ATTRIBUTE}',f);${JSON.stringify(READING_PREFERENCE_TABLE)}.forEach(function(p){var v=r(p[0]);if(p[2].indexOf(v)>=0)d.setAttribute(p[1],v)});if(r(${JSON.stringify(STORAGE_KEYS.cookies)})!==null)d.setAttribute('${COOKIES_ACCEPTED_ATTRIBUTE}','')})();`;

/** Everything up to and including the opening of the app container. */
export function documentHead(input: HeadInput): string {
  // Editors' head markup passes an allow-list: no handlers, refreshes, cookies or foreign styles and scripts.
  const { seo, refused } = allowedHeadMarkup(mergeSeo(input.siteSeo, input.pageSeo));
  if (refused.length > 0) input.onRefusedMarkup?.(refused);
  const title = formatTitle(input.pageTitle ?? seo.title ?? null, input.titlePostfix || input.siteName);
  // A page that declares itself a copy of another names that one as canonical, and its language versions.
  const { canonical, alternates } = pageUrls(input.origin, declaredCanonicalPath(input.pageSeo) ?? input.path, input.locale);
  const htmlAttributes = attributes({
    ...seo.htmlAttrs,
    lang: input.locale,
  });
  const meta: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
  ];
  if (seo.description) meta.push(`<meta name="description" content="${escapeHtml(seo.description)}">`);
  if (input.noindex) meta.push('<meta name="robots" content="noindex">');
  meta.push(`<meta property="og:title" content="${escapeHtml(title)}">`);
  meta.push(`<meta property="og:site_name" content="${escapeHtml(input.siteName)}">`);
  meta.push(`<meta property="og:type" content="${escapeHtml(seo.type ?? 'website')}">`);
  meta.push(`<meta property="og:url" content="${escapeHtml(input.pageSeo?.url ?? canonical)}">`);
  meta.push(`<meta property="og:locale" content="${LOCALE_ISO[input.locale].replace('-', '_')}">`);
  if (seo.description) meta.push(`<meta property="og:description" content="${escapeHtml(seo.description)}">`);
  if (seo.image) meta.push(`<meta property="og:image" content="${escapeHtml(new URL(mediaPath(seo.image, input.mediaBase), input.origin).toString())}">`);
  for (const entry of seo.meta ?? []) meta.push(`<meta ${attributes(entry)}>`);
  const links: string[] = [`<link rel="canonical" href="${escapeHtml(canonical)}">`];
  for (const alternate of alternates) links.push(`<link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeHtml(alternate.href)}">`);
  for (const entry of extraSeoLinks(seo)) links.push(`<link ${attributes(entry)}>`);
  if (!input.noindex) for (const feed of feedAlternates(input)) links.push(`<link ${attributes({ rel: 'alternate', ...feed })}>`);
  for (const href of input.stylesheets) links.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  for (const style of input.inlineStyles ?? []) links.push(`<style data-href="${escapeHtml(style.href)}">${style.css}</style>`);
  if (input.shellScripts) links.push(shellScriptPreloads(input.shellScripts));
  // Remote code is for hydration only, and needs the shell's scripts to run: preloaded early, but low, so on a slow
  // phone network it comes after the render-blocking stylesheet, the LCP image and the shell's own scripts.
  for (const href of input.scriptPreloads) {
    const integrity = input.preloadIntegrity?.[href];
    const checked = integrity ? ` integrity="${escapeHtml(integrity)}" crossorigin="anonymous"` : '';
    links.push(`<link rel="preload" as="script" href="${escapeHtml(href)}"${checked} fetchpriority="low">`);
  }
  // Matches the runtime's `fetch(url)` (CORS, credentials of the same origin only), so the fetch takes the preload.
  for (const href of input.fetchPreloads ?? [])
    links.push(`<link rel="preload" as="fetch" href="${escapeHtml(href)}" crossorigin="anonymous" fetchpriority="low">`);
  links.push(...discoveryTags(input));
  links.push(...structuredDataScripts(input));
  return `<!doctype html><html ${htmlAttributes}><head>${meta.join('')}${links.join('')}<script>${PREFERENCE_SCRIPT}</script></head><body>${input.bodyStart ?? ''}<div id="app">`;
}

// The start script's text, compiled from inline-scripts/start-script.ts by the build (webpack's DefinePlugin; jest's
// globals in tests): typed and linted as a module, inlined into the page as minified text.
declare const __SHELL_START_SCRIPT__: string;

/**
 * Starts the shell's scripts once the browser has shown the page's largest paint (see inline-scripts/start-script.ts).
 * The page's CSP allows it by the hash of exactly this text.
 */
export const START_SCRIPT: string = __SHELL_START_SCRIPT__;

/**
 * The preloads of the shell's scripts, which the start script turns into scripts. At the browser's priority for
 * scripts, not low: a low-priority request waits while the hero image loads, and the page would hydrate that much
 * later.
 */
export function shellScriptPreloads(scripts: string[]): string {
  return scripts.map((src) => `<link rel="preload" as="script" href="${escapeHtml(src)}" ${SHELL_SCRIPT_ATTRIBUTE}>`).join('');
}

/** The closing of the app container: the state the browser continues from, and the start of the shell's scripts. */
export function documentTail(payload: BrowserPayload): string {
  const state = `<script id="${PAYLOAD_ELEMENT_ID}" type="application/json">${serializeForScript(payload)}</script>`;
  return `</div>${state}<script>${START_SCRIPT}</script></body></html>`;
}
