import {
  FooterInfoEntrySchema,
  keepValidEntries,
  LinkSchema,
  localizePath,
  NavMenuItemSchema,
  splitLocaleFromPath,
  type Locale,
  type NavMenuItem,
  type Seo,
} from '@site/contracts';
import type { StructuredData } from '@site/ui';
import type { InitSnapshot } from '../stores/init-store';
import type { PageView } from '../stores/page-store';

// The site-wide structured data the shell puts in the head (schema.org, JSON-LD): the university on the home page,
// the trail of a content page. Sections emit their own (an event, an article) from the data they render.

export interface SiteStructuredDataInput {
  locale: Locale;
  /** The path without the locale prefix. */
  path: string;
  origin: string;
  init: InitSnapshot;
  page: Pick<PageView, 'title'>;
  /** Where backend media (`/media/...`) is served to browsers. */
  mediaBase?: string;
}

/** An absolute URL for a media path, a site path or an absolute URL. */
function absoluteUrl(source: string, origin: string, mediaBase = '/api/'): string {
  const path = source.startsWith('/media/') ? `${mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`}${source.slice(1)}` : source;
  return new URL(path, origin).toString();
}

/** `CollegeOrUniversity`: name, url, logo, address and profiles, from the settings and the footer the site shows. */
function organizationData({ locale, origin, init, mediaBase }: Omit<SiteStructuredDataInput, 'path' | 'page'>): StructuredData {
  const { settings } = init;
  const organization = settings.organization;
  const sameAs = keepValidEntries(LinkSchema, init.footer?.socials)
    .map((link) => link.href)
    .filter((href) => /^https:\/\//.test(href));
  return {
    '@context': 'https://schema.org',
    '@type': 'CollegeOrUniversity',
    '@id': `${origin}/#organization`,
    name: settings.siteName,
    ...(organization?.shortName ? { alternateName: organization.shortName } : {}),
    ...(organization?.legalName ? { legalName: organization.legalName } : {}),
    url: `${origin}${localizePath('/', locale)}`,
    ...(organization?.logo ? { logo: absoluteUrl(organization.logo, origin, mediaBase) } : {}),
    ...(settings.seo?.image ? { image: absoluteUrl(settings.seo.image, origin, mediaBase) } : {}),
    ...(settings.seo?.description ? { description: settings.seo.description } : {}),
    ...(organization?.address ? { address: { '@type': 'PostalAddress', ...organization.address } } : {}),
    ...(organization?.telephone ? { telephone: organization.telephone } : {}),
    ...(organization?.email ? { email: organization.email } : {}),
    ...(organization?.foundingDate ? { foundingDate: organization.foundingDate } : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** The main menu's label for a path (any depth), as the header shows it. */
function menuLabel(items: NavMenuItem[], path: string): string | null {
  for (const item of items) {
    if (splitLocaleFromPath(item.href.split(/[?#]/)[0] ?? '').path === path) return item.label;
    const nested = menuLabel(item.children ?? [], path);
    if (nested) return nested;
  }
  return null;
}

/**
 * The site's own links that can name a parent page: the main menu first, then the footer's navigation and its
 * information links (the footer links `/sveden` on every page; the main menu leaves it out).
 */
function namedLinks(init: InitSnapshot): NavMenuItem[] {
  const footerInfo = keepValidEntries(FooterInfoEntrySchema, init.footer?.info).flatMap((entry) =>
    entry.label && entry.href ? [{ label: entry.label, href: entry.href }] : [],
  );
  return [
    ...(keepValidEntries(NavMenuItemSchema, init.header?.navMenu) as NavMenuItem[]),
    ...(keepValidEntries(NavMenuItemSchema, init.footer?.navigation) as NavMenuItem[]),
    ...footerInfo,
  ];
}

/**
 * `BreadcrumbList`: the home page, each parent path the site's menus name (`/news` above `/news/42`, `/sveden`
 * above `/sveden/common`), and the page. Each element has its position, name and URL.
 */
function breadcrumbData({ locale, path, origin, init, page }: SiteStructuredDataInput): StructuredData {
  const menu = namedLinks(init);
  const trail: Array<{ name: string; path: string }> = [{ name: init.settings.siteName, path: '/' }];
  const segments = path.split('/').filter(Boolean);
  for (let depth = 1; depth < segments.length; depth += 1) {
    const parent = `/${segments.slice(0, depth).join('/')}`;
    const label = menuLabel(menu, parent);
    if (label) trail.push({ name: label, path: parent });
  }
  trail.push({ name: page.title, path });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${origin}${localizePath(crumb.path, locale)}`,
    })),
  };
}

/** The head's structured data of a content page: the university on the home page, the breadcrumb trail elsewhere. */
export function siteStructuredData(input: SiteStructuredDataInput): StructuredData[] {
  if (input.path === '/') return [organizationData(input)];
  return [breadcrumbData(input)];
}

/** The page's own image for `og:image` when its SEO names none: the image of its first hero section. */
export function withHeroImage(seo: Seo | undefined, page: Pick<PageView, 'sections'> | null): Seo | undefined {
  if (seo?.image || !page) return seo;
  for (const section of page.sections) {
    if (section.descriptor.name !== 'PageHero') continue;
    const image = (section.descriptor.props as { image?: { url?: unknown } } | undefined)?.image;
    if (image && typeof image.url === 'string' && image.url) return { ...seo, image: image.url };
  }
  return seo;
}
