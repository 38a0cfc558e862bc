import type { NewsType } from '@site/contracts';
import { addDays } from '../content/calendar';
import type { NewsRecord, OfficeRecord } from '../content/records';
import { SeededRandom, type Bilingual } from './random';
import { capitalise } from './layout-seed';
import { DEMO_IMAGES, FACULTIES, SHORT_NAME, TOPICS, type Faculty, type Topic } from './vocabulary';

export const NEWS_COUNT = 320;

type Template = (topic: Topic, faculty: Faculty) => Bilingual;

const NEWS_TITLES: Template[] = [
  (t, f) => ({ ru: `${capitalise(f.ruPrep)} открылась лаборатория ${t.ruGen}`, en: `${f.en} opens a new ${t.en} laboratory` }),
  (t, f) => ({ ru: `Учёные ${f.ruGen} представили результаты исследований в области ${t.ruGen}`, en: `${f.en} researchers present new results in ${t.en}` }),
  (t, f) => ({ ru: `Студенты ${f.ruGen} победили в международной олимпиаде по направлению «${t.ruNom}»`, en: `${f.en} students win an international olympiad in ${t.en}` }),
  (t) => ({ ru: `Стартовал приём заявок на летнюю школу «${capitalise(t.ruNom)}»`, en: `Applications open for the summer school on ${t.en}` }),
  (t, f) => ({ ru: `Команда ${f.ruGen} получила грант на исследования ${t.ruGen}`, en: `${f.en} team wins a research grant in ${t.en}` }),
  (_t, f) => ({ ru: `Для студентов ${f.ruGen} открыт набор на стажировки в индустрии`, en: `Industry internships open for ${f.en} students` }),
  (t, f) => ({ ru: `Выпускники ${f.ruGen} рассказали о карьере в сфере «${t.ruNom}»`, en: `${f.en} graduates talk about careers in ${t.en}` }),
  (t) => ({ ru: `Университет и индустриальные партнёры запускают консорциум по направлению «${t.ruNom}»`, en: `The university and industry partners launch a ${t.en} consortium` }),
];

const MEDIA_TITLES: Template[] = [
  (t) => ({ ru: `Видео: как устроена лаборатория ${t.ruGen}`, en: `Video: inside the ${t.en} laboratory` }),
  (_t, f) => ({ ru: `Фоторепортаж: день науки ${f.ruPrep}`, en: `Photo story: science day at the ${f.en}` }),
  (t) => ({ ru: `Подкаст «Наука в деталях»: ${t.ruNom}`, en: `Science in Detail podcast: ${t.en}` }),
  (t, f) => ({ ru: `Интервью: профессор ${f.ruGen} о будущем ${t.ruGen}`, en: `Interview: a ${f.en} professor on the future of ${t.en}` }),
];

function body(random: SeededRandom, topic: Topic, faculty: Faculty, title: Bilingual): Bilingual & { lead: Bilingual } {
  const students = random.int(12, 240);
  const partners = random.int(2, 9);
  const lead = {
    ru: `${title.ru}. Рассказываем, что это значит для студентов и сотрудников университета.`,
    en: `${title.en}. Here is what it means for the university's students and staff.`,
  };
  return {
    lead,
    ru: [
      `<p>${lead.ru}</p>`,
      `<p>В работе над проектом участвовали ${students} студентов и аспирантов ${faculty.ruGen}, а также учёные из ${partners} партнёрских организаций. Направление «${t(topic.ruNom)}» остаётся одним из приоритетов программы развития университета.</p>`,
      `<p>«Мы хотим, чтобы каждый студент мог попробовать себя в настоящем исследовании», — отмечают организаторы. Подробности — на странице <a href="/research">научных направлений</a>.</p>`,
    ].join(''),
    en: [
      `<p>${lead.en}</p>`,
      `<p>${students} students and postgraduates of the ${faculty.en} worked on the project together with researchers from ${partners} partner organisations. ${capitalise(topic.en)} remains one of the priorities of the university's development programme.</p>`,
      `<p>"We want every student to be able to try real research," the organisers say. More on the <a href="/en/research">research areas</a> page.</p>`,
    ].join(''),
  };
}

const t = (text: string) => capitalise(text);

const CATEGORY_IDS = ['science', 'education', 'campus', 'international', 'innovation', 'sport-culture'];
const TARGET_IDS = ['applicants', 'students', 'staff', 'partners', 'alumni'];
const OFFICE_IDS = ['press-office', 'admissions', 'international-office', 'career-centre', 'research-office'];

/**
 * The news archive: newest first by id, spread back over about two years from the reference date.
 * Exactly two items are featured (first and second slot), as the featured section expects.
 */
export function newsSeed(referenceDate: string): Bilingual<NewsRecord>[] {
  const random = new SeededRandom(2026);
  const items: Bilingual<NewsRecord>[] = [];
  let dayOffset = 0;
  for (let id = 1; id <= NEWS_COUNT; id += 1) {
    const topic = random.pick(TOPICS);
    const faculty = random.pick(FACULTIES);
    const type: NewsType = id % 29 === 0 ? 'NotSet' : id % 4 === 3 ? 'Media' : 'News';
    const template = random.pick(type === 'Media' ? MEDIA_TITLES : NEWS_TITLES);
    const title = template(topic, faculty);
    const text = body(random, topic, faculty, title);
    const date = `${addDays(referenceDate, -dayOffset)}T${String(9 + (id % 9)).padStart(2, '0')}:${id % 2 ? '00' : '30'}:00+03:00`;
    dayOffset += random.int(0, 4);
    const featureSort = id === 1 ? 'First' : id === 2 ? 'Second' : 'NotSet';
    const imageName = id % 9 === 5 ? null : random.pick(DEMO_IMAGES);
    const officeId = id % 3 === 0 ? random.pick(OFFICE_IDS) : null;
    const shared = {
      id,
      date,
      type,
      isFeatured: featureSort !== 'NotSet',
      featureSort: featureSort as NewsRecord['featureSort'],
      categories: random.sample(CATEGORY_IDS, random.int(1, 2)),
      formats: [type === 'Media' ? random.pick(['photo', 'video', 'podcast', 'interview']) : random.pick(['article', 'announcement', 'interview'])],
      themes: [topic.id],
      targets: random.sample(TARGET_IDS, random.int(1, 2)),
      link: `/news/${id}`,
      officeId,
    };
    const image = (alt: string) => (imageName ? { url: `/media/images/${imageName}`, alt, width: 1280, height: 853 } : null);
    items.push({
      ru: { ...shared, title: title.ru, lead: text.lead.ru, body: text.ru, image: image(title.ru), author: `Пресс-служба ${SHORT_NAME.ru}` },
      en: { ...shared, title: title.en, lead: text.lead.en, body: text.en, image: image(title.en), author: `${SHORT_NAME.en} Press Office` },
    });
  }
  return items;
}

export function officesSeed(): Bilingual<OfficeRecord>[] {
  const offices: [string, Bilingual, Bilingual, string, string][] = [
    ['press-office', { ru: 'Пресс-служба', en: 'Press Office' }, { ru: 'Главный корпус, каб. 310', en: 'Main Building, room 310' }, 'press@stu.example', '+7 495 100-00-10'],
    ['admissions', { ru: 'Приёмная комиссия', en: 'Admissions Office' }, { ru: 'Главный корпус, 1 этаж', en: 'Main Building, ground floor' }, 'admission@stu.example', '+7 495 100-00-20'],
    ['international-office', { ru: 'Международный отдел', en: 'International Office' }, { ru: 'Корпус «Б», каб. 105', en: 'Building B, room 105' }, 'international@stu.example', '+7 495 100-00-30'],
    ['career-centre', { ru: 'Центр карьеры', en: 'Career Centre' }, { ru: 'Технопарк, 2 этаж', en: 'Technopark, first floor' }, 'career@stu.example', '+7 495 100-00-40'],
    ['research-office', { ru: 'Управление научной деятельности', en: 'Research Office' }, { ru: 'Лабораторный корпус, каб. 401', en: 'Laboratory Building, room 401' }, 'research@stu.example', '+7 495 100-00-50'],
  ];
  return offices.map(([id, title, location, email, phone], sort) => {
    const make = (locale: 'ru' | 'en'): OfficeRecord => ({
      id,
      slug: id,
      sort,
      title: title[locale],
      description: locale === 'ru' ? `${title.ru} университета: консультации, документы и справки.` : `The university's ${title.en}: advice, documents and certificates.`,
      workHoursTitle: locale === 'ru' ? 'Часы работы' : 'Opening hours',
      workHours: locale === 'ru' ? 'Пн–Чт 9:00–18:00, Пт 9:00–16:45' : 'Mon–Thu 9:00–18:00, Fri 9:00–16:45',
      vrMapUrl: `/media/images/aerial-campus.jpg`,
      contactsTitle: locale === 'ru' ? 'Контакты' : 'Contacts',
      contacts: [
        { label: locale === 'ru' ? 'Телефон' : 'Phone', value: phone, href: `tel:${phone.replace(/[^+0-9]/g, '')}` },
        { label: 'E-mail', value: email, href: `mailto:${email}` },
      ],
      campusLocationTitle: locale === 'ru' ? 'Где нас найти' : 'Where to find us',
      campusLocation: location[locale],
    });
    return { ru: make('ru'), en: make('en') };
  });
}
