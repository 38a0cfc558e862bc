import { Type } from '@sinclair/typebox';
import type { PersonRecord, VacancyRecord } from '../content/records';
import { addDays } from '../content/calendar';
import { coursesSeed } from './education-seed';
import { SeededRandom, russianPlural, type Bilingual } from './random';
import { BilingualSchema, Strict, readSeedData } from './seed-data';
import { TOPIC_FACTS } from './story-facts';
import { EMAIL_DOMAIN, FACULTIES, POSITIONS, TOPICS, personName, type Faculty, type Topic } from './vocabulary';

/** A post a centre hires for: its title, the work and what it asks for, as a real posting would name them. */
const VacancyKindSchema = Strict({ title: BilingualSchema, duties: BilingualSchema, requirements: BilingualSchema });

/** `data/people.json`: the years staff joined in, the vacancy centres and what each one hires for. */
const PEOPLE = readSeedData(
  'people.json',
  Strict({
    since: Type.Array(Type.Integer({ minimum: 1956 }), { minItems: 1 }),
    centres: Type.Array(Strict({ id: Type.String(), title: BilingualSchema, vacancies: Type.Boolean() })),
    centreVacancies: Type.Record(Type.String(), Type.Array(VacancyKindSchema, { minItems: 1 })),
  }),
);

const PEOPLE_COUNT = 160;
const VACANCY_COUNT = 34;

function emailOf(englishName: string, id: number): string {
  const [first = 'x', last = 'x'] = englishName.toLowerCase().split(' ');
  return `${first.charAt(0)}.${last}${id > 20 ? id : ''}@${EMAIL_DOMAIN}`;
}

/** A member of staff as stories quote them: name, position and faculty in both languages. */
export interface StaffMember {
  id: number;
  name: Bilingual;
  position: Bilingual;
  female: boolean;
  faculty: Faculty;
  topic: Topic;
}

/** The research direction of a person: one of the topics their faculty works on, fixed by their id. */
function topicOf(faculty: Faculty, id: number): Topic {
  const topics = TOPICS.filter((topic) => TOPIC_FACTS[topic.id]!.faculties.includes(faculty.id));
  return topics[id % topics.length] ?? TOPICS[id % TOPICS.length]!;
}

/** The university's staff, the same people the directory lists (positions drawn from the same seeded sequence). */
export function staffList(): StaffMember[] {
  const random = new SeededRandom(1958);
  const staff: StaffMember[] = [];
  for (let id = 1; id <= PEOPLE_COUNT; id += 1) {
    const name = personName(id - 1);
    const faculty = FACULTIES[(id - 1) % FACULTIES.length]!;
    const position = random.pick(POSITIONS);
    staff.push({
      id,
      name,
      female: name.female,
      faculty,
      topic: topicOf(faculty, id),
      position: { ru: (name.female ? position.ruFemale : undefined) ?? position.ru, en: position.en },
    });
  }
  return staff;
}

/** «доцент факультета математики» / "Associate Professor at the Faculty of Mathematics". */
export function roleOf(person: StaffMember): Bilingual {
  return { ru: `${person.position.ru.toLowerCase()} ${person.faculty.ruGen}`, en: `${person.position.en} at the ${person.faculty.en}` };
}

const SINCE = PEOPLE.since;

export function peopleSeed(): Bilingual<PersonRecord>[] {
  const courses = coursesSeed();
  return staffList().map((person) => {
    const { id, name, faculty, topic } = person;
    const facts = TOPIC_FACTS[topic.id]!;
    const ownCourses = courses.filter((entry) => entry.en.topicIds.includes(topic.id));
    const course = ownCourses[id % ownCourses.length] ?? courses[id % courses.length]!;
    const since = SINCE[id % SINCE.length]!;
    const students = 1 + (id % 6);
    const photo = id % 4 === 0 ? null : { url: `/media/images/${person.female ? 'portrait-woman' : 'portrait-man'}-${1 + (id % 3)}.jpg` };
    const shared = { id, link: `/people?department=${faculty.id}#person-${id}`, departmentId: faculty.id, email: emailOf(name.en, id) };
    const supervises = person.position.en.includes('Assistant') ? null : students;
    const ruBio = [
      `${person.position.ru}, ${faculty.ruNom.toLowerCase()}. Работает в направлении «${topic.ruNom}» (${facts.lab.ru.charAt(0).toLowerCase()}${facts.lab.ru.slice(1)}).`,
      `В университете с ${since} года; ведёт курс «${course.ru.title}».`,
      supervises
        ? `Научный руководитель ${supervises} ${russianPlural(supervises, 'аспиранта', 'аспирантов', 'аспирантов')}.`
        : 'Ведёт практические занятия у студентов младших курсов.',
    ].join(' ');
    const enBio = [
      `${person.position.en}, ${faculty.en}. Works in ${topic.en} at the ${facts.lab.en}.`,
      `At the university since ${since}; teaches ${course.en.title}.`,
      supervises ? `Supervises ${supervises} PhD ${supervises === 1 ? 'student' : 'students'}.` : 'Runs practical classes for first- and second-year students.',
    ].join(' ');
    return {
      ru: { ...shared, name: name.ru, position: person.position.ru, department: faculty.ruNom, photo: photo ? { ...photo, alt: name.ru } : null, bio: ruBio },
      en: { ...shared, name: name.en, position: person.position.en, department: faculty.en, photo: photo ? { ...photo, alt: name.en } : null, bio: enBio },
    };
  });
}

/** Centres in display order; the sports centre deliberately has no vacancies. */
export const VACANCY_CENTRES = PEOPLE.centres.map(({ id, title, vacancies }) => ({ id, ...title, vacancies }));

/** What each centre hires for, with the work and the requirements a real posting would name. */
const CENTRE_VACANCIES = PEOPLE.centreVacancies;

export function vacanciesSeed(referenceDate: string): Bilingual<VacancyRecord>[] {
  const random = new SeededRandom(1959);
  const centres = VACANCY_CENTRES.filter((centre) => centre.vacancies);
  const vacancies: Bilingual<VacancyRecord>[] = [];
  for (let id = 1; id <= VACANCY_COUNT; id += 1) {
    const centre = centres[(id - 1) % centres.length]!;
    const kinds = CENTRE_VACANCIES[centre.id]!;
    const round = Math.floor((id - 1) / centres.length);
    const kind = kinds[round % kinds.length]!;
    // The same post opened again in a later round is a second position in another team.
    const team = Math.floor(round / kinds.length);
    const ordinal = [
      { ru: 'вторая', en: 'second' },
      { ru: 'третья', en: 'third' },
    ][team - 1] ?? { ru: 'ещё одна', en: 'another' };
    const title = team === 0 ? kind.title : { ru: `${kind.title.ru} (${ordinal.ru} ставка)`, en: `${kind.title.en} (${ordinal.en} post)` };
    const salary = random.int(8, 25) * 10_000;
    const fullTime = id % 4 !== 0;
    const shared = { id, centreId: centre.id, publishedAt: addDays(referenceDate, -random.int(0, 60)) };
    vacancies.push({
      ru: {
        ...shared,
        title: title.ru,
        centre: centre.ru,
        employment: fullTime ? 'Полная занятость' : 'Частичная занятость',
        salary: `от ${salary.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`,
        description: `Обязанности: ${kind.duties.ru}. Требования: ${kind.requirements.ru}.`,
      },
      en: {
        ...shared,
        title: title.en,
        centre: centre.en,
        employment: fullTime ? 'Full time' : 'Part time',
        salary: `from RUB ${salary.toLocaleString('en-US')}`,
        description: `The work: ${kind.duties.en}. We ask for ${kind.requirements.en}.`,
      },
    });
  }
  return vacancies;
}
