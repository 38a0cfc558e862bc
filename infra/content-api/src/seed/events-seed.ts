import { addDays } from '../content/calendar';
import type { EventRecord } from '../content/records';
import { capitalise } from './layout-seed';
import { SeededRandom, type Bilingual } from './random';
import { DEMO_IMAGES, FACULTIES, PARTNERS, PLACES, TOPICS, type Faculty, type Topic } from './vocabulary';

export const EVENT_COUNT = 130;
/** The seed's open day, shown on the application page. */
export const OPEN_DAY_EVENT_ID = 1;

type Template = (topic: Topic, faculty: Faculty) => Bilingual;

const EVENT_TITLES: Template[] = [
  (t) => ({ ru: `Открытая лекция «${capitalise(t.ruNom)}: вызовы и возможности»`, en: `Public lecture: ${t.en}, challenges and opportunities` }),
  (t) => ({ ru: `Хакатон по направлению «${t.ruNom}»`, en: `${capitalise(t.en)} hackathon` }),
  (t) => ({ ru: `Научный семинар: ${t.ruNom}`, en: `Research seminar: ${t.en}` }),
  (t) => ({ ru: `Конференция молодых учёных «${capitalise(t.ruNom)}»`, en: `Young scientists' conference on ${t.en}` }),
  (t) => ({ ru: `Мастер-класс: ${t.ruNom} на практике`, en: `Workshop: ${t.en} in practice` }),
  (_t, f) => ({ ru: `Карьерный день для студентов ${f.ruGen}`, en: `Career day for ${f.en} students` }),
  () => ({ ru: 'Концерт студенческого оркестра', en: 'Student orchestra concert' }),
  () => ({ ru: 'Турнир по шахматам среди студентов и сотрудников', en: 'Chess tournament for students and staff' }),
  (_t, f) => ({ ru: `Экскурсия по лабораториям: ${f.ruNom}`, en: `Laboratory tour: ${f.en}` }),
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
  for (let id = 1; id <= EVENT_COUNT; id += 1) {
    // The first three are today; the open day is two weeks ahead; the rest spread over the other days.
    const slot = id === OPEN_DAY_EVENT_ID ? days.find((entry) => entry.offset === 14) ?? days[0]! : id <= 4 ? days.find((entry) => entry.offset === 0)! : random.pick(days);
    const topic = random.pick(TOPICS);
    const faculty = random.pick(FACULTIES);
    const title =
      id === OPEN_DAY_EVENT_ID
        ? { ru: 'День открытых дверей университета', en: 'University open day' }
        : random.pick(EVENT_TITLES)(topic, faculty);
    const startHour = random.int(10, 18);
    const lengthDays = id % 13 === 0 ? 2 : 0;
    const startsAt = `${slot.day}T${time(startHour)}`;
    const endsAt = `${addDays(slot.day, lengthDays)}T${time(Math.min(startHour + 2, 21), 30)}`;
    const place = random.pick(PLACES);
    const coOrganizers = random.sample(PARTNERS, id % 3 === 0 ? 2 : id % 3 === 1 ? 1 : 0);
    const isPaid = id % 7 === 0;
    const applicationType = id === OPEN_DAY_EVENT_ID ? 'form' : id % 5 === 0 ? 'link' : id % 5 === 1 ? 'form' : 'none';
    const application =
      applicationType === 'link'
        ? { type: 'link' as const, url: `https://registration.stu.example/events/${id}` }
        : applicationType === 'form'
          ? { type: 'form' as const, url: `/apply?eventId=${id}` }
          : { type: 'none' as const };
    const imageName = id % 6 === 2 ? null : random.pick(DEMO_IMAGES);
    const shared = {
      id,
      link: `/events/${id}`,
      startsAt,
      endsAt,
      isRecommended: id === OPEN_DAY_EVENT_ID || id % 5 === 2,
      promotion: { from: addDays(slot.day, -14), to: slot.day },
      isPaid,
      application,
      categories: [topic.id],
    };
    const make = (locale: 'ru' | 'en'): EventRecord => ({
      ...shared,
      title: title[locale],
      place: place[locale],
      lead:
        locale === 'ru'
          ? `${title.ru}. Приглашаем студентов, сотрудников и всех, кому интересна наука.`
          : `${title.en}. Students, staff and everyone curious about science are welcome.`,
      body:
        locale === 'ru'
          ? `<p>${title.ru}. Организатор — ${faculty.ruNom}.</p><p>Место проведения: ${place.ru}. ${isPaid ? 'Участие платное.' : 'Вход свободный по предварительной регистрации.'}</p>`
          : `<p>${title.en}. Organised by the ${faculty.en}.</p><p>Venue: ${place.en}. ${isPaid ? 'Participation is paid.' : 'Free admission with prior registration.'}</p>`,
      organizer: locale === 'ru' ? faculty.ruNom : faculty.en,
      coOrganizers: coOrganizers.map((partner) => partner[locale]),
      ...(isPaid ? { price: locale === 'ru' ? '1 500 ₽' : 'RUB 1,500' } : {}),
      image: imageName ? { url: `/media/images/${imageName}`, alt: title[locale], width: 1280, height: 853 } : null,
    });
    events.push({ ru: make('ru'), en: make('en') });
  }
  return events;
}
