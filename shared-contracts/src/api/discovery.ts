import { Type, type Static } from '@sinclair/typebox';
import { LOCALES } from '../locale';

/**
 * The university as an organisation, for search engines' structured data (schema.org `CollegeOrUniversity`):
 * `settings.organization` of the init data. The name is the site's; social profiles are the footer's.
 */
export const PostalAddressSchema = Type.Object({
  streetAddress: Type.String(),
  addressLocality: Type.String(),
  addressRegion: Type.Optional(Type.String()),
  postalCode: Type.Optional(Type.String()),
  /** ISO 3166-1 alpha-2 code, e.g. `RU`. */
  addressCountry: Type.String(),
});
export type PostalAddress = Static<typeof PostalAddressSchema>;

export const OrganizationSchema = Type.Object({
  /** The full legal name, when it differs from the site's name. */
  legalName: Type.Optional(Type.String()),
  /** The short name (an abbreviation): the installed app's label. */
  shortName: Type.Optional(Type.String()),
  /** A media path or absolute URL of the logo (a square image of at least 112×112 pixels). */
  logo: Type.Optional(Type.String()),
  address: Type.Optional(PostalAddressSchema),
  telephone: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  foundingDate: Type.Optional(Type.String()),
});
export type Organization = Static<typeof OrganizationSchema>;

export const SITEMAP_ENTRY_KINDS = ['page', 'news', 'event'] as const;

/** One public address of the site, without the locale prefix, and the locales it exists in. */
export const SitemapEntrySchema = Type.Object({
  path: Type.String({ pattern: '^/' }),
  kind: Type.Union(SITEMAP_ENTRY_KINDS.map((kind) => Type.Literal(kind))),
  locales: Type.Array(Type.Union(LOCALES.map((locale) => Type.Literal(locale))), { minItems: 1 }),
  /** When each locale's version last changed (ISO time), for its own `lastmod`; a locale not named has no known time. */
  updatedAt: Type.Optional(Type.Record(Type.String(), Type.String())),
});
export type SitemapEntry = Static<typeof SitemapEntrySchema>;

/** `GET /sitemap`: every public page, news article and event, and when the content last changed. */
export const SitemapResponseSchema = Type.Object({
  data: Type.Object({
    /** ISO time of the last content change (the content revision's), or null when unknown: the `lastmod` of an entry without its own. */
    changedAt: Type.Union([Type.String(), Type.Null()]),
    entries: Type.Array(SitemapEntrySchema),
  }),
});
export type SitemapResponse = Static<typeof SitemapResponseSchema>;
