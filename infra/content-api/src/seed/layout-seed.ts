import { Type, type Static } from '@sinclair/typebox';
import type { Locale, PostalAddress, Settings } from '@site/contracts';
import { ORGANIZATION } from './organization';
import { BilingualSchema, Strict, TextSchema, localize, readSeedData, textIn } from './seed-data';
import { FACULTIES, PLACEHOLDER_IMAGE, SHORT_NAME, SITE_NAME, TOPICS } from './vocabulary';

type ByLocale<T> = Record<Locale, T>;

/**
 * The main campus's postal address: the university's (the one "Основные сведения" of /sveden shows), and the venue
 * of its events. In Russian in both locales: it is where the post goes.
 */
export const CAMPUS_ADDRESS: ByLocale<PostalAddress> = { ru: { ...ORGANIZATION.address }, en: { ...ORGANIZATION.address } };

const LinkSchema = Strict({ label: TextSchema, href: Type.String() });
const NavItemSchema = Strict({ label: TextSchema, href: Type.String(), children: Type.Optional(Type.Array(LinkSchema)) });
const ErrorPageSchema = Strict({ message: Type.String(), description: TextSchema, actions: Type.Array(LinkSchema) });

/** `data/layout.json`: the site's chrome (settings, menus, footer, banners, error pages) and its dictionaries. */
const LayoutDataSchema = Strict({
  settings: Strict({
    cookiesContent: TextSchema,
    description: TextSchema,
    type: Type.String(),
    image: Type.String(),
    link: Type.Array(Strict({ rel: Type.String(), href: Type.String() })),
    meta: Type.Array(Strict({ name: Type.String(), content: Type.String() })),
    logo: Type.String(),
    foundingDate: Type.String(),
  }),
  navigation: Type.Array(NavItemSchema),
  colorSchemeLabels: Type.Array(Strict({ name: Type.String(), label: TextSchema })),
  footer: Strict({
    fullName: TextSchema,
    socials: Type.Array(LinkSchema),
    /** `{shortName}` in a text stands for the university's short name. */
    info: Type.Array(Strict({ text: TextSchema, label: TextSchema, href: Type.String(), arrayMadeIn: Type.Optional(Type.Array(TextSchema)) })),
  }),
  alerts: Type.Array(Strict({ id: Type.String(), text: TextSchema, link: Type.Union([LinkSchema, Strict({})]) })),
  cookies: Strict({ text: TextSchema, link: LinkSchema, btnLabel: TextSchema }),
  notify: Strict({ text: TextSchema, link: LinkSchema }),
  errorPage: Type.Record(Type.String({ pattern: '^[45][0-9]{2}$' }), ErrorPageSchema),
  accessibility: Type.Record(Type.String(), TextSchema),
  colorSchemes: Type.Array(Strict({ id: Type.String(), bg: Type.String(), color: Type.String(), text: Type.String(), sort: Type.Integer() })),
  redirects: Type.Array(
    Strict({ from_path: Type.String(), to_path: Type.String(), status: Type.Union([301, 302, 307, 308].map((code) => Type.Literal(code))) }),
  ),
  /** Each vocabulary's terms in order; `from` makes one term per research topic or per faculty. */
  taxonomy: Type.Array(
    Type.Union([
      Strict({ vocabulary: Type.String(), terms: Type.Array(Strict({ id: Type.String(), label: BilingualSchema })) }),
      Strict({ vocabulary: Type.String(), from: Type.Union([Type.Literal('topics'), Type.Literal('faculties')]) }),
    ]),
  ),
  searchCategories: Type.Array(Strict({ id: Type.String(), label: BilingualSchema })),
});
type LayoutData = Static<typeof LayoutDataSchema>;

const LAYOUT: LayoutData = readSeedData('layout.json', LayoutDataSchema);

/** A text of the data file in one locale, with `{shortName}` filled in. */
const say = (text: Static<typeof TextSchema>, locale: Locale) => textIn(text, locale).replaceAll('{shortName}', SHORT_NAME[locale]);

export function settingsSeed(): ByLocale<Settings> {
  const { settings } = LAYOUT;
  const make = (locale: Locale): Settings => ({
    siteName: SITE_NAME[locale],
    cookiesContent: say(settings.cookiesContent, locale),
    seo: {
      title: SITE_NAME[locale],
      titlePostfix: SITE_NAME[locale],
      description: say(settings.description, locale),
      type: settings.type,
      image: settings.image,
      htmlAttrs: { lang: locale },
      link: settings.link,
      meta: settings.meta,
    },
    imagePlaceholder: { id: 'placeholder', url: PLACEHOLDER_IMAGE },
    organization: {
      legalName: ORGANIZATION.legalName[locale],
      shortName: SHORT_NAME[locale],
      logo: settings.logo,
      // The postal address is the one "Основные сведения" of /sveden shows (one data file for both), in Russian in
      // both locales: it is where the post goes.
      address: CAMPUS_ADDRESS[locale],
      telephone: ORGANIZATION.telephone,
      email: ORGANIZATION.email,
      foundingDate: settings.foundingDate,
    },
  });
  return { ru: make('ru'), en: make('en') };
}

/** Layout components by locale, in display order: each becomes its own key of the init data. */
export function layoutSeed(referenceDate: string): ByLocale<[string, unknown][]> {
  const year = referenceDate.slice(0, 4);
  const make = (locale: Locale): [string, unknown][] => {
    const ru = locale === 'ru';
    const navigation = LAYOUT.navigation.map((item) => ({
      label: say(item.label, locale),
      href: item.href,
      ...(item.children ? { children: item.children.map((child) => ({ label: say(child.label, locale), href: child.href })) } : {}),
    }));
    return [
      [
        'header',
        {
          title: SITE_NAME[locale],
          navMenu: navigation,
          altColorScheme: LAYOUT.colorSchemeLabels.map(({ name, label }) => ({ name, label: say(label, locale) })),
        },
      ],
      [
        'footer',
        {
          navigation: navigation.map(({ label, href }) => ({ label, href })),
          fullName: say(LAYOUT.footer.fullName, locale),
          // The date the information is current as of: the seed's reference day, written the way each locale writes it.
          activeDate: ru ? `Сведения актуальны на ${referenceDate.split('-').reverse().join('.')}` : `Information current as of ${referenceDate}`,
          socials: LAYOUT.footer.socials.map(({ label, href }) => ({ label: say(label, locale), href })),
          info: LAYOUT.footer.info.map(({ text, label, href, arrayMadeIn }) => ({
            text: say(text, locale),
            label: say(label, locale),
            href,
            ...(arrayMadeIn ? { arrayMadeIn: arrayMadeIn.map((line) => say(line, locale)) } : {}),
          })),
          copyright: `© 1956–${year} ${SITE_NAME[locale]}`,
        },
      ],
      ['alerts', localize(LAYOUT.alerts, locale)],
      ['cookies', localize(LAYOUT.cookies, locale)],
      ['notify', localize(LAYOUT.notify, locale)],
      ['errorPage', localize(LAYOUT.errorPage, locale)],
      ['accessibility', localize(LAYOUT.accessibility, locale)],
    ];
  };
  return { ru: make('ru'), en: make('en') };
}

export const COLOR_SCHEMES_SEED = LAYOUT.colorSchemes;

export const REDIRECTS_SEED = LAYOUT.redirects;

type Term = { vocabulary: string; id: string; label: Bilingual };
type Bilingual = { ru: string; en: string };

/** Taxonomies: the four news filter groups, course facets and people's departments. */
export function taxonomySeed(): Term[] {
  return LAYOUT.taxonomy.flatMap((group): Term[] => {
    if ('terms' in group) return group.terms.map(({ id, label }) => ({ vocabulary: group.vocabulary, id, label }));
    if (group.from === 'topics') {
      return TOPICS.map((topic) => ({ vocabulary: group.vocabulary, id: topic.id, label: { ru: capitalise(topic.ruNom), en: capitalise(topic.en) } }));
    }
    return FACULTIES.map((faculty) => ({ vocabulary: group.vocabulary, id: faculty.id, label: { ru: faculty.ruNom, en: faculty.en } }));
  });
}

/** One vocabulary's terms in order, label by id: the seed's generators draw their ids and labels from here. */
export function termsOf(vocabulary: string): Map<string, Bilingual> {
  return new Map(taxonomySeed().flatMap((term) => (term.vocabulary === vocabulary ? [[term.id, term.label] as const] : [])));
}

export const SEARCH_CATEGORIES_SEED = LAYOUT.searchCategories.map(({ id, label }) => ({ id, ...label }));

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
