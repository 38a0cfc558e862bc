import { Type, type Static } from '@sinclair/typebox';
import type { Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';

/**
 * The curated facts the seed's stories are told from: what each research direction actually works on, where, and
 * the picture and video clip that show it (`data/story-facts.json`). Stories combine these with the university's own people, so every item
 * names real (seeded) staff and a concrete result instead of a template with a changing number.
 */
export interface TopicFacts {
  /** The laboratory: «Лаборатория …» / "… Laboratory". */
  lab: Bilingual;
  /** A concrete result, as an object: «создали …» / "developed …". */
  result: Bilingual;
  /** What it is for, completing «чтобы …» / "to …". */
  use: Bilingual;
  /** What a course or lecture covers. */
  syllabus: Bilingual;
  image: string;
  /** The demo clip that fits the topic's video stories. */
  clip: DemoClip;
  /** The faculties that work on it (ids of FACULTIES). */
  faculties: string[];
}

const DEMO_CLIPS = ['robotics-lab', 'laboratory', 'campus-day'] as const;
type DemoClip = (typeof DEMO_CLIPS)[number];
const CAMPUS_STORY_FORMATS = ['article', 'announcement'] as const;
const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

const CampusStorySchema = Strict({
  title: BilingualSchema,
  lead: BilingualSchema,
  body: BilingualSchema,
  image: Type.String(),
  format: oneOf(CAMPUS_STORY_FORMATS),
});
/** One-off campus story, told once: it needs no research topic. */
type CampusStory = Static<typeof CampusStorySchema>;

const FACTS = readSeedData(
  'story-facts.json',
  Strict({
    topicFacts: Type.Record(
      Type.String(),
      Strict({
        lab: BilingualSchema,
        result: BilingualSchema,
        use: BilingualSchema,
        syllabus: BilingualSchema,
        image: Type.String(),
        clip: oneOf(DEMO_CLIPS),
        faculties: Type.Array(Type.String(), { minItems: 1 }),
      }),
    ),
    journals: Type.Array(Type.String(), { minItems: 1 }),
    foreignUniversities: Type.Array(BilingualSchema, { minItems: 1 }),
    companies: Type.Array(BilingualSchema, { minItems: 1 }),
    campusStories: Type.Array(CampusStorySchema),
  }),
);

export const TOPIC_FACTS: Record<string, TopicFacts> = FACTS.topicFacts;
export const JOURNALS = FACTS.journals;
export const FOREIGN_UNIVERSITIES = FACTS.foreignUniversities;
export const COMPANIES = FACTS.companies;
export const CAMPUS_STORIES: CampusStory[] = FACTS.campusStories;
