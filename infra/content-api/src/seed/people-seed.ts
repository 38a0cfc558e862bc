import type { PersonRecord, VacancyRecord } from '../content/records';
import { addDays } from '../content/calendar';
import { coursesSeed } from './education-seed';
import { SeededRandom, russianPlural, type Bilingual } from './random';
import { TOPIC_FACTS } from './story-facts';
import { EMAIL_DOMAIN, FACULTIES, POSITIONS, TOPICS, personName, type Faculty, type Topic } from './vocabulary';

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

const SINCE = [1994, 1999, 2003, 2007, 2009, 2012, 2014, 2016, 2018, 2020, 2021, 2022];

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
export const VACANCY_CENTRES: { id: string; ru: string; en: string; vacancies: boolean }[] = [
  { id: 'quantum-centre', ru: 'Центр квантовых технологий', en: 'Quantum Technologies Centre', vacancies: true },
  { id: 'engineering-centre', ru: 'Инжиниринговый центр', en: 'Engineering Centre', vacancies: true },
  { id: 'it-department', ru: 'Управление информационных технологий', en: 'IT Department', vacancies: true },
  { id: 'library', ru: 'Научная библиотека', en: 'Research Library', vacancies: true },
  { id: 'admissions', ru: 'Приёмная комиссия', en: 'Admissions Office', vacancies: true },
  { id: 'career-centre', ru: 'Центр карьеры', en: 'Career Centre', vacancies: true },
  { id: 'sports-centre', ru: 'Спортивный центр', en: 'Sports Centre', vacancies: false },
];

interface VacancyKind {
  title: Bilingual;
  duties: Bilingual;
  requirements: Bilingual;
}

/** What each centre hires for, with the work and the requirements a real posting would name. */
const CENTRE_VACANCIES: Record<string, VacancyKind[]> = {
  'quantum-centre': [
    {
      title: { ru: 'Научный сотрудник', en: 'Research Fellow' },
      duties: {
        ru: 'измерения сверхпроводящих кубитов в криостате, обработка данных, подготовка статей',
        en: 'measuring superconducting qubits in the cryostat, analysing data, writing papers',
      },
      requirements: {
        ru: 'степень кандидата физико-математических наук, опыт работы с СВЧ-техникой',
        en: 'a PhD in physics, experience with microwave equipment',
      },
    },
    {
      title: { ru: 'Инженер-исследователь', en: 'Research Engineer' },
      duties: { ru: 'сборка и настройка криогенных линий, поддержка экспериментов', en: 'assembling and tuning cryogenic lines, supporting experiments' },
      requirements: { ru: 'высшее техническое образование, аккуратность в работе с оборудованием', en: 'an engineering degree, care with delicate equipment' },
    },
    {
      title: { ru: 'Программист систем управления экспериментом', en: 'Experiment Control Software Developer' },
      duties: { ru: 'разработка ПО на Python для управления приборами и сбора данных', en: 'Python software for instrument control and data acquisition' },
      requirements: { ru: 'опыт разработки на Python от двух лет, знание основ физики', en: 'two years of Python, a grounding in physics' },
    },
  ],
  'engineering-centre': [
    {
      title: { ru: 'Инженер-конструктор', en: 'Design Engineer' },
      duties: { ru: 'проектирование узлов роботов и испытательных стендов в КОМПАС-3D', en: 'designing robot assemblies and test rigs in CAD' },
      requirements: { ru: 'высшее инженерное образование, портфолио проектов', en: 'an engineering degree and a portfolio' },
    },
    {
      title: { ru: 'Инженер-электроник', en: 'Electronics Engineer' },
      duties: { ru: 'разработка печатных плат и прошивок для микроконтроллеров', en: 'PCB design and microcontroller firmware' },
      requirements: { ru: 'опыт работы с Altium или KiCad, знание C', en: 'Altium or KiCad, C programming' },
    },
    {
      title: { ru: 'Мастер участка станков с ЧПУ', en: 'CNC Workshop Supervisor' },
      duties: { ru: 'обслуживание станков, обучение студентов технике безопасности', en: 'maintaining the machines and teaching students workshop safety' },
      requirements: { ru: 'среднее профессиональное образование, опыт от трёх лет', en: 'a vocational qualification and three years of experience' },
    },
  ],
  'it-department': [
    {
      title: { ru: 'Системный администратор', en: 'Systems Administrator' },
      duties: { ru: 'поддержка серверов Linux, резервное копирование, помощь сотрудникам', en: 'running Linux servers and backups, helping staff' },
      requirements: { ru: 'уверенное знание Linux и сетей, готовность к дежурствам', en: 'solid Linux and networking, on-call availability' },
    },
    {
      title: { ru: 'Ведущий программист', en: 'Lead Software Developer' },
      duties: { ru: 'развитие личного кабинета студента и сайта университета', en: 'developing the student portal and the university website' },
      requirements: { ru: 'TypeScript и React от трёх лет, опыт ревью кода', en: 'three years of TypeScript and React, code review experience' },
    },
    {
      title: { ru: 'Специалист службы поддержки', en: 'IT Support Specialist' },
      duties: { ru: 'помощь студентам и преподавателям с учётными записями и Wi-Fi', en: 'helping students and teachers with accounts and Wi-Fi' },
      requirements: { ru: 'вежливость, опыт работы с Windows и macOS', en: 'patience, Windows and macOS experience' },
    },
  ],
  library: [
    {
      title: { ru: 'Библиограф', en: 'Bibliographer' },
      duties: { ru: 'консультации по поиску литературы, учёт публикаций сотрудников', en: 'literature search advice, keeping the staff publication register' },
      requirements: { ru: 'высшее образование, знание Scopus и eLibrary', en: 'a degree, familiarity with Scopus and eLibrary' },
    },
    {
      title: { ru: 'Специалист по оцифровке фондов', en: 'Digitisation Specialist' },
      duties: { ru: 'сканирование редких изданий и подготовка метаданных', en: 'scanning rare editions and preparing metadata' },
      requirements: { ru: 'аккуратность, опыт работы со сканерами книг', en: 'care and experience with book scanners' },
    },
  ],
  admissions: [
    {
      title: { ru: 'Специалист приёмной комиссии', en: 'Admissions Officer' },
      duties: { ru: 'консультации поступающих, проверка документов', en: 'advising applicants and checking documents' },
      requirements: { ru: 'внимательность, опыт работы с людьми', en: 'attention to detail, experience with the public' },
    },
    {
      title: { ru: 'Менеджер по работе с иностранными абитуриентами', en: 'International Admissions Manager' },
      duties: { ru: 'переписка с иностранными абитуриентами, визовая поддержка', en: 'corresponding with international applicants, visa support' },
      requirements: { ru: 'английский язык не ниже B2', en: 'English at B2 or above' },
    },
  ],
  'career-centre': [
    {
      title: { ru: 'Карьерный консультант', en: 'Careers Adviser' },
      duties: { ru: 'консультации студентов, разбор резюме, подготовка к собеседованиям', en: 'advising students, reviewing CVs, interview practice' },
      requirements: { ru: 'опыт в подборе персонала или HR от двух лет', en: 'two years in recruitment or HR' },
    },
    {
      title: { ru: 'Менеджер по работе с партнёрами', en: 'Partnerships Manager' },
      duties: {
        ru: 'поиск стажировок у индустриальных партнёров, организация ярмарок вакансий',
        en: 'finding internships with industry partners, running job fairs',
      },
      requirements: { ru: 'опыт продаж или партнёрских проектов', en: 'a background in sales or partnerships' },
    },
  ],
};

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
