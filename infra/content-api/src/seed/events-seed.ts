import { Type } from '@sinclair/typebox';
import { addDays } from '../content/calendar';
import type { EventRecord } from '../content/records';
import { seededChangeTime } from './edit-times';
import { CAMPUS_ADDRESS, capitalise } from './layout-seed';
import { SeededRandom, type Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';
import { roleOf, staffList, type StaffMember } from './people-seed';
import { COMPANIES, TOPIC_FACTS, type TopicFacts } from './story-facts';
import { DEMO_IMAGES, FACULTIES, PARTNERS, PLACES, TOPICS, type Faculty, type Topic } from './vocabulary';

/** `data/events.json`: what the open day offers, and the concerts of the calendar. */
const EVENTS = readSeedData('events.json', Strict({ openDayAbout: BilingualSchema, concerts: Type.Array(BilingualSchema, { minItems: 1 }) }));

const EVENT_COUNT = 130;
/** The seed's open day, shown on the application page. */
export const OPEN_DAY_EVENT_ID = 1;
const OPEN_DAY_ABOUT: Bilingual = EVENTS.openDayAbout;

interface EventStory {
  title: Bilingual;
  about: Bilingual;
  image?: string;
}

interface EventContext {
  topic: Topic;
  facts: TopicFacts;
  faculty: Faculty;
  speaker: StaffMember;
  company: Bilingual;
  count: number;
}

/** The concerts of the calendar, one title each. */
const CONCERTS: Bilingual[] = EVENTS.concerts;

/** The kinds of event, each with its own description, told from a topic, its faculty and a speaker. */
const EVENT_STORIES: ((c: EventContext) => EventStory)[] = [
  (c) => ({
    title: { ru: `Открытая лекция «${capitalise(c.topic.ruNom)}: как это работает»`, en: `Public lecture: how ${c.topic.en} works` },
    about: {
      ru: `Лектор — ${c.speaker.name.ru}, ${roleOf(c.speaker).ru}. Без формул расскажет про ${c.facts.syllabus.ru} и покажет ${c.facts.result.ru}.`,
      en: `${c.speaker.name.en}, ${roleOf(c.speaker).en}, explains ${c.facts.syllabus.en} without formulas and shows ${c.facts.result.en}.`,
    },
  }),
  (c) => ({
    title: { ru: `Хакатон ${c.company.ru}: ${c.topic.ruNom}`, en: `${c.company.en} ${c.topic.en} hackathon` },
    about: {
      ru: `${c.count + 10} команд за 48 часов решают задачи партнёра. Задача этого года — помочь ${c.facts.use.ru}. Наставник — ${c.speaker.name.ru}.`,
      en: `${c.count + 10} teams get 48 hours to solve the partner's problems. This year's task: help ${c.facts.use.en}. Mentor: ${c.speaker.name.en}.`,
    },
  }),
  (c) => ({
    title: { ru: `Научный семинар ${c.faculty.ruGen}: ${c.topic.ruNom}`, en: `${c.faculty.en} research seminar: ${c.topic.en}` },
    about: {
      ru: `Доклад: ${c.speaker.name.ru} — «${capitalise(c.facts.result.ru)}: первые результаты». Обсуждение открыто для аспирантов и магистрантов.`,
      en: `Talk: ${c.speaker.name.en}, "${capitalise(c.facts.result.en)}: first results". Postgraduates and master's students are welcome to join the discussion.`,
    },
  }),
  (c) => ({
    title: { ru: `Конференция молодых учёных «${capitalise(c.topic.ruNom)}»`, en: `Young researchers' conference on ${c.topic.en}` },
    about: {
      ru: `${c.count * 3} докладов студентов и аспирантов. Председатель программного комитета — ${c.speaker.name.ru}. Лучшие работы будут опубликованы в сборнике.`,
      en: `${c.count * 3} talks by students and postgraduates, with ${c.speaker.name.en} chairing the programme committee. The best papers will be published.`,
    },
  }),
  (c) => ({
    title: { ru: `Мастер-класс ${c.facts.lab.ru.replace('Лаборатория', 'лаборатории')}`, en: `Hands-on workshop at the ${c.facts.lab.en}` },
    about: {
      ru: `Участники своими руками повторят один из экспериментов лаборатории. Ведёт ${c.speaker.name.ru}; ${c.count} мест.`,
      en: `Participants repeat one of the laboratory's experiments with their own hands. With ${c.speaker.name.en}; ${c.count} places.`,
    },
  }),
  (c) => ({
    title: { ru: `Карьерный день ${c.faculty.ruGen} с компанией ${c.company.ru}`, en: `${c.faculty.en} careers day with ${c.company.en}` },
    image: 'campus-main.jpg',
    about: {
      ru: `Инженеры компании расскажут о стажировках и проведут экспресс-собеседования. Возьмите резюме.`,
      en: "The company's engineers talk about internships and run quick interviews. Bring your CV.",
    },
  }),
  (c) => {
    const concert = CONCERTS[c.count % CONCERTS.length]!;
    return {
      title: concert,
      image: 'lecture-hall.jpg',
      about: {
        ru: 'Вход свободный для студентов и сотрудников; гостей просим зарегистрироваться заранее.',
        en: 'Free for students and staff; guests are asked to register in advance.',
      },
    };
  },
  (c) => ({
    title: { ru: `Экскурсия: ${c.facts.lab.ru.charAt(0).toLowerCase()}${c.facts.lab.ru.slice(1)}`, en: `Tour of the ${c.facts.lab.en}` },
    about: {
      ru: `Группы по 12 человек. Экскурсию ведёт ${c.speaker.name.ru}; покажут ${c.facts.result.ru}.`,
      en: `Groups of 12, guided by ${c.speaker.name.en}, who shows ${c.facts.result.en}.`,
    },
  }),
];

/** Sundays and a few other days have no events, so the calendar's empty-day message has something to show. */
function isQuietDay(day: string, offset: number): boolean {
  return new Date(`${day}T00:00:00Z`).getUTCDay() === 0 || offset % 11 === 4;
}

const time = (hour: number, minute = 0) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+03:00`;

/**
 * Events from 45 days before to 75 days after the reference day (today when the server seeds), so that
 * "today" and "upcoming" always have entries; several span more than one day.
 */
export function eventsSeed(referenceDate: string): Bilingual<EventRecord>[] {
  const random = new SeededRandom(1956);
  const days: { day: string; offset: number }[] = [];
  for (let offset = -45; offset <= 75; offset += 1) {
    const day = addDays(referenceDate, offset);
    if (offset === 0 || !isQuietDay(day, offset)) days.push({ day, offset });
  }
  const events: Bilingual<EventRecord>[] = [];
  // Texts come from their own sequence, so the calendar's days stay where they were.
  const text = new SeededRandom(1957_2);
  const staff = staffList();
  const titles = new Set<string>();
  for (let id = 1; id <= EVENT_COUNT; id += 1) {
    // The first three are today; the open day is two weeks ahead; the rest spread over the other days.
    const slot =
      id === OPEN_DAY_EVENT_ID
        ? (days.find((entry) => entry.offset === 14) ?? days[0]!)
        : id <= 4
          ? days.find((entry) => entry.offset === 0)!
          : random.pick(days);
    const topic = random.pick(TOPICS);
    random.pick(FACULTIES); // keeps the seeded sequence (days, places, partners) of the calendar as it was
    const facts = TOPIC_FACTS[topic.id]!;
    const faculty = FACULTIES.find((entry) => entry.id === facts.faculties[id % facts.faculties.length])!;
    const colleagues = staff.filter((member) => member.faculty.id === faculty.id);
    const speaker = colleagues.find((member) => member.topic.id === topic.id && member.id % 3 === id % 3) ?? colleagues[id % colleagues.length]!;
    let story: EventStory = { title: { ru: 'День открытых дверей университета', en: 'University open day' }, about: OPEN_DAY_ABOUT, image: 'campus-main.jpg' };
    for (let attempt = 0; id !== OPEN_DAY_EVENT_ID; attempt += 1) {
      const storyTopic = attempt === 0 ? topic : text.pick(TOPICS);
      const storyFacts = TOPIC_FACTS[storyTopic.id]!;
      story = text.pick(EVENT_STORIES)({ topic: storyTopic, facts: storyFacts, faculty, speaker, company: text.pick(COMPANIES), count: text.int(8, 40) });
      story.image ??= storyFacts.image;
      if (!titles.has(story.title.ru) || attempt > 300) break;
    }
    titles.add(story.title.ru);
    const title = story.title;
    const startHour = random.int(10, 18);
    const lengthDays = id % 13 === 0 ? 2 : 0;
    const startsAt = `${slot.day}T${time(startHour)}`;
    const endsAt = `${addDays(slot.day, lengthDays)}T${time(Math.min(startHour + 2, 21), 30)}`;
    const drawnPlace = random.pick(PLACES);
    const place = id === OPEN_DAY_EVENT_ID ? PLACES[0]! : drawnPlace;
    const organiser = id === OPEN_DAY_EVENT_ID ? { ru: 'Приёмная комиссия', en: 'Admissions Office' } : { ru: faculty.ruNom, en: faculty.en };
    const coOrganizers = random.sample(PARTNERS, id % 3 === 0 ? 2 : id % 3 === 1 ? 1 : 0);
    const isPaid = id % 7 === 0;
    const applicationType = id === OPEN_DAY_EVENT_ID ? 'form' : id % 5 === 0 ? 'link' : id % 5 === 1 ? 'form' : 'none';
    const application =
      applicationType === 'link'
        ? { type: 'link' as const, url: `https://registration.stu.example/events/${id}` }
        : applicationType === 'form'
          ? { type: 'form' as const, url: `/apply?eventId=${id}` }
          : { type: 'none' as const };
    random.pick(DEMO_IMAGES); // the calendar's sequence again; the picture is the one that fits the story
    const imageName = id % 6 === 2 ? null : story.image;
    const shared = {
      id,
      link: `/events/${id}`,
      startsAt,
      endsAt,
      isRecommended: id === OPEN_DAY_EVENT_ID || id % 5 === 2,
      promotion: { from: addDays(slot.day, -14), to: slot.day },
      // Last edited one to four weeks before the event (or before the reference day, for one still to come).
      updatedAt: seededChangeTime(addDays(slot.day < referenceDate ? slot.day : referenceDate, -(7 + (id % 21))), id % 9, referenceDate),
      isPaid,
      application,
      categories: [topic.id],
    };
    const make = (locale: 'ru' | 'en'): EventRecord => ({
      ...shared,
      title: title[locale],
      place: place[locale],
      address: CAMPUS_ADDRESS[locale],
      lead: story.about[locale].split('. ')[0]!.replace(/\.$/, '') + '.',
      body:
        locale === 'ru'
          ? `<p>${story.about.ru}</p><p>Организатор — ${organiser.ru}. Место проведения: ${place.ru}. ${isPaid ? 'Участие платное.' : 'Вход свободный по предварительной регистрации.'}</p>`
          : `<p>${story.about.en}</p><p>Organised by the ${organiser.en}. Venue: ${place.en}. ${isPaid ? 'Participation is paid.' : 'Free admission with prior registration.'}</p>`,
      organizer: organiser[locale],
      coOrganizers: coOrganizers.map((partner) => partner[locale]),
      ...(isPaid ? { price: locale === 'ru' ? '1 500 ₽' : 'RUB 1,500' } : {}),
      image: imageName ? { url: `/media/images/${imageName}`, alt: title[locale], width: 1280, height: 853 } : null,
    });
    events.push({ ru: make('ru'), en: make('en') });
  }
  return events;
}
