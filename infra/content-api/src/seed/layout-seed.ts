import type { Locale, PostalAddress, Settings } from '@site/contracts';
import { ORGANIZATION } from './organization';
import { FACULTIES, PLACEHOLDER_IMAGE, SHORT_NAME, SITE_NAME, TOPICS } from './vocabulary';

type ByLocale<T> = Record<Locale, T>;

/**
 * The main campus's postal address: the university's (the one "Основные сведения" of /sveden shows), and the venue
 * of its events. In Russian in both locales: it is where the post goes.
 */
export const CAMPUS_ADDRESS: ByLocale<PostalAddress> = { ru: { ...ORGANIZATION.address }, en: { ...ORGANIZATION.address } };

export function settingsSeed(): ByLocale<Settings> {
  const make = (locale: Locale): Settings => ({
    siteName: SITE_NAME[locale],
    cookiesContent:
      locale === 'ru'
        ? 'Сайт использует файлы cookie, чтобы запоминать ваши настройки и собирать обезличенную статистику посещений.'
        : 'This site uses cookies to remember your settings and to collect anonymous visit statistics.',
    seo: {
      title: SITE_NAME[locale],
      titlePostfix: SITE_NAME[locale],
      description:
        locale === 'ru'
          ? 'Научно-технологический университет: образование, исследования и инновации с 1956 года.'
          : 'University of Science and Technology: education, research and innovation since 1956.',
      type: 'website',
      image: '/media/images/campus-main.jpg',
      htmlAttrs: { lang: locale },
      link: [
        { rel: 'icon', href: '/favicon.ico' },
        { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
      ],
      meta: [{ name: 'theme-color', content: '#2F312E' }],
    },
    imagePlaceholder: { id: 'placeholder', url: PLACEHOLDER_IMAGE },
    organization: {
      legalName: ORGANIZATION.legalName[locale],
      shortName: SHORT_NAME[locale],
      logo: '/icon-512.png',
      // The postal address is the one "Основные сведения" of /sveden shows (one data file for both), in Russian in
      // both locales: it is where the post goes.
      address: CAMPUS_ADDRESS[locale],
      telephone: ORGANIZATION.telephone,
      email: ORGANIZATION.email,
      foundingDate: '1956',
    },
  });
  return { ru: make('ru'), en: make('en') };
}

const NAV: ByLocale<{ label: string; href: string; children?: { label: string; href: string }[] }[]> = {
  ru: [
    {
      label: 'Университет',
      href: '/about',
      children: [
        { label: 'История', href: '/history' },
        { label: 'Люди', href: '/people' },
        { label: 'Вакансии', href: '/vacancies' },
        { label: 'Контакты', href: '/contacts' },
      ],
    },
    {
      label: 'Образование',
      href: '/education',
      children: [
        { label: 'Программы', href: '/programs' },
        { label: 'Курсы', href: '/courses' },
        { label: 'Поступление', href: '/apply' },
      ],
    },
    { label: 'Наука', href: '/research' },
    { label: 'Новости', href: '/news', children: [{ label: 'Медиа', href: '/media' }] },
    { label: 'События', href: '/events' },
    { label: 'Студенческая жизнь', href: '/dev/student-life' },
    { label: 'Поиск', href: '/search' },
  ],
  en: [
    {
      label: 'University',
      href: '/about',
      children: [
        { label: 'History', href: '/history' },
        { label: 'People', href: '/people' },
        { label: 'Vacancies', href: '/vacancies' },
        { label: 'Contacts', href: '/contacts' },
      ],
    },
    {
      label: 'Education',
      href: '/education',
      children: [
        { label: 'Programs', href: '/programs' },
        { label: 'Courses', href: '/courses' },
        { label: 'Admissions', href: '/apply' },
      ],
    },
    { label: 'Research', href: '/research' },
    { label: 'News', href: '/news', children: [{ label: 'Media', href: '/media' }] },
    { label: 'Events', href: '/events' },
    { label: 'Student life', href: '/dev/student-life' },
    { label: 'Search', href: '/search' },
  ],
};

const SCHEME_LABELS: ByLocale<Record<string, string>> = {
  ru: { gray: 'Серая', black: 'Чёрная', lime: 'Лаймовая', sepia: 'Сепия' },
  en: { gray: 'Gray', black: 'Black', lime: 'Lime', sepia: 'Sepia' },
};

/** Layout components by locale, in display order: each becomes its own key of the init data. */
export function layoutSeed(referenceDate: string): ByLocale<[string, unknown][]> {
  const year = referenceDate.slice(0, 4);
  const make = (locale: Locale): [string, unknown][] => {
    const ru = locale === 'ru';
    return [
      [
        'header',
        {
          title: SITE_NAME[locale],
          navMenu: NAV[locale],
          altColorScheme: (['gray', 'black', 'lime', 'sepia'] as const).map((name) => ({ name, label: SCHEME_LABELS[locale][name] })),
        },
      ],
      [
        'footer',
        {
          navigation: NAV[locale].map(({ label, href }) => ({ label, href })),
          fullName: ru
            ? 'Федеральное государственное автономное образовательное учреждение высшего образования «Научно-технологический университет»'
            : 'Federal State Autonomous Educational Institution of Higher Education "University of Science and Technology"',
          activeDate: ru ? `Сведения актуальны на ${referenceDate.split('-').reverse().join('.')}` : `Information current as of ${referenceDate}`,
          socials: [
            { label: ru ? 'ВКонтакте' : 'VK', href: 'https://vk.com/stu_example' },
            { label: 'Telegram', href: 'https://t.me/stu_example' },
            { label: 'YouTube', href: 'https://www.youtube.com/@stu_example' },
            { label: 'RuTube', href: 'https://rutube.ru/channel/stu_example' },
          ],
          info: [
            {
              text: ru ? 'Лицензия на образовательную деятельность № 2345 от 12.03.2016' : 'Education licence No. 2345 of 12 March 2016',
              label: ru ? 'Сведения об организации' : 'About the institution',
              href: '/sveden',
            },
            {
              text: ru ? 'Сделано в' : 'Made at',
              label: ru ? 'Студии цифровых проектов' : 'Digital Projects Studio',
              href: '/about',
              arrayMadeIn: [ru ? `Студия цифровых проектов ${SHORT_NAME.ru}` : `${SHORT_NAME.en} Digital Projects Studio`],
            },
          ],
          copyright: `© 1956–${year} ${SITE_NAME[locale]}`,
        },
      ],
      [
        'alerts',
        [
          {
            id: 'admission-2027',
            text: ru
              ? '<p>Открыт приём документов на <a href="/programs">программы магистратуры</a> 2027 года.</p>'
              : '<p>Applications are open for the 2027 <a href="/en/programs">master\'s programs</a>.</p>',
            link: { label: ru ? 'Подать заявку' : 'Apply now', href: '/apply' },
          },
          {
            id: 'library-hours',
            text: ru
              ? '<p>Научная библиотека работает <strong>круглосуточно</strong> в период сессии.<br>Вход по студенческому билету.</p>'
              : '<p>The research library is open <strong>around the clock</strong> during exams.<br>Entry with a student card.</p>',
            link: {},
          },
        ],
      ],
      [
        'cookies',
        {
          text: ru
            ? 'Мы используем файлы cookie, чтобы сайт работал удобнее. Продолжая работу с сайтом, вы соглашаетесь с их использованием.'
            : 'We use cookies to make the site work better. By continuing, you agree to their use.',
          link: { label: ru ? 'Политика обработки персональных данных' : 'Personal data policy', href: '/about#privacy' },
          btnLabel: ru ? 'Принять' : 'Accept',
        },
      ],
      [
        'notify',
        {
          text: ru ? 'День открытых дверей: приходите знакомиться с университетом!' : 'Open day: come and meet the university!',
          link: { label: ru ? 'Зарегистрироваться' : 'Register', href: '/apply' },
        },
      ],
      [
        'errorPage',
        ru
          ? {
              401: {
                message: 'Not Authorized',
                description: 'Чтобы открыть эту страницу, войдите в систему.',
                actions: [
                  { label: 'Авторизация', href: '/auth' },
                  { label: 'На главную', href: '/' },
                ],
              },
              403: { message: 'No access', description: 'У вас нет доступа к этой странице.', actions: [{ label: 'На главную', href: '/' }] },
              404: {
                message: 'Not Found',
                description: 'Такой страницы нет. Возможно, вы искали один из этих разделов:',
                actions: [
                  { label: 'На главную', href: '/' },
                  { label: 'Об университете', href: '/about' },
                  { label: 'Образование', href: '/education' },
                  { label: 'Наука', href: '/research' },
                ],
              },
              500: {
                message: 'Server Error',
                description: 'На сервере произошла ошибка. Мы уже разбираемся, попробуйте обновить страницу позже.',
                actions: [],
              },
            }
          : {
              401: {
                message: 'Not Authorized',
                description: 'Please log in to open this page.',
                actions: [
                  { label: 'Log in', href: '/auth' },
                  { label: 'Home', href: '/' },
                ],
              },
              403: { message: 'No access', description: 'You do not have access to this page.', actions: [{ label: 'Home', href: '/' }] },
              404: {
                message: 'Not Found',
                description: 'This page does not exist. Perhaps you were looking for one of these:',
                actions: [
                  { label: 'Home', href: '/' },
                  { label: 'About', href: '/about' },
                  { label: 'Education', href: '/education' },
                  { label: 'Research', href: '/research' },
                ],
              },
              500: { message: 'Server Error', description: 'Something went wrong on our server. We are on it; please try again later.', actions: [] },
            },
      ],
      [
        'accessibility',
        ru
          ? { title: 'Версия для слабовидящих', colorScheme: 'Цветовая схема', fontSize: 'Размер шрифта', reset: 'Обычная версия' }
          : { title: 'Accessibility options', colorScheme: 'Colour scheme', fontSize: 'Font size', reset: 'Standard version' },
      ],
    ];
  };
  return { ru: make('ru'), en: make('en') };
}

export const COLOR_SCHEMES_SEED = [
  { id: 'default', bg: '#2F312E', color: '#FDFFFC', text: '#FDFFFC', sort: 0 },
  { id: 'ocean', bg: '#0B3D91', color: '#FFFFFF', text: '#E6EEFF', sort: 1 },
  { id: 'lime', bg: '#B4E165', color: '#382819', text: '#382819', sort: 2 },
  { id: 'sand', bg: '#F6F3D9', color: '#4D4B44', text: '#4D4B44', sort: 3 },
];

export const REDIRECTS_SEED = [
  { from_path: '/old-news', to_path: '/news', status: 301 },
  { from_path: '/abitur', to_path: '/apply', status: 302 },
  { from_path: '/staff', to_path: '/people', status: 308 },
  { from_path: '/science', to_path: '/research', status: 301 },
];

type Term = { vocabulary: string; id: string; label: Bilingual };
type Bilingual = { ru: string; en: string };

const term = (vocabulary: string, id: string, ru: string, en: string): Term => ({ vocabulary, id, label: { ru, en } });

/** Taxonomies: the four news filter groups, course facets and people's departments. */
export function taxonomySeed(): Term[] {
  return [
    term('news.categories', 'science', 'Наука', 'Science'),
    term('news.categories', 'education', 'Образование', 'Education'),
    term('news.categories', 'campus', 'Кампус', 'Campus'),
    term('news.categories', 'international', 'Международное сотрудничество', 'International'),
    term('news.categories', 'innovation', 'Инновации', 'Innovation'),
    term('news.categories', 'sport-culture', 'Спорт и культура', 'Sport and culture'),
    term('news.formats', 'article', 'Статья', 'Article'),
    term('news.formats', 'interview', 'Интервью', 'Interview'),
    term('news.formats', 'announcement', 'Анонс', 'Announcement'),
    term('news.formats', 'photo', 'Фоторепортаж', 'Photo story'),
    term('news.formats', 'video', 'Видео', 'Video'),
    term('news.formats', 'podcast', 'Подкаст', 'Podcast'),
    ...TOPICS.map((topic) => term('news.themes', topic.id, capitalise(topic.ruNom), capitalise(topic.en))),
    term('news.targets', 'applicants', 'Абитуриентам', 'Applicants'),
    term('news.targets', 'students', 'Студентам', 'Students'),
    term('news.targets', 'staff', 'Сотрудникам', 'Staff'),
    term('news.targets', 'partners', 'Партнёрам', 'Partners'),
    term('news.targets', 'alumni', 'Выпускникам', 'Alumni'),
    term('course.level', 'beginner', 'Начальный', 'Beginner'),
    term('course.level', 'intermediate', 'Средний', 'Intermediate'),
    term('course.level', 'advanced', 'Продвинутый', 'Advanced'),
    term('course.format', 'online', 'Онлайн', 'Online'),
    term('course.format', 'offline', 'Очно', 'On campus'),
    term('course.format', 'blended', 'Смешанный', 'Blended'),
    term('course.language', 'ru', 'Русский', 'Russian'),
    term('course.language', 'en', 'Английский', 'English'),
    term('course.duration', 'short', 'До 4 недель', 'Up to 4 weeks'),
    term('course.duration', 'medium', '5–12 недель', '5–12 weeks'),
    term('course.duration', 'long', 'Более 12 недель', 'Over 12 weeks'),
    ...TOPICS.map((topic) => term('course.topic', topic.id, capitalise(topic.ruNom), capitalise(topic.en))),
    ...FACULTIES.map((faculty) => term('people.department', faculty.id, faculty.ruNom, faculty.en)),
  ];
}

export const SEARCH_CATEGORIES_SEED = [
  { id: 'pages', ru: 'Страницы', en: 'Pages' },
  { id: 'news', ru: 'Новости и медиа', en: 'News and media' },
  { id: 'events', ru: 'События', en: 'Events' },
  { id: 'education', ru: 'Образование', en: 'Education' },
  { id: 'people', ru: 'Люди', en: 'People' },
  { id: 'vacancies', ru: 'Вакансии', en: 'Vacancies' },
];

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
