/** The demo university's vocabulary, in both languages, with the Russian case forms the templates need. */

/** A research topic; its names go into phrases such as "joint {en} research", so they do not say "research" themselves. */
export interface Topic {
  id: string;
  ruNom: string;
  ruGen: string;
  en: string;
}

export const TOPICS: Topic[] = [
  { id: 'ai', ruNom: 'искусственный интеллект', ruGen: 'искусственного интеллекта', en: 'artificial intelligence' },
  { id: 'quantum', ruNom: 'квантовые вычисления', ruGen: 'квантовых вычислений', en: 'quantum computing' },
  { id: 'materials', ruNom: 'материаловедение', ruGen: 'материаловедения', en: 'materials science' },
  { id: 'robotics', ruNom: 'робототехника', ruGen: 'робототехники', en: 'robotics' },
  { id: 'bioengineering', ruNom: 'биоинженерия', ruGen: 'биоинженерии', en: 'bioengineering' },
  { id: 'energy', ruNom: 'энергетика будущего', ruGen: 'энергетики будущего', en: 'future energy' },
  { id: 'data', ruNom: 'анализ данных', ruGen: 'анализа данных', en: 'data analysis' },
  { id: 'space', ruNom: 'космические технологии', ruGen: 'космических технологий', en: 'space technology' },
  { id: 'photonics', ruNom: 'фотоника', ruGen: 'фотоники', en: 'photonics' },
  { id: 'climate', ruNom: 'климатология', ruGen: 'климатологии', en: 'climate science' },
  { id: 'security', ruNom: 'кибербезопасность', ruGen: 'кибербезопасности', en: 'cybersecurity' },
  { id: 'nano', ruNom: 'нанотехнологии', ruGen: 'нанотехнологий', en: 'nanotechnology' },
];

export interface Faculty {
  id: string;
  ruNom: string;
  /** With its preposition: «на физическом факультете», «в Институте энергетики». */
  ruPrep: string;
  ruGen: string;
  en: string;
}

export const FACULTIES: Faculty[] = [
  { id: 'physics', ruNom: 'Физический факультет', ruPrep: 'на физическом факультете', ruGen: 'физического факультета', en: 'Faculty of Physics' },
  {
    id: 'computer-science',
    ruNom: 'Факультет компьютерных наук',
    ruPrep: 'на факультете компьютерных наук',
    ruGen: 'факультета компьютерных наук',
    en: 'Faculty of Computer Science',
  },
  { id: 'chemistry', ruNom: 'Химический факультет', ruPrep: 'на химическом факультете', ruGen: 'химического факультета', en: 'Faculty of Chemistry' },
  { id: 'engineering', ruNom: 'Инженерная школа', ruPrep: 'в Инженерной школе', ruGen: 'Инженерной школы', en: 'School of Engineering' },
  { id: 'biotech', ruNom: 'Институт биотехнологий', ruPrep: 'в Институте биотехнологий', ruGen: 'Института биотехнологий', en: 'Institute of Biotechnology' },
  { id: 'mathematics', ruNom: 'Факультет математики', ruPrep: 'на факультете математики', ruGen: 'факультета математики', en: 'Faculty of Mathematics' },
  { id: 'energy', ruNom: 'Институт энергетики', ruPrep: 'в Институте энергетики', ruGen: 'Института энергетики', en: 'Institute of Energy' },
  {
    id: 'entrepreneurship',
    ruNom: 'Школа технологического предпринимательства',
    ruPrep: 'в Школе технологического предпринимательства',
    ruGen: 'Школы технологического предпринимательства',
    en: 'School of Technology Entrepreneurship',
  },
];

export const PLACES = [
  { ru: 'Главный корпус, актовый зал', en: 'Main Building, Assembly Hall' },
  { ru: 'Лабораторный корпус, ауд. 204', en: 'Laboratory Building, room 204' },
  { ru: 'Научная библиотека, читальный зал', en: 'Research Library, reading room' },
  { ru: 'Технопарк, коворкинг', en: 'Technopark, coworking space' },
  { ru: 'Спортивный комплекс', en: 'Sports Centre' },
  { ru: 'Онлайн', en: 'Online' },
  { ru: 'Корпус «Б», конференц-зал', en: 'Building B, conference hall' },
];

export const PARTNERS = [
  { ru: 'Российская академия наук', en: 'Russian Academy of Sciences' },
  { ru: 'Технопарк «Сколково»', en: 'Skolkovo Technopark' },
  { ru: 'Фонд развития инноваций', en: 'Innovation Development Foundation' },
  { ru: 'Студенческий совет', en: 'Student Council' },
  { ru: 'Ассоциация выпускников', en: 'Alumni Association' },
  { ru: 'Городской научный музей', en: 'City Science Museum' },
];

export interface PersonName {
  ru: string;
  en: string;
  female: boolean;
}

const MALE_FIRST = [
  ['Алексей', 'Alexey', 'Алексеевич'],
  ['Дмитрий', 'Dmitry', 'Дмитриевич'],
  ['Иван', 'Ivan', 'Иванович'],
  ['Сергей', 'Sergey', 'Сергеевич'],
  ['Андрей', 'Andrey', 'Андреевич'],
  ['Михаил', 'Mikhail', 'Михайлович'],
  ['Николай', 'Nikolay', 'Николаевич'],
  ['Павел', 'Pavel', 'Павлович'],
  ['Артём', 'Artyom', 'Артёмович'],
  ['Егор', 'Egor', 'Егорович'],
] as const;
const FEMALE_FIRST = [
  ['Анна', 'Anna'],
  ['Мария', 'Maria'],
  ['Елена', 'Elena'],
  ['Ольга', 'Olga'],
  ['Наталья', 'Natalya'],
  ['Татьяна', 'Tatyana'],
  ['Екатерина', 'Ekaterina'],
  ['Юлия', 'Yulia'],
  ['Ирина', 'Irina'],
  ['Алёна', 'Alyona'],
] as const;
const PATRONYMIC_ROOTS = [
  ['Александров', 'Alexandrov'],
  ['Викторов', 'Viktorov'],
  ['Петров', 'Petrov'],
  ['Олегов', 'Olegov'],
  ['Борисов', 'Borisov'],
] as const;
const SURNAMES = [
  ['Иванов', 'Ivanov'],
  ['Смирнов', 'Smirnov'],
  ['Кузнецов', 'Kuznetsov'],
  ['Попов', 'Popov'],
  ['Соколов', 'Sokolov'],
  ['Лебедев', 'Lebedev'],
  ['Козлов', 'Kozlov'],
  ['Новиков', 'Novikov'],
  ['Морозов', 'Morozov'],
  ['Петров', 'Petrov'],
  ['Волков', 'Volkov'],
  ['Соловьёв', 'Solovyov'],
  ['Васильев', 'Vasilyev'],
  ['Зайцев', 'Zaytsev'],
  ['Павлов', 'Pavlov'],
  ['Семёнов', 'Semyonov'],
  ['Голубев', 'Golubev'],
  ['Виноградов', 'Vinogradov'],
  ['Богданов', 'Bogdanov'],
  ['Воробьёв', 'Vorobyov'],
] as const;

/** The n-th distinct person name (n < 400): surname × first name, alternating men and women. */
export function personName(index: number): PersonName {
  const female = index % 2 === 1;
  const [surnameRu, surnameEn] = SURNAMES[index % SURNAMES.length]!;
  const firstIndex = Math.floor(index / SURNAMES.length) % 10;
  const [patronymicRoot] = PATRONYMIC_ROOTS[(index * 7) % PATRONYMIC_ROOTS.length]!;
  if (female) {
    const [firstRu, firstEn] = FEMALE_FIRST[firstIndex]!;
    return { ru: `${surnameRu}а ${firstRu} ${patronymicRoot}на`, en: `${firstEn} ${surnameEn}a`, female };
  }
  const [firstRu, firstEn] = MALE_FIRST[firstIndex]!;
  return { ru: `${surnameRu} ${firstRu} ${patronymicRoot}ич`, en: `${firstEn} ${surnameEn}`, female };
}

export const POSITIONS = [
  { ru: 'Профессор', en: 'Professor' },
  { ru: 'Доцент', en: 'Associate Professor' },
  { ru: 'Старший преподаватель', en: 'Senior Lecturer' },
  { ru: 'Научный сотрудник', en: 'Research Fellow' },
  { ru: 'Ведущий научный сотрудник', en: 'Leading Research Fellow' },
  { ru: 'Ассистент', en: 'Teaching Assistant' },
  { ru: 'Заведующий кафедрой', en: 'Head of Department', ruFemale: 'Заведующая кафедрой' },
] as const;

/** The shipped demo pictures under assets/images, served as /media/images/<name>. */
export const DEMO_IMAGES = ['campus-main.jpg', 'laboratory.jpg', 'library.jpg', 'lecture-hall.jpg', 'aerial-campus.jpg', 'robotics-lab.jpg'];
export const PLACEHOLDER_IMAGE = '/media/images/placeholder.jpg';

export const SITE_NAME = { ru: 'Научно-технологический университет', en: 'University of Science and Technology' };
/** The university's short name: one per locale, wherever the seed names it. */
export const SHORT_NAME = { ru: 'НТУ', en: 'UST' };
export const EMAIL_DOMAIN = 'stu.example';
