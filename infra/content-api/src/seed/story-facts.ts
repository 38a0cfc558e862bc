import type { Bilingual } from './random';
import data from './data/story-facts.json';

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

/** One-off campus story, told once: it needs no research topic. */
interface CampusStory {
  title: Bilingual;
  lead: Bilingual;
  body: Bilingual;
  image: string;
  format: (typeof CAMPUS_STORY_FORMATS)[number];
}

const DEMO_CLIPS = ['robotics-lab', 'laboratory', 'campus-day'] as const;
type DemoClip = (typeof DEMO_CLIPS)[number];
const CAMPUS_STORY_FORMATS = ['article', 'announcement'] as const;

/** One of the allowed words, or the seed stops: a typo in the data file must not reach the database. */
function oneOf<T extends string>(allowed: readonly T[], value: string, where: string): T {
  const found = allowed.find((word) => word === value);
  if (found === undefined) throw new Error(`story facts: ${where} is "${value}", expected one of ${allowed.join(', ')}`);
  return found;
}

const FACTS: {
  topicFacts: Record<string, Omit<TopicFacts, 'clip'> & { clip: string }>;
  journals: string[];
  foreignUniversities: Bilingual[];
  companies: Bilingual[];
  campusStories: (Omit<CampusStory, 'format'> & { format: string })[];
} = data;

export const TOPIC_FACTS: Record<string, TopicFacts> = Object.fromEntries(
  Object.entries(FACTS.topicFacts).map(([id, facts]) => [id, { ...facts, clip: oneOf(DEMO_CLIPS, facts.clip, `${id}.clip`) }]),
);
export const JOURNALS = FACTS.journals;
export const FOREIGN_UNIVERSITIES = FACTS.foreignUniversities;
export const COMPANIES = FACTS.companies;
export const CAMPUS_STORIES: CampusStory[] = FACTS.campusStories.map((story, index) => ({
  ...story,
  format: oneOf(CAMPUS_STORY_FORMATS, story.format, `campus story ${index + 1} format`),
}));
