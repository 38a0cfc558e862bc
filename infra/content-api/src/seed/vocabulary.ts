import { Type } from '@sinclair/typebox';
import type { Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';

/**
 * The demo university's vocabulary, in both languages, with the Russian case forms the templates need, read from
 * `data/vocabulary.json`.
 */

/** A research topic; its names go into phrases such as "joint {en} research", so they do not say "research" themselves. */
export interface Topic {
  id: string;
  ruNom: string;
  ruGen: string;
  en: string;
}

export interface Faculty {
  id: string;
  ruNom: string;
  /** With its preposition: «на физическом факультете», «в Институте энергетики». */
  ruPrep: string;
  ruGen: string;
  en: string;
}

export interface PersonName {
  ru: string;
  en: string;
  female: boolean;
}

/** A job title; `ruFemale` where the Russian title takes a feminine form. */
interface Position extends Bilingual {
  ruFemale?: string;
}

interface NameParts {
  maleFirst: Bilingual[];
  femaleFirst: Bilingual[];
  /** Stems of patronymics: «Александров» + «ич» / «на». */
  patronymicRoots: Bilingual[];
  /** Surnames in their masculine form; a woman's takes «а» in both languages. */
  surnames: Bilingual[];
}

const TopicSchema = Strict({ id: Type.String(), ruNom: Type.String(), ruGen: Type.String(), en: Type.String() });
const FacultySchema = Strict({ id: Type.String(), ruNom: Type.String(), ruPrep: Type.String(), ruGen: Type.String(), en: Type.String() });
const PositionSchema = Strict({ ru: Type.String(), en: Type.String(), ruFemale: Type.Optional(Type.String()) });
const NamesSchema = Type.Array(BilingualSchema, { minItems: 1 });

const VOCABULARY: {
  siteName: Bilingual;
  shortName: Bilingual;
  emailDomain: string;
  topics: Topic[];
  faculties: Faculty[];
  places: Bilingual[];
  partners: Bilingual[];
  positions: Position[];
  demoImages: string[];
  placeholderImage: string;
  names: NameParts;
} = readSeedData(
  'vocabulary.json',
  Strict({
    siteName: BilingualSchema,
    shortName: BilingualSchema,
    emailDomain: Type.String({ minLength: 1 }),
    topics: Type.Array(TopicSchema, { minItems: 1 }),
    faculties: Type.Array(FacultySchema, { minItems: 1 }),
    places: Type.Array(BilingualSchema, { minItems: 1 }),
    partners: Type.Array(BilingualSchema, { minItems: 1 }),
    positions: Type.Array(PositionSchema, { minItems: 1 }),
    demoImages: Type.Array(Type.String({ pattern: '^[a-z0-9-]+\\.jpg$' }), { minItems: 1 }),
    placeholderImage: Type.String(),
    // personName takes ten first names of each kind.
    names: Strict({
      maleFirst: Type.Array(BilingualSchema, { minItems: 10 }),
      femaleFirst: Type.Array(BilingualSchema, { minItems: 10 }),
      patronymicRoots: NamesSchema,
      surnames: NamesSchema,
    }),
  }),
);

export const TOPICS = VOCABULARY.topics;
export const FACULTIES = VOCABULARY.faculties;
export const PLACES = VOCABULARY.places;
export const PARTNERS = VOCABULARY.partners;
export const POSITIONS = VOCABULARY.positions;
/** The shipped demo pictures under assets/images, served as /media/images/<name>. */
export const DEMO_IMAGES = VOCABULARY.demoImages;
export const PLACEHOLDER_IMAGE = VOCABULARY.placeholderImage;
export const SITE_NAME = VOCABULARY.siteName;
/** The university's short name: one per locale, wherever the seed names it. */
export const SHORT_NAME = VOCABULARY.shortName;
export const EMAIL_DOMAIN = VOCABULARY.emailDomain;

const { maleFirst, femaleFirst, patronymicRoots, surnames } = VOCABULARY.names;

/** The n-th distinct person name (n < 400): surname × first name, alternating men and women. */
export function personName(index: number): PersonName {
  const female = index % 2 === 1;
  const surname = surnames[index % surnames.length]!;
  const firstIndex = Math.floor(index / surnames.length) % 10;
  const patronymicRoot = patronymicRoots[(index * 7) % patronymicRoots.length]!.ru;
  if (female) {
    const first = femaleFirst[firstIndex]!;
    return { ru: `${surname.ru}а ${first.ru} ${patronymicRoot}на`, en: `${first.en} ${surname.en}a`, female };
  }
  const first = maleFirst[firstIndex]!;
  return { ru: `${surname.ru} ${first.ru} ${patronymicRoot}ич`, en: `${first.en} ${surname.en}`, female };
}
