import { Type } from '@sinclair/typebox';
import type { NewsType } from '@site/contracts/news';
import { addDays } from '../content/calendar';
import type { NewsRecord, OfficeRecord } from '../content/records';
import { seededChangeTime } from './edit-times';
import { SeededRandom, type Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';
import { capitalise, termsOf } from './layout-seed';
import { staffList, roleOf, type StaffMember } from './people-seed';
import { CAMPUS_STORIES, COMPANIES, FOREIGN_UNIVERSITIES, JOURNALS, TOPIC_FACTS, type TopicFacts } from './story-facts';
import { FACULTIES, SHORT_NAME, TOPICS, type Faculty, type Topic } from './vocabulary';

const NEWS_COUNT = 320;

/** What a story is told from: a research direction with its facts, a faculty that works on it, one of its people. */
interface Story {
  topic: Topic;
  facts: TopicFacts;
  faculty: Faculty;
  person: StaffMember;
  company: Bilingual;
  university: Bilingual;
  journal: string;
  count: number;
  /** The item's own day, for dates the text mentions. */
  day: string;
}

interface Told {
  title: Bilingual;
  lead: Bilingual;
  paragraphs: Bilingual<string[]>;
  format: string;
  image?: string;
  /** A media item's video clip, played in the article. */
  clip?: string;
}

const monthDay = (day: string, locale: 'ru' | 'en') =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(locale === 'ru' ? 'ru-RU' : 'en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });

/** A sentence the story's person says, attributed with their role. */
function say(story: Story, locale: 'ru' | 'en', said: string): string {
  const role = roleOf(story.person)[locale];
  return locale === 'ru' ? `«${said}», — рассказывает ${story.person.name.ru}, ${role}.` : `"${said}," says ${story.person.name.en}, ${role}.`;
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const past = (story: Story, masculine: string, feminine: string) => (story.person.female ? feminine : masculine);

/** News stories: each kind tells its own kind of event, from the story's facts. */
const NEWS_STORIES: ((story: Story) => Told)[] = [
  (s) => ({
    format: 'article',
    title: { ru: `${capitalise(s.faculty.ruPrep)} открылась ${lower(s.facts.lab.ru)}`, en: `The ${s.faculty.en} opens its ${s.facts.lab.en}` },
    lead: { ru: `Первый проект лаборатории — ${s.facts.result.ru}.`, en: `The laboratory's first project is ${s.facts.result.en}.` },
    paragraphs: {
      ru: [
        `В лаборатории ${s.count} рабочих мест для студентов и аспирантов; руководитель — ${s.person.name.ru}.`,
        say(s, 'ru', `Мы хотим ${s.facts.use.ru}, и студенты с первого курса смогут участвовать в этой работе`),
      ],
      en: [
        `The laboratory has ${s.count} places for students and postgraduates and is led by ${s.person.name.en}.`,
        say(s, 'en', `We want to ${s.facts.use.en}, and students can join the work from their first year`),
      ],
    },
  }),
  (s) => ({
    format: 'article',
    title: { ru: `Учёные ${s.faculty.ruGen} создали ${s.facts.result.ru}`, en: `${s.faculty.en} researchers develop ${s.facts.result.en}` },
    lead: { ru: `Статья о работе вышла в журнале ${s.journal}.`, en: `The work is published in ${s.journal}.` },
    paragraphs: {
      ru: [
        `Разработка поможет ${s.facts.use.ru}. Над ней ${s.count > 20 ? 'три года' : 'два года'} работала группа из ${(s.count % 9) + 4} человек.`,
        say(s, 'ru', 'Самое трудное было не получить результат, а повторить его десять раз подряд'),
      ],
      en: [
        `The development should help ${s.facts.use.en}. A team of ${(s.count % 9) + 4} worked on it for ${s.count > 20 ? 'three' : 'two'} years.`,
        say(s, 'en', 'The hard part was not getting the result but repeating it ten times in a row'),
      ],
    },
  }),
  (s) => ({
    format: 'article',
    title: {
      ru: `Студенты ${s.faculty.ruGen} — призёры международной олимпиады по направлению «${s.topic.ruNom}»`,
      en: `${s.faculty.en} students take medals at an international ${s.topic.en} olympiad`,
    },
    lead: {
      ru: `В финале соревновались ${s.count + 40} команд из ${(s.count % 12) + 8} стран.`,
      en: `${s.count + 40} teams from ${(s.count % 12) + 8} countries competed in the final.`,
    },
    paragraphs: {
      ru: [
        `Команду готовил${past(s, '', 'а')} ${s.person.name.ru}: полгода еженедельных тренировок и разбор задач прошлых лет.`,
        'Призёры получат повышенную стипендию и приглашение на летнюю стажировку в лаборатории университета.',
      ],
      en: [
        `${s.person.name.en} coached the team: six months of weekly training and past papers.`,
        'The medallists receive a higher scholarship and a summer placement in a university laboratory.',
      ],
    },
  }),
  (s) => ({
    format: 'announcement',
    title: { ru: `Открыт приём заявок в летнюю школу «${capitalise(s.topic.ruNom)}»`, en: `Applications open for the ${s.topic.en} summer school` },
    lead: { ru: `Заявки принимаются до ${monthDay(addDays(s.day, 21), 'ru')}.`, en: `Apply by ${monthDay(addDays(s.day, 21), 'en')}.` },
    paragraphs: {
      ru: [
        `Две недели участники будут изучать ${s.facts.syllabus.ru} и работать в лаборатории ${s.faculty.ruGen}.`,
        `Школа бесплатная для студентов любых вузов; иногородним предоставляется общежитие. Куратор — ${s.person.name.ru}.`,
      ],
      en: [
        `For two weeks participants study ${s.facts.syllabus.en} and work in a ${s.faculty.en} laboratory.`,
        `The school is free for students of any university, with housing for those from out of town. Curator: ${s.person.name.en}.`,
      ],
    },
  }),
  (s) => ({
    format: 'article',
    title: {
      ru: `${s.person.name.ru} ${past(s, 'получил', 'получила')} грант на исследование, чтобы ${s.facts.use.ru}`,
      en: `${s.person.name.en} wins a grant for research to ${s.facts.use.en}`,
    },
    lead: { ru: `Проект поддержан на три года.`, en: 'The project is funded for three years.' },
    paragraphs: {
      ru: [
        `Группа ${s.faculty.ruGen} будет развивать работу «${s.facts.result.ru}» и возьмёт в проект ${(s.count % 5) + 2} магистрантов.`,
        say(s, 'ru', 'Грант позволяет купить оборудование, на которое мы копили годами'),
      ],
      en: [
        `The ${s.faculty.en} group will build on its ${s.facts.result.en} and take on ${(s.count % 5) + 2} master's students.`,
        say(s, 'en', 'The grant buys equipment we had been saving up for over several years'),
      ],
    },
  }),
  (s) => ({
    format: 'announcement',
    title: {
      ru: `${capitalise(s.company.ru.replace(/^«|»$/g, ''))} приглашает студентов ${s.faculty.ruGen} на стажировку`,
      en: `${s.company.en} offers internships to ${s.faculty.en} students`,
    },
    lead: { ru: `${(s.count % 20) + 10} оплачиваемых мест на лето.`, en: `${(s.count % 20) + 10} paid summer places.` },
    paragraphs: {
      ru: [
        `Стажёры займутся задачами в области «${s.topic.ruNom}». Отбор — тестовое задание и собеседование; лучших пригласят на работу после выпуска.`,
        'Резюме принимает Центр карьеры университета.',
      ],
      en: [
        `Interns will work on ${s.topic.en} problems. Selection is a take-home task and an interview; the best get job offers after graduation.`,
        "CVs go to the university's Career Centre.",
      ],
    },
  }),
  (s) => ({
    format: 'article',
    title: {
      ru: `Делегация ${s.university.ru} обсудила совместные исследования в области ${s.topic.ruGen}`,
      en: `A delegation from ${s.university.en} discusses joint ${s.topic.en} research`,
    },
    lead: { ru: `Гости побывали в лаборатории ${s.faculty.ruGen}.`, en: `The guests toured a ${s.faculty.en} laboratory.` },
    paragraphs: {
      ru: [
        `Договорились о семестровом обмене студентами и совместной магистерской программе. Со стороны университета переговоры вел${past(s, '', 'а')} ${s.person.name.ru}.`,
      ],
      en: [`The universities agreed on a semester student exchange and a joint master's programme. ${s.person.name.en} led the talks for the university.`],
    },
  }),
];

/** Media stories: the format the filter offers is what the item really is (a video plays, a podcast is audio talk). */
const MEDIA_STORIES: ((story: Story) => Told)[] = [
  (s) => ({
    format: 'video',
    clip: s.facts.clip,
    title: { ru: `Видео: ${lower(s.facts.lab.ru)} изнутри`, en: `Video: inside the ${s.facts.lab.en}` },
    lead: { ru: `${s.person.name.ru} показывает, где создают ${s.facts.result.ru}.`, en: `${s.person.name.en} shows where ${s.facts.result.en} is made.` },
    paragraphs: {
      ru: ['Короткий ролик о том, как устроена лаборатория и чем в ней заняты студенты.'],
      en: ['A short film about how the laboratory works and what its students do.'],
    },
  }),
  (s) => ({
    format: 'photo',
    title: { ru: `Фоторепортаж: день открытых лабораторий ${s.faculty.ruGen}`, en: `Photo story: open laboratories day at the ${s.faculty.en}` },
    lead: {
      ru: `${s.count * 10} школьников и студентов заглянули в лаборатории факультета.`,
      en: `${s.count * 10} pupils and students visited the faculty's laboratories.`,
    },
    paragraphs: {
      ru: [`Гостям показали ${s.facts.result.ru}, и дали самим провести опыт.`],
      en: [`Visitors saw ${s.facts.result.en} and ran an experiment themselves.`],
    },
  }),
  (s) => ({
    format: 'podcast',
    title: {
      ru: `Подкаст «Наука в деталях»: ${s.person.name.ru} о направлении «${s.topic.ruNom}»`,
      en: `Science in Detail podcast: ${s.person.name.en} on ${s.topic.en}`,
    },
    lead: { ru: 'Сорок минут о том, как наука становится технологией.', en: 'Forty minutes on how science becomes technology.' },
    paragraphs: {
      ru: [`В выпуске — почему ${s.facts.result.ru}, важнее, чем кажется, и как студенту попасть в исследовательскую группу.`],
      en: [`In this episode: why ${s.facts.result.en} matters more than it seems, and how a student joins a research group.`],
    },
  }),
  (s) => ({
    format: 'interview',
    title: { ru: `Интервью: ${s.person.name.ru} о будущем ${s.topic.ruGen}`, en: `Interview: ${s.person.name.en} on the future of ${s.topic.en}` },
    lead: {
      ru: `${capitalise(roleOf(s.person).ru)} — о том, чего ждать в ближайшие десять лет.`,
      en: `The ${roleOf(s.person).en} on what to expect in the next ten years.`,
    },
    paragraphs: {
      ru: [
        say(s, 'ru', `Через десять лет ${s.facts.result.ru} будет обычным инструментом, а не экспериментом`),
        'Полную версию интервью читайте в университетской газете.',
      ],
      en: [
        say(s, 'en', `In ten years ${s.facts.result.en} will be an ordinary tool, not an experiment`),
        'Read the full interview in the university newspaper.',
      ],
    },
  }),
];

/** The video site where the university publishes its films: the fallback button of a video leads there. */
const VIDEO_SITE = 'https://video.stu.example';

function videoElement(clip: string, title: string, fallback: string, id: number): string {
  return (
    `<video controls preload="metadata" poster="/media/images/${clip === 'campus-day' ? 'campus-main' : clip}.jpg" title="${title.replace(/"/g, '&quot;')}">` +
    `<source src="/media/videos/${clip}.webm" type="video/webm">` +
    `<a href="${VIDEO_SITE}/watch/${id}">${fallback}</a></video>`
  );
}

/**
 * The news archive: newest first by id, spread back over about two years from the reference date. Each item is a
 * story of its own kind about one research direction, told with a faculty that works on it and one of its people;
 * a few are one-off campus stories. Exactly two items are featured (first and second slot).
 */
export function newsSeed(referenceDate: string): Bilingual<NewsRecord>[] {
  const random = new SeededRandom(2026);
  // Items are filed under the news filters' categories and audiences, and some under an office.
  const categoryIds = [...termsOf('news.categories').keys()];
  const targetIds = [...termsOf('news.targets').keys()];
  const officeIds = OFFICES.offices.map((office) => office.id);
  const staff = staffList();
  const told = new Set<string>();
  const items: Bilingual<NewsRecord>[] = [];
  let dayOffset = 0;
  let campusStory = 0;
  for (let id = 1; id <= NEWS_COUNT; id += 1) {
    const type: NewsType = id % 29 === 0 ? 'NotSet' : id % 4 === 3 ? 'Media' : 'News';
    const day = addDays(referenceDate, -dayOffset);
    const date = `${day}T${String(9 + (id % 9)).padStart(2, '0')}:${id % 2 ? '00' : '30'}:00+03:00`;
    dayOffset += random.int(0, 4);
    let story: Told;
    let topic: Topic | undefined;
    if (type !== 'Media' && id % 37 === 5 && campusStory < CAMPUS_STORIES.length) {
      const campus = CAMPUS_STORIES[campusStory++]!;
      story = { ...campus, paragraphs: { ru: [campus.body.ru], en: [campus.body.en] } };
    } else {
      // Draw stories until one with a title not told yet: no two items share a title.
      const kinds = type === 'Media' ? MEDIA_STORIES : NEWS_STORIES;
      for (let attempt = 0; ; attempt += 1) {
        topic = random.pick(TOPICS);
        const facts = TOPIC_FACTS[topic.id]!;
        const facultyId = random.pick(facts.faculties);
        const faculty = FACULTIES.find((entry) => entry.id === facultyId)!;
        const colleagues = staff.filter((member) => member.faculty.id === facultyId);
        const experts = colleagues.filter((member) => member.topic.id === topic!.id);
        const person = random.pick(experts.length > 0 ? experts : colleagues);
        const context = {
          topic,
          facts,
          faculty,
          person,
          company: random.pick(COMPANIES),
          university: random.pick(FOREIGN_UNIVERSITIES),
          journal: random.pick(JOURNALS),
          count: random.int(6, 36),
          day,
        };
        story = random.pick(kinds)(context);
        story.image ??= facts.image;
        if (!told.has(story.title.ru) || attempt > 500) break;
      }
      told.add(story.title.ru);
    }
    const featureSort: NewsRecord['featureSort'] = id === 1 ? 'First' : id === 2 ? 'Second' : 'NotSet';
    const imageName = id % 9 === 5 && !story.clip ? null : story.image;
    const officeId = id % 3 === 0 ? random.pick(officeIds) : null;
    const shared = {
      id,
      date,
      type,
      isFeatured: featureSort !== 'NotSet',
      featureSort,
      categories: random.sample(categoryIds, random.int(1, 2)),
      formats: [story.format],
      themes: topic ? [topic.id] : [],
      targets: random.sample(targetIds, random.int(1, 2)),
      link: `/news/${id}`,
      officeId,
      // Corrected some hours after publication (up to three days), each item at its own time.
      updatedAt: seededChangeTime(date, (id * 7) % 72, referenceDate),
    };
    const image = (alt: string) => (imageName ? { url: `/media/images/${imageName}`, alt, width: 1280, height: 853 } : null);
    const body = (locale: 'ru' | 'en') => {
      const video = story.clip
        ? videoElement(story.clip, story.title[locale], locale === 'ru' ? 'Смотреть на видеосайте университета' : "Watch on the university's video site", id)
        : '';
      // A research story ends with a way to the direction it is about, in the item's language.
      const more = topic
        ? locale === 'ru'
          ? `<p>Подробнее о направлении «${topic.ruNom}» — на странице <a href="/research#${topic.id}">научных направлений</a>.</p>`
          : `<p>More about ${topic.en} on the <a href="/en/research#${topic.id}">research areas</a> page.</p>`
        : '';
      return `<p>${story.lead[locale]}</p>${video}${story.paragraphs[locale].map((paragraph) => `<p>${paragraph}</p>`).join('')}${more}`;
    };
    items.push({
      ru: { ...shared, title: story.title.ru, lead: story.lead.ru, body: body('ru'), image: image(story.title.ru), author: `Пресс-служба ${SHORT_NAME.ru}` },
      en: { ...shared, title: story.title.en, lead: story.lead.en, body: body('en'), image: image(story.title.en), author: `${SHORT_NAME.en} Press Office` },
    });
  }
  return items;
}

/** `data/offices.json`: the offices in display order with their contacts, and the labels of an office's page. */
const OFFICES = readSeedData(
  'offices.json',
  Strict({
    offices: Type.Array(
      Strict({ id: Type.String(), title: BilingualSchema, location: BilingualSchema, email: Type.String(), phone: Type.String({ pattern: '^\\+[0-9 -]+$' }) }),
    ),
    workHoursTitle: BilingualSchema,
    workHours: BilingualSchema,
    map: Type.String(),
    contactsTitle: BilingualSchema,
    phoneLabel: BilingualSchema,
    campusLocationTitle: BilingualSchema,
  }),
);

export function officesSeed(): Bilingual<OfficeRecord>[] {
  return OFFICES.offices.map(({ id, title, location, email, phone }, sort) => {
    const make = (locale: 'ru' | 'en'): OfficeRecord => ({
      id,
      slug: id,
      sort,
      title: title[locale],
      description:
        locale === 'ru' ? `${title.ru} университета: консультации, документы и справки.` : `The university's ${title.en}: advice, documents and certificates.`,
      workHoursTitle: OFFICES.workHoursTitle[locale],
      workHours: OFFICES.workHours[locale],
      vrMapUrl: OFFICES.map,
      contactsTitle: OFFICES.contactsTitle[locale],
      contacts: [
        { label: OFFICES.phoneLabel[locale], value: phone, href: `tel:${phone.replace(/[^+0-9]/g, '')}` },
        { label: 'E-mail', value: email, href: `mailto:${email}` },
      ],
      campusLocationTitle: OFFICES.campusLocationTitle[locale],
      campusLocation: location[locale],
    });
    return { ru: make('ru'), en: make('en') };
  });
}
