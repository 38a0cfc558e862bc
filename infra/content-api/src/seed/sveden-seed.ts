import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { Locale, Page, SectionDescriptor } from '@site/contracts';
import { SvedenSubsectionSchema, type SvedenBlock, type SvedenCell, type SvedenSubsection, type SvedenValue } from '@site/contracts/education';
import { ORGANIZATION, postalAddressLine } from './organization';
import type { Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';
import { SITE_NAME } from './vocabulary';

/**
 * The demo university's "Сведения об образовательной организации", read from `data/sveden.json`: every item under the
 * `itemprop` and main tag of Rosobrnadzor's methodological recommendations (version 9.0.0, tables 3.2.1–3.15.1) for
 * the subsections of пп. 7–20 of the Requirements approved by order No. 1493 of 04.08.2023, as amended by order
 * No. 1353 of 03.07.2025 from 1 March 2026. The content is Russian legal text and is the same in both locales; only
 * the subsections' titles are translated (they name the pages).
 *
 * In the data file a value may stand for `{ "doc": name }`, a link to one of the documents below, or
 * `{ "org": key }`, the organisation's own data (its postal address is the one the settings give search engines).
 */
const DocumentEntrySchema = Strict({
  ru: Type.String(),
  en: Type.String(),
  /** Extra lines the demo PDF prints (the statistics tables the electronic documents hold). */
  lines: Type.Optional(Type.Array(Type.String())),
});
type DocumentEntry = Static<typeof DocumentEntrySchema>;
type DataValue = SvedenValue | { doc: string; itemprop?: string } | { org: 'legalName' | 'address' | 'telephone' | 'email' };
type DataCell = DataValue | DataValue[];

/** The file's outline; each subsection's blocks are checked against the contract once their references are resolved. */
const DATA = readSeedData(
  'sveden.json',
  Strict({
    documents: Type.Record(Type.String({ pattern: '^[a-z0-9-]+$' }), DocumentEntrySchema),
    subsections: Type.Array(Strict({ id: Type.String({ pattern: '^[A-Za-z_]+$' }), title: BilingualSchema, blocks: Type.Array(Type.Unknown()) })),
  }),
);
type DataSubsection = (typeof DATA.subsections)[number];

/** The documents the section links to, served by the content API as `/media/documents/{name}.pdf`. */
export const SVEDEN_DOCUMENTS: Record<string, DocumentEntry> = DATA.documents;

function resolveValue(value: DataValue): SvedenValue {
  if ('doc' in value) {
    const entry = SVEDEN_DOCUMENTS[value.doc];
    if (!entry) throw new Error(`sveden seed: no document named "${value.doc}"`);
    return { text: entry.ru, href: `/media/documents/${value.doc}.pdf`, ...(value.itemprop ? { itemprop: value.itemprop } : {}) } as SvedenValue;
  }
  if ('org' in value) {
    switch (value.org) {
      case 'legalName':
        return { text: ORGANIZATION.legalName.ru };
      case 'address':
        return { text: postalAddressLine() };
      case 'telephone':
        return { text: ORGANIZATION.telephone, href: `tel:${ORGANIZATION.telephone.replace(/[^+0-9]/g, '')}` };
      case 'email':
        return { text: ORGANIZATION.email, href: `mailto:${ORGANIZATION.email}` };
    }
  }
  return value;
}

const resolveCell = (cell: DataCell): SvedenCell => (Array.isArray(cell) ? cell.map(resolveValue) : resolveValue(cell));

function resolveBlock(block: SvedenBlock): SvedenBlock {
  if (block.kind === 'fields') return { ...block, fields: block.fields.map((field) => ({ ...field, value: resolveCell(field.value as DataCell) })) };
  return { ...block, rows: block.rows.map((row) => row.map((cell) => resolveCell(cell as DataCell))) };
}

/** One subsection as the API serves it; the data file is checked against the contract, so a wrong name fails the seed. */
function subsection(entry: DataSubsection, locale: Locale, updatedAt: string): SvedenSubsection {
  const result = { id: entry.id, title: entry.title[locale], updatedAt, blocks: (entry.blocks as SvedenBlock[]).map(resolveBlock) };
  if (!Value.Check(SvedenSubsectionSchema, result)) {
    const error = [...Value.Errors(SvedenSubsectionSchema, result)][0];
    throw new Error(`sveden seed: subsection "${entry.id}" breaks the contract at ${error?.path ?? '?'}: ${error?.message ?? ''}`);
  }
  return result;
}

/** Every subsection in both locales, dated with the seed's reference day. */
export function svedenSeed(referenceDate: string): Bilingual<SvedenSubsection>[] {
  return DATA.subsections.map((entry) => ({ ru: subsection(entry, 'ru', referenceDate), en: subsection(entry, 'en', referenceDate) }));
}

/**
 * The section's pages: `/sveden` lists the subsections, `/sveden/{id}` shows one (the addresses of the
 * recommendations' table 3.1).
 */
export function svedenPages(locale: Locale): Page[] {
  const ru = locale === 'ru';
  const title = ru ? 'Сведения об образовательной организации' : 'Information about the educational organisation';
  // The page's title (its h1) is the subsection's; the hero names what it belongs to: the whole section, or on the
  // section's own page the university.
  const page = (slug: string, heading: string, heroTitle: string, section: SectionDescriptor): Page => ({
    slug,
    title: heading,
    seo: { title: heading, description: `${heading} — ${SITE_NAME[locale]}` },
    components: [{ id: 'hero', name: 'PageHero', theme: 'dark', props: { title: heroTitle, lead: ORGANIZATION.legalName[locale] } }, section],
  });
  return [
    page('sveden', title, SITE_NAME[locale], { id: 'sveden', name: 'SvedenIndex', props: {} }),
    ...DATA.subsections.map((entry) =>
      page(`sveden/${entry.id}`, entry.title[locale], title, { id: 'sveden', name: 'SvedenSection', props: { subsection: entry.id } }),
    ),
  ];
}
