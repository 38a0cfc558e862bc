import { Type } from '@sinclair/typebox';
import { PROGRAM_LEVELS, type ProgramLevel } from '@site/contracts/education';
import type { CourseRecord, HistoryRecord, ProgramRecord, ResearchRecord } from '../content/records';
import { capitalise, termsOf } from './layout-seed';
import { SeededRandom, russianPlural, type Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';
import { TOPIC_FACTS } from './story-facts';
import { DEMO_IMAGES, TOPICS, personName, type Topic } from './vocabulary';

const ProgramLevelSchema = Type.Union(PROGRAM_LEVELS.map((level) => Type.Literal(level)));

/**
 * `data/education.json`: the degree programmes in their curated order (`years` 0 for a six-month continuing course),
 * the names of the levels, and the university's history by year.
 */
const EDUCATION = readSeedData(
  'education.json',
  Strict({
    programs: Type.Array(Strict({ id: Type.String(), level: ProgramLevelSchema, title: BilingualSchema, years: Type.Integer({ minimum: 0 }) })),
    // One name per level: the assignment to LEVEL_NAMES checks at compile time that every level is here.
    levelNames: Strict({
      bachelor: BilingualSchema,
      specialist: BilingualSchema,
      master: BilingualSchema,
      phd: BilingualSchema,
      continuing: BilingualSchema,
    }),
    history: Type.Array(Strict({ year: Type.Integer({ minimum: 1956 }), title: BilingualSchema, text: BilingualSchema })),
  }),
);

const COURSE_COUNT = 90;

const LEVEL_NAMES: Record<ProgramLevel, Bilingual> = EDUCATION.levelNames;

export function programsSeed(): Bilingual<ProgramRecord>[] {
  return EDUCATION.programs.map(({ id, level, title: { ru, en }, years }, index) => {
    const duration = years === 0 ? { ru: '6 месяцев', en: '6 months' } : { ru: `${years} ${russianPlural(years, 'год', 'года', 'лет')}`, en: `${years} years` };
    const shared = { id, level, link: `/programs#${id}`, image: { url: `/media/images/${DEMO_IMAGES[index % DEMO_IMAGES.length]}`, alt: en } };
    return {
      ru: {
        ...shared,
        title: ru,
        duration: duration.ru,
        format: level === 'continuing' ? 'Онлайн' : 'Очная',
        language: index % 5 === 4 ? 'Английский' : 'Русский',
        description: `${ru}: ${LEVEL_NAMES[level].ru}. Обучение в исследовательских лабораториях университета и проекты с индустриальными партнёрами.`,
        image: { ...shared.image, alt: ru },
      },
      en: {
        ...shared,
        title: en,
        duration: duration.en,
        format: level === 'continuing' ? 'Online' : 'Full-time',
        language: index % 5 === 4 ? 'English' : 'Russian',
        description: `${en}: ${LEVEL_NAMES[level].en} programme. Study in the university's research laboratories and projects with industry partners.`,
      },
    };
  });
}

type CourseTitle = (topic: Topic) => Bilingual;
const COURSE_TITLES: CourseTitle[] = [
  (t) => ({ ru: `${capitalise(t.ruNom)}: вводный курс`, en: `${capitalise(t.en)}: an introduction` }),
  (t) => ({ ru: `${capitalise(t.ruNom)}: продвинутый уровень`, en: `Advanced ${t.en}` }),
  (t) => ({ ru: `${capitalise(t.ruNom)} для инженеров`, en: `${capitalise(t.en)} for engineers` }),
  (t) => ({ ru: `${capitalise(t.ruNom)}: практикум`, en: `${capitalise(t.en)}: hands-on lab` }),
  (t) => ({ ru: `Математические методы ${t.ruGen}`, en: `Mathematical methods of ${t.en}` }),
  (t) => ({ ru: `История и философия ${t.ruGen}`, en: `History and philosophy of ${t.en}` }),
  (t) => ({ ru: `Проектная работа: ${t.ruNom}`, en: `Project work: ${t.en}` }),
  (t) => ({ ru: `Этика и право в сфере «${t.ruNom}»`, en: `Ethics and law in ${t.en}` }),
];

/** A course's level, format and language are named as the catalogue's filters name them. */
const FORMATS = termsOf('course.format');
const LEVELS = termsOf('course.level');
const LANGUAGES = termsOf('course.language');

/** What the course covers (the topic's own syllabus) and how it is taught, which differs from course to course. */
function courseDescription(id: number, topic: Topic): Bilingual {
  const facts = TOPIC_FACTS[topic.id]!;
  const ways: Bilingual[] = [
    { ru: 'Каждую неделю — лекция и разбор задач, в конце — экзамен.', en: 'A lecture and a problem class every week, with an exam at the end.' },
    {
      ru: `Занятия проходят в лаборатории: ${facts.lab.ru.charAt(0).toLowerCase()}${facts.lab.ru.slice(1)}.`,
      en: `Classes take place in the ${facts.lab.en}.`,
    },
    {
      ru: 'Итог курса — командный проект с защитой перед партнёрами университета.',
      en: "The course ends with a team project presented to the university's partners.",
    },
    {
      ru: 'Видеолекции, еженедельные тесты и консультации с преподавателем онлайн.',
      en: 'Video lectures, weekly quizzes and online office hours with the teacher.',
    },
  ];
  const way = ways[id % ways.length]!;
  return { ru: `Вы изучите ${facts.syllabus.ru}. ${way.ru}`, en: `You will study ${facts.syllabus.en}. ${way.en}` };
}

export function coursesSeed(): Bilingual<CourseRecord>[] {
  const random = new SeededRandom(1957);
  const courses: Bilingual<CourseRecord>[] = [];
  for (let id = 1; id <= COURSE_COUNT; id += 1) {
    const topic = TOPICS[(id - 1) % TOPICS.length]!;
    const title = COURSE_TITLES[Math.floor((id - 1) / TOPICS.length) % COURSE_TITLES.length]!(topic);
    const weeks = random.pick([2, 4, 6, 8, 10, 12, 16, 24]);
    const levelId = random.pick(['beginner', 'intermediate', 'advanced']);
    const formatId = random.pick(['online', 'offline', 'blended']);
    const languageId = id % 4 === 0 ? 'en' : 'ru';
    const durationId = weeks <= 4 ? 'short' : weeks <= 12 ? 'medium' : 'long';
    const second = random.pick(TOPICS);
    const topicIds = [...new Set([topic.id, ...(id % 3 === 0 ? [second.id] : [])])];
    const topicsOf = (locale: 'ru' | 'en') =>
      topicIds.map((topicId) => {
        const found = TOPICS.find((entry) => entry.id === topicId)!;
        return capitalise(locale === 'ru' ? found.ruNom : found.en);
      });
    const shared = { id, link: `/courses?topic=${topic.id}#course-${id}`, durationWeeks: weeks, levelId, formatId, languageId, durationId, topicIds };
    courses.push({
      ru: {
        ...shared,
        title: title.ru,
        duration: `${weeks} ${russianPlural(weeks, 'неделя', 'недели', 'недель')}`,
        level: LEVELS.get(levelId)!.ru,
        format: FORMATS.get(formatId)!.ru,
        language: LANGUAGES.get(languageId)!.ru,
        topics: topicsOf('ru'),
        description: courseDescription(id, topic).ru,
      },
      en: {
        ...shared,
        title: title.en,
        duration: `${weeks} weeks`,
        level: LEVELS.get(levelId)!.en,
        format: FORMATS.get(formatId)!.en,
        language: LANGUAGES.get(languageId)!.en,
        topics: topicsOf('en'),
        description: courseDescription(id, topic).en,
      },
    });
  }
  return courses;
}

export function researchSeed(): Bilingual<ResearchRecord>[] {
  return TOPICS.map((topic, index) => {
    const head = personName(index * 3);
    const shared = {
      id: topic.id,
      sort: index,
      link: `/research#${topic.id}`,
      image: { url: `/media/images/${DEMO_IMAGES[(index + 1) % DEMO_IMAGES.length]}`, alt: topic.en },
    };
    return {
      ru: {
        ...shared,
        title: capitalise(topic.ruNom),
        description: `Недавно группа создала ${TOPIC_FACTS[topic.id]!.result.ru}; цель — ${TOPIC_FACTS[topic.id]!.use.ru}.`,
        head: head.ru,
        laboratories: [TOPIC_FACTS[topic.id]!.lab.ru, `Центр компетенций «${capitalise(topic.ruNom)}»`],
        image: { ...shared.image, alt: capitalise(topic.ruNom) },
      },
      en: {
        ...shared,
        title: capitalise(topic.en),
        description: `The latest result is ${TOPIC_FACTS[topic.id]!.result.en}; the aim is to ${TOPIC_FACTS[topic.id]!.use.en}.`,
        head: head.en,
        laboratories: [TOPIC_FACTS[topic.id]!.lab.en, `${capitalise(topic.en)} Competence Centre`],
      },
    };
  });
}

export function historySeed(): Bilingual<HistoryRecord>[] {
  return EDUCATION.history.map(({ year, title: { ru: titleRu, en: titleEn }, text: { ru: textRu, en: textEn } }, index) => {
    const image = index % 3 === 0 ? { url: `/media/images/${DEMO_IMAGES[index % DEMO_IMAGES.length]}`, alt: titleEn } : null;
    return {
      ru: { id: `y${year}`, year, title: titleRu, text: textRu, image: image ? { ...image, alt: titleRu } : null },
      en: { id: `y${year}`, year, title: titleEn, text: textEn, image },
    };
  });
}
