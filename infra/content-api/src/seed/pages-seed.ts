import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PageSchema, SECTION_NAME_PATTERN, SECTION_THEMES, SLIDER_TYPES, type Locale, type Page, type SectionDescriptor } from '@site/contracts';
import { OPEN_DAY_EVENT_ID } from './events-seed';
import { officesSeed } from './news-seed';
import { Strict, TextSchema, localize, readSeedData, textIn, type Text } from './seed-data';
import { svedenPages } from './sveden-seed';
import { SITE_NAME } from './vocabulary';

const literals = (values: readonly string[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** A section of a page as the data file writes it: its texts in both languages. */
const SectionDataSchema = Strict({
  id: Type.String({ minLength: 1 }),
  name: Type.String({ pattern: SECTION_NAME_PATTERN }),
  lazy: Type.Optional(Type.Boolean()),
  theme: Type.Optional(literals(SECTION_THEMES)),
  slider: Type.Optional(literals(SLIDER_TYPES)),
  colorSchemeId: Type.Optional(Type.String()),
  anchor: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_-]*$' })),
  title: Type.Optional(TextSchema),
  props: Type.Record(Type.String(), Type.Unknown()),
});

/**
 * One page of `data/pages.json`: its title, the hero every page opens with (its title defaults to the page's, its
 * picture is one of the demo images), then its sections. `titledBySiteName` titles the page and its hero with the
 * university's name; `duplicates` lists addresses that repeat the page and name it as canonical.
 */
const PageDataSchema = Strict({
  slug: Type.String({ minLength: 1 }),
  title: TextSchema,
  titledBySiteName: Type.Optional(Type.Boolean()),
  hero: Type.Optional(Strict({ title: Type.Optional(TextSchema), lead: TextSchema, image: Type.Optional(Type.String()) })),
  sections: Type.Array(SectionDataSchema),
  watchQuery: Type.Optional(Type.Union([Type.Boolean(), Type.Array(Type.String())])),
  validate: Type.Optional(Type.Object({ query: Type.Record(Type.String(), Strict({ pattern: Type.String() })) })),
  duplicates: Type.Optional(Type.Array(Type.String())),
});

/** Where the pages the seeder makes itself go: one page per office (with this hero lead), and the /sveden section. */
const GeneratedPagesSchema = Type.Union([Strict({ generated: Type.Literal('offices'), lead: TextSchema }), Strict({ generated: Type.Literal('sveden') })]);

const PAGES = readSeedData('pages.json', Type.Array(Type.Union([PageDataSchema, GeneratedPagesSchema])));

/** What `{ "ref": name }` in a section's props stands for: values that the seeder's logic owns. */
const REFS: Record<string, unknown> = { openDayEventId: OPEN_DAY_EVENT_ID, openDayEventIdText: String(OPEN_DAY_EVENT_ID) };

function resolveRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolveRefs);
  if (value === null || typeof value !== 'object') return value;
  if ('ref' in value && typeof value.ref === 'string') {
    if (!(value.ref in REFS)) throw new Error(`seed data file pages.json: unknown ref "${value.ref}"`);
    return REFS[value.ref];
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveRefs(item)]));
}

const image = (name: string, alt: string) => ({ url: `/media/images/${name}`, alt, width: 1280, height: 853 });

function hero(title: string, lead: string, picture?: string): SectionDescriptor {
  return { id: 'hero', name: 'PageHero', theme: 'dark', props: { title, lead, ...(picture ? { image: image(picture, title) } : {}) } };
}

function page(slug: string, locale: Locale, title: string, components: SectionDescriptor[], extra: Partial<Page> = {}): Page {
  return { slug, title, seo: { title, description: `${title} — ${SITE_NAME[locale]}` }, components, ...extra };
}

function pageFromData(entry: Static<typeof PageDataSchema>, locale: Locale): Page {
  const title = textIn(entry.title, locale);
  const heroTitle = entry.titledBySiteName ? SITE_NAME[locale] : textIn(entry.hero?.title ?? entry.title, locale);
  const sections = entry.sections.map((section) => resolveRefs(localize(section, locale)) as SectionDescriptor);
  const components = entry.hero ? [hero(heroTitle, textIn(entry.hero.lead, locale), entry.hero.image), ...sections] : sections;
  return page(entry.slug, locale, title, components, {
    ...(entry.titledBySiteName ? { title: SITE_NAME[locale] } : {}),
    ...(entry.watchQuery !== undefined ? { watchQuery: entry.watchQuery } : {}),
    ...(entry.validate ? { validate: entry.validate } : {}),
  });
}

/** Each office's own page: its contacts and its latest news (the office dictionary's newsIds). */
function officePages(locale: Locale, lead: Text): Page[] {
  return officesSeed().map((office) => {
    const title = office[locale].title;
    return page(`contacts/${office.ru.slug}`, locale, title, [
      hero(title, textIn(lead, locale)),
      { id: 'office', name: 'OfficeContacts', props: { officeSlug: office.ru.slug } },
    ]);
  });
}

/** Every seeded page per locale; together they name every section of the remotes' catalogue. */
export function pagesSeed(locale: Locale): Page[] {
  const pages = PAGES.flatMap((entry): Page[] => {
    if ('generated' in entry) return entry.generated === 'offices' ? officePages(locale, entry.lead) : svedenPages(locale);
    const built = pageFromData(entry, locale);
    // A duplicate's head points search engines to the page it repeats, and the sitemap leaves it out.
    const copies = (entry.duplicates ?? []).map((slug) => ({ ...built, slug, seo: { ...built.seo, link: [{ rel: 'canonical', href: `/${entry.slug}` }] } }));
    return [built, ...copies];
  });
  for (const built of pages) {
    const error = Value.Errors(PageSchema, built).First();
    if (error) throw new Error(`seed data file pages.json: page "${built.slug}" (${locale}) breaks the page contract at ${error.path}: ${error.message}`);
  }
  return pages;
}
