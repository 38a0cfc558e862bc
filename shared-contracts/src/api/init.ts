import { Type, type Static } from '@sinclair/typebox';
import { OrganizationSchema } from './discovery';

import { COLOR_SCHEME_NAMES } from './color-schemes';

export { COLOR_SCHEME_NAMES, isColorSchemeName } from './color-schemes';
export type { ColorSchemeName } from './color-schemes';

// Head markup editors may write. Other string attributes still parse (stored content stays readable), but pages are
// rendered with the allow-list of head-markup.ts: what it does not name is dropped.
const SeoLinkSchema = Type.Object(
  {
    rel: Type.String(),
    href: Type.String(),
    hreflang: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    sizes: Type.Optional(Type.String()),
    media: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
  },
  { additionalProperties: Type.String() },
);
const SeoMetaSchema = Type.Object(
  {
    name: Type.Optional(Type.String()),
    property: Type.Optional(Type.String()),
    content: Type.String(),
    charset: Type.Optional(Type.String()),
    itemprop: Type.Optional(Type.String()),
    media: Type.Optional(Type.String()),
    'http-equiv': Type.Optional(Type.String()),
  },
  { additionalProperties: Type.String() },
);

export const SeoSchema = Type.Object({
  title: Type.Optional(Type.String()),
  titlePostfix: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  type: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
  htmlAttrs: Type.Optional(Type.Record(Type.String(), Type.String())),
  link: Type.Optional(Type.Array(SeoLinkSchema)),
  meta: Type.Optional(Type.Array(SeoMetaSchema)),
});
export type Seo = Static<typeof SeoSchema>;
export type SeoLink = Static<typeof SeoLinkSchema>;
export type SeoMeta = Static<typeof SeoMetaSchema>;

export const SettingsSchema = Type.Object({
  siteName: Type.String(),
  cookiesContent: Type.Optional(Type.String()),
  seo: Type.Optional(SeoSchema),
  imagePlaceholder: Type.Optional(Type.Object({ id: Type.Union([Type.String(), Type.Number()]), url: Type.String() })),
  /** The university for search engines' structured data. */
  organization: Type.Optional(OrganizationSchema),
});
export type Settings = Static<typeof SettingsSchema>;

export interface NavMenuItem {
  label: string;
  href: string;
  children?: NavMenuItem[];
}
export const NavMenuItemSchema = Type.Recursive(
  (Self) =>
    Type.Object({
      label: Type.String(),
      href: Type.String(),
      children: Type.Optional(Type.Array(Self)),
    }),
  { $id: 'NavMenuItem' },
);

export const AltColorSchemeEntrySchema = Type.Object({
  name: Type.Union(COLOR_SCHEME_NAMES.map((name) => Type.Literal(name))),
  label: Type.String(),
});
export type AltColorSchemeEntry = Static<typeof AltColorSchemeEntrySchema>;

/** Header: list fields are `unknown[]` on the wire; the shell keeps only the entries that match. */
export const HeaderSchema = Type.Object({
  title: Type.String(),
  navMenu: Type.Optional(Type.Array(Type.Unknown())),
  altColorScheme: Type.Optional(Type.Array(Type.Unknown())),
});
export type HeaderData = Static<typeof HeaderSchema>;

export const FooterInfoEntrySchema = Type.Object({
  text: Type.Optional(Type.String()),
  label: Type.Optional(Type.String()),
  href: Type.Optional(Type.String()),
  arrayMadeIn: Type.Optional(Type.Array(Type.Unknown())),
});
export type FooterInfoEntry = Static<typeof FooterInfoEntrySchema>;

export const FooterSchema = Type.Object({
  navigation: Type.Optional(Type.Array(Type.Unknown())),
  fullName: Type.Optional(Type.String()),
  activeDate: Type.Optional(Type.String()),
  socials: Type.Optional(Type.Array(Type.Unknown())),
  info: Type.Optional(Type.Array(Type.Unknown())),
  copyright: Type.Optional(Type.String()),
});
export type FooterData = Static<typeof FooterSchema>;

export const AlertSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  /** HTML; sanitised before it is shown. */
  text: Type.String(),
  link: Type.Optional(Type.Unknown()),
});
export type Alert = Static<typeof AlertSchema>;

export const CookiesNoticeSchema = Type.Object({
  text: Type.String(),
  link: Type.Optional(Type.Unknown()),
  btnLabel: Type.String(),
});
export type CookiesNotice = Static<typeof CookiesNoticeSchema>;

export const NotifySchema = Type.Object({
  text: Type.String(),
  link: Type.Optional(Type.Unknown()),
});
export type Notify = Static<typeof NotifySchema>;

export const ColorSchemeItemSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  color: Type.Object({ bg: Type.String(), color: Type.String(), text: Type.String() }),
});
export type ColorSchemeItem = Static<typeof ColorSchemeItemSchema>;

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export const RedirectSchema = Type.Object({
  from: Type.String({ pattern: '^/' }),
  to: Type.String({ minLength: 1 }),
  status: Type.Optional(Type.Union(REDIRECT_STATUSES.map((status) => Type.Literal(status)))),
});
export type Redirect = Static<typeof RedirectSchema>;

/** Keys of the init data that are not layout components; every other key is one. */
export const INIT_RESERVED_KEYS = ['settings', 'colors', 'redirects', 'layoutComponents'] as const;

/** `GET {locale}/init`: a data field with settings, colours, redirects and layout component keys. */
export const InitResponseSchema = Type.Object({
  data: Type.Object(
    {
      settings: SettingsSchema,
      colors: Type.Optional(Type.Array(Type.Unknown())),
      redirects: Type.Optional(Type.Array(Type.Unknown())),
      layoutComponents: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    },
    { additionalProperties: Type.Unknown() },
  ),
});
export type InitResponse = Static<typeof InitResponseSchema>;

/** The layout components the shell renders; anything else in the init data is kept as-is for sections. */
export interface LayoutComponents {
  header?: HeaderData;
  footer?: FooterData;
  alerts?: unknown[];
  cookies?: CookiesNotice;
  notify?: Notify;
  [key: string]: unknown;
}
