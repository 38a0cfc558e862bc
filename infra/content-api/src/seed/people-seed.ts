import type { PersonRecord, VacancyRecord } from '../content/records';
import { addDays } from '../content/calendar';
import { SeededRandom, type Bilingual } from './random';
import { DEMO_IMAGES, EMAIL_DOMAIN, FACULTIES, POSITIONS, personName } from './vocabulary';

export const PEOPLE_COUNT = 160;
export const VACANCY_COUNT = 34;

function emailOf(englishName: string, id: number): string {
  const [first = 'x', last = 'x'] = englishName.toLowerCase().split(' ');
  return `${first.charAt(0)}.${last}${id > 20 ? id : ''}@${EMAIL_DOMAIN}`;
}

export function peopleSeed(): Bilingual<PersonRecord>[] {
  const random = new SeededRandom(1958);
  const people: Bilingual<PersonRecord>[] = [];
  for (let id = 1; id <= PEOPLE_COUNT; id += 1) {
    const name = personName(id - 1);
    const faculty = FACULTIES[(id - 1) % FACULTIES.length]!;
    const position = random.pick(POSITIONS);
    const photo = id % 4 === 0 ? null : { url: `/media/images/${random.pick(DEMO_IMAGES)}`, alt: name.en };
    const shared = { id, link: `/people?department=${faculty.id}#person-${id}`, departmentId: faculty.id, email: emailOf(name.en, id) };
    const ruPosition = name.female && 'ruFemale' in position ? position.ruFemale : position.ru;
    people.push({
      ru: { ...shared, name: name.ru, position: ruPosition, department: faculty.ruNom, photo: photo ? { ...photo, alt: name.ru } : null, bio: `${ruPosition}, ${faculty.ruNom.toLowerCase()}. Ведёт занятия у студентов бакалавриата и магистратуры.` },
      en: { ...shared, name: name.en, position: position.en, department: faculty.en, photo, bio: `${position.en}, ${faculty.en}. Teaches bachelor's and master's students.` },
    });
  }
  return people;
}

/** Centres in display order; the sports centre deliberately has no vacancies. */
export const VACANCY_CENTRES: { id: string; ru: string; en: string; vacancies: boolean }[] = [
  { id: 'quantum-centre', ru: 'Центр квантовых технологий', en: 'Quantum Technologies Centre', vacancies: true },
  { id: 'engineering-centre', ru: 'Инжиниринговый центр', en: 'Engineering Centre', vacancies: true },
  { id: 'it-department', ru: 'Управление информационных технологий', en: 'IT Department', vacancies: true },
  { id: 'library', ru: 'Научная библиотека', en: 'Research Library', vacancies: true },
  { id: 'admissions', ru: 'Приёмная комиссия', en: 'Admissions Office', vacancies: true },
  { id: 'career-centre', ru: 'Центр карьеры', en: 'Career Centre', vacancies: true },
  { id: 'sports-centre', ru: 'Спортивный центр', en: 'Sports Centre', vacancies: false },
];

const VACANCY_TITLES: Bilingual[] = [
  { ru: 'Научный сотрудник', en: 'Research Fellow' },
  { ru: 'Инженер-исследователь', en: 'Research Engineer' },
  { ru: 'Ведущий программист', en: 'Lead Software Developer' },
  { ru: 'Системный администратор', en: 'Systems Administrator' },
  { ru: 'Библиограф', en: 'Bibliographer' },
  { ru: 'Специалист по работе со студентами', en: 'Student Services Officer' },
  { ru: 'Лаборант', en: 'Laboratory Assistant' },
  { ru: 'Менеджер проектов', en: 'Project Manager' },
];

export function vacanciesSeed(referenceDate: string): Bilingual<VacancyRecord>[] {
  const random = new SeededRandom(1959);
  const centres = VACANCY_CENTRES.filter((centre) => centre.vacancies);
  const vacancies: Bilingual<VacancyRecord>[] = [];
  for (let id = 1; id <= VACANCY_COUNT; id += 1) {
    const centre = centres[(id - 1) % centres.length]!;
    const title = random.pick(VACANCY_TITLES);
    const salary = random.int(8, 25) * 10_000;
    const fullTime = id % 4 !== 0;
    const shared = { id, centreId: centre.id, publishedAt: addDays(referenceDate, -random.int(0, 60)) };
    vacancies.push({
      ru: { ...shared, title: title.ru, centre: centre.ru, employment: fullTime ? 'Полная занятость' : 'Частичная занятость', salary: `от ${salary.toLocaleString('ru-RU').replace(/\u00a0/g, ' ')} ₽`, description: `${centre.ru} ищет сотрудника на позицию «${title.ru}». Опыт работы от 1 года, готовность работать со студентами.` },
      en: { ...shared, title: title.en, centre: centre.en, employment: fullTime ? 'Full time' : 'Part time', salary: `from RUB ${salary.toLocaleString('en-US')}`, description: `The ${centre.en} is looking for a ${title.en}. At least one year of experience; willingness to work with students.` },
    });
  }
  return vacancies;
}
