import type { Locale, Page, SectionDescriptor } from '@site/contracts';
import { OPEN_DAY_EVENT_ID } from './events-seed';
import { officesSeed } from './news-seed';
import { svedenPages } from './sveden-seed';
import { SITE_NAME } from './vocabulary';

/** The validation step of paginated pages: `?page=` must be a page number, or the shell answers 404. */
const PAGE_RULE = { query: { page: { pattern: '^[1-9][0-9]{0,3}$' } } };
/** The seed's rector's address, shown on the About page. */
const RECTOR_ADDRESS_NEWS_ID = 3;

type Text = Record<Locale, string>;
const image = (name: string, alt: string) => ({ url: `/media/images/${name}`, alt, width: 1280, height: 853 });

function hero(locale: Locale, title: Text, lead: Text, picture?: string): SectionDescriptor {
  return {
    id: 'hero',
    name: 'PageHero',
    theme: 'dark',
    props: { title: title[locale], lead: lead[locale], ...(picture ? { image: image(picture, title[locale]) } : {}) },
  };
}

function page(slug: string, locale: Locale, title: Text, components: SectionDescriptor[], extra: Partial<Page> = {}): Page {
  return { slug, title: title[locale], seo: { title: title[locale], description: `${title[locale]} — ${SITE_NAME[locale]}` }, components, ...extra };
}

/**
 * The student-life page; `canonical` names the page it duplicates (the site's `/dev/students-life` repeats
 * `/dev/student-life`): its head then points search engines there and the sitemap leaves it out.
 */
function studentLife(slug: string, locale: Locale, canonical?: string): Page {
  const ru = locale === 'ru';
  const title = { ru: 'Студенческая жизнь', en: 'Student life' };
  const built = page(slug, locale, title, [
    hero(
      locale,
      title,
      {
        ru: 'Клубы, спорт, волонтёрство и общежития: жизнь студентов вне аудиторий.',
        en: 'Clubs, sport, volunteering and halls of residence: student life beyond the classroom.',
      },
      'campus-main.jpg',
    ),
    {
      id: 'intro',
      name: 'RichText',
      props: {
        html: ru
          ? '<h2>Кампус, где интересно</h2><p>В университете работают более 60 студенческих клубов, студенческий совет и спортивный комплекс. Иногородним студентам предоставляются места в общежитиях.</p><p>Вопросы о поселении — в <a href="/contacts">студенческом офисе</a>.</p>'
          : '<h2>A campus worth living on</h2><p>The university has more than 60 student clubs, a student council and a sports centre. Students from other cities are offered places in halls of residence.</p><p>Questions about housing: the <a href="/en/contacts">student office</a>.</p>',
      },
    },
    {
      id: 'clubs',
      name: 'LinkCards',
      theme: 'grey',
      props: {
        items: [
          {
            title: ru ? 'Студенческие клубы' : 'Student clubs',
            text: ru ? 'Робототехника, дебаты, театр и ещё 60 клубов.' : 'Robotics, debating, theatre and 60 more clubs.',
            href: '/events',
          },
          {
            title: ru ? 'Спорт' : 'Sport',
            text: ru ? 'Бассейн, зал, 24 секции.' : 'Pool, gym, 24 teams.',
            href: '/events',
            image: image('aerial-campus.jpg', ru ? 'Спорткомплекс' : 'Sports centre'),
          },
          { title: ru ? 'Общежития' : 'Housing', text: ru ? 'Пять общежитий рядом с кампусом.' : 'Five halls of residence next to campus.', href: '/contacts' },
        ],
      },
    },
    { id: 'upcoming', name: 'EventsUpcoming', lazy: true, title: ru ? 'Ближайшие события' : 'Upcoming events', props: { limit: 6 } },
  ]);
  return canonical ? { ...built, seo: { ...built.seo, link: [{ rel: 'canonical', href: canonical }] } } : built;
}

/** Every seeded page per locale; together they name every section of the remotes' catalogue. */
const OFFICE_PAGES: [string, Text][] = officesSeed().map((office) => [office.ru.slug, { ru: office.ru.title, en: office.en.title }]);

export function pagesSeed(locale: Locale): Page[] {
  const ru = locale === 'ru';
  const t = (ruText: string, enText: string): Text => ({ ru: ruText, en: enText });
  const paginated = { watchQuery: true, validate: PAGE_RULE };
  return [
    page(
      'index',
      locale,
      t('Главная', 'Home'),
      [
        hero(
          locale,
          t(SITE_NAME.ru, SITE_NAME.en),
          t('Наука, инженерия и предпринимательство с 1956 года.', 'Science, engineering and entrepreneurship since 1956.'),
          'campus-main.jpg',
        ),
        { id: 'featured', name: 'NewsFeatured', props: { title: ru ? 'Главное' : 'Highlights' } },
        { id: 'latest-news', name: 'NewsLatest', props: { type: 'News', limit: 4, title: ru ? 'Новости' : 'News' } },
        {
          id: 'latest-media',
          name: 'NewsLatest',
          lazy: true,
          theme: 'grey',
          slider: 'cards',
          props: { type: 'Media', limit: 4, title: ru ? 'Медиа' : 'Media' },
        },
        { id: 'upcoming', name: 'EventsUpcoming', lazy: true, props: { limit: 4, recommendedOnly: true } },
        { id: 'programs', name: 'ProgramsList', lazy: true, theme: 'secondary', props: { level: 'master', title: ru ? 'Магистратура' : "Master's programs" } },
        {
          id: 'sections',
          name: 'LinkCards',
          theme: 'colorScheme',
          colorSchemeId: 'ocean',
          props: {
            items: [
              { title: ru ? 'Поступающим' : 'Applicants', href: '/apply', image: image('lecture-hall.jpg', ru ? 'Аудитория' : 'Lecture hall') },
              { title: ru ? 'Наука' : 'Research', href: '/research', image: image('laboratory.jpg', ru ? 'Лаборатория' : 'Laboratory') },
              { title: ru ? 'Курсы' : 'Courses', href: '/courses' },
              { title: ru ? 'Студенческая жизнь' : 'Student life', href: '/dev/student-life' },
            ],
          },
        },
      ],
      { title: SITE_NAME[locale] },
    ),
    page('about', locale, t('Об университете', 'About the university'), [
      hero(
        locale,
        t('Об университете', 'About the university'),
        t(
          'Исследовательский университет: 14 000 студентов, 8 факультетов и институтов, 120 лабораторий.',
          'A research university: 14,000 students, 8 faculties and institutes, 120 laboratories.',
        ),
        'aerial-campus.jpg',
      ),
      {
        id: 'mission',
        name: 'RichText',
        anchor: 'license',
        props: {
          html: ru
            ? '<h2>Миссия</h2><p>Мы готовим инженеров и учёных, которые создают технологии будущего.</p><p>Лицензия на образовательную деятельность № 2345 от 12.03.2016 (<a href="/pdf-redirect?url=/api/media/documents/license.pdf">выписка из реестра лицензий, PDF</a>).</p>'
            : '<h2>Mission</h2><p>We educate engineers and scientists who create the technologies of the future.</p><p>Education licence No. 2345 of 12 March 2016 (<a href="/pdf-redirect?url=/api/media/documents/license.pdf">extract from the register, PDF</a>).</p>',
        },
      },
      { id: 'rector', name: 'NewsArticle', title: ru ? 'Обращение ректора' : "The rector's address", props: { id: RECTOR_ADDRESS_NEWS_ID } },
      {
        id: 'privacy',
        name: 'RichText',
        anchor: 'privacy',
        theme: 'grey',
        props: {
          html: ru
            ? '<h2>Обработка персональных данных</h2><p>Университет обрабатывает персональные данные в соответствии с Федеральным законом № 152-ФЗ.</p><ul><li><a href="/pdf-redirect?url=/api/media/documents/personal-data-policy.pdf">Положение об обработке персональных данных (PDF)</a></li><li><a href="/pdf-redirect?url=/api/media/documents/personal-data-consent.pdf">Форма согласия на обработку персональных данных (PDF)</a></li></ul>'
            : '<h2>Personal data</h2><p>The university processes personal data under Federal Law No. 152-FZ.</p><ul><li><a href="/pdf-redirect?url=/api/media/documents/personal-data-policy.pdf">Personal data processing policy (PDF)</a></li><li><a href="/pdf-redirect?url=/api/media/documents/personal-data-consent.pdf">Personal data consent form (PDF)</a></li></ul>',
        },
      },
      {
        id: 'more',
        name: 'LinkCards',
        props: {
          items: [
            { title: ru ? 'История' : 'History', href: '/history' },
            { title: ru ? 'Люди' : 'People', href: '/people' },
            { title: ru ? 'Вакансии' : 'Vacancies', href: '/vacancies' },
            { title: ru ? 'Контакты' : 'Contacts', href: '/contacts' },
          ],
        },
      },
    ]),
    page(
      'news',
      locale,
      t('Новости', 'News'),
      [
        hero(locale, t('Новости', 'News'), t('Наука, образование и жизнь кампуса.', 'Research, education and campus life.')),
        { id: 'feed', name: 'NewsFeed', props: { type: 'News', pageSize: 12 } },
      ],
      paginated,
    ),
    page(
      'media',
      locale,
      t('Медиа', 'Media'),
      [
        hero(locale, t('Медиа', 'Media'), t('Видео, фоторепортажи и подкасты.', 'Videos, photo stories and podcasts.')),
        { id: 'feed', name: 'NewsFeed', props: { type: 'Media', pageSize: 12 } },
      ],
      paginated,
    ),
    page(
      'events',
      locale,
      t('События', 'Events'),
      [
        hero(
          locale,
          t('События', 'Events'),
          t('Лекции, семинары, конференции и концерты.', 'Lectures, seminars, conferences and concerts.'),
          'lecture-hall.jpg',
        ),
        { id: 'calendar', name: 'EventsCalendar', props: {} },
        {
          id: 'recommended',
          name: 'EventsUpcoming',
          lazy: true,
          theme: 'grey',
          title: ru ? 'Рекомендуем' : 'Recommended',
          props: { limit: 3, recommendedOnly: true },
        },
      ],
      {
        watchQuery: true,
        validate: { query: { day: { pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, scope: { pattern: '^(upcoming|today|all)$' }, page: PAGE_RULE.query.page } },
      },
    ),
    page('education', locale, t('Образование', 'Education'), [
      hero(
        locale,
        t('Образование', 'Education'),
        t('Бакалавриат, магистратура, аспирантура и дополнительное образование.', "Bachelor's, master's, PhD and continuing education."),
        'lecture-hall.jpg',
      ),
      {
        id: 'intro',
        name: 'RichText',
        props: {
          html: ru
            ? '<p>Обучение строится вокруг проектов и исследований: с первого курса студенты работают в лабораториях.</p>'
            : '<p>Study is built around projects and research: students join laboratories from their first year.</p>',
        },
      },
      { id: 'bachelor', name: 'ProgramsList', props: { level: 'bachelor', title: ru ? 'Бакалавриат' : "Bachelor's programs" } },
      {
        id: 'links',
        name: 'LinkCards',
        theme: 'grey',
        props: {
          items: [
            { title: ru ? 'Все программы' : 'All programs', href: '/programs' },
            { title: ru ? 'Каталог курсов' : 'Course catalogue', href: '/courses' },
            { title: ru ? 'Подать заявку' : 'Apply', href: '/apply' },
          ],
        },
      },
    ]),
    page('programs', locale, t('Образовательные программы', 'Degree programs'), [
      hero(locale, t('Образовательные программы', 'Degree programs'), t('22 программы всех уровней.', '22 programs at every level.')),
      { id: 'bachelor', name: 'ProgramsList', props: { level: 'bachelor', title: ru ? 'Бакалавриат' : "Bachelor's" } },
      { id: 'specialist', name: 'ProgramsList', props: { level: 'specialist', title: ru ? 'Специалитет' : 'Specialist' } },
      { id: 'master', name: 'ProgramsList', lazy: true, props: { level: 'master', title: ru ? 'Магистратура' : "Master's" } },
      { id: 'phd', name: 'ProgramsList', lazy: true, props: { level: 'phd', title: ru ? 'Аспирантура' : 'PhD' } },
      { id: 'continuing', name: 'ProgramsList', lazy: true, props: { level: 'continuing', title: ru ? 'Дополнительное образование' : 'Continuing education' } },
    ]),
    page(
      'courses',
      locale,
      t('Каталог курсов', 'Course catalogue'),
      [
        hero(
          locale,
          t('Каталог курсов', 'Course catalogue'),
          t('Фильтруйте по уровню, формату, языку, теме и длительности.', 'Filter by level, format, language, topic and duration.'),
        ),
        { id: 'catalog', name: 'CourseCatalog', props: {} },
      ],
      paginated,
    ),
    page('research', locale, t('Наука', 'Research'), [
      hero(locale, t('Наука', 'Research'), t('12 приоритетных направлений и 120 лабораторий.', '12 priority areas and 120 laboratories.'), 'laboratory.jpg'),
      { id: 'areas', name: 'ResearchAreas', props: {} },
      { id: 'science-news', name: 'NewsLatest', lazy: true, theme: 'grey', props: { type: 'News', limit: 4, title: ru ? 'Новости науки' : 'Research news' } },
    ]),
    page(
      'people',
      locale,
      t('Люди', 'People'),
      [
        hero(locale, t('Люди', 'People'), t('Преподаватели и исследователи университета.', "The university's teachers and researchers.")),
        { id: 'directory', name: 'PeopleDirectory', props: {} },
      ],
      paginated,
    ),
    page('vacancies', locale, t('Вакансии', 'Vacancies'), [
      hero(
        locale,
        t('Вакансии', 'Vacancies'),
        t('Работа в университете: наука, инженерия, сервисы для студентов.', 'Work at the university: research, engineering, student services.'),
      ),
      { id: 'list', name: 'VacancyList', props: {} },
      { id: 'subscribe', name: 'VacancySubscription', theme: 'grey', props: {} },
      { id: 'resume', name: 'ResumeForm', anchor: 'resume', props: {} },
      // The centre tabs (?centre=) and vacancy links (?vacancyId=) are read in the browser from the URL: no refetch.
    ]),
    page('contacts', locale, t('Контакты', 'Contacts'), [
      hero(locale, t('Контакты', 'Contacts'), t('Адреса, телефоны и часы работы подразделений.', 'Addresses, phone numbers and opening hours.')),
      { id: 'offices', name: 'OfficeContacts', props: {} },
      { id: 'contact', name: 'ContactForm', anchor: 'write-to-us', theme: 'grey', props: {} },
    ]),
    page('history', locale, t('История', 'History'), [
      hero(locale, t('История университета', 'History of the university'), t('С 1956 года до наших дней.', 'From 1956 to the present day.'), 'library.jpg'),
      { id: 'timeline', name: 'HistoryTimeline', props: {} },
    ]),
    page('search', locale, t('Поиск', 'Search'), [{ id: 'search-results', name: 'SearchResults', props: {} }], { watchQuery: true, validate: PAGE_RULE }),
    studentLife('dev/student-life', locale),
    studentLife('dev/students-life', locale, '/dev/student-life'),
    // Each office's own page: its contacts and its latest news (the office dictionary's newsIds).
    ...OFFICE_PAGES.map(([slug, title]) =>
      page(`contacts/${slug}`, locale, title, [
        hero(locale, title, t('Контакты, часы работы и новости подразделения.', 'Contacts, opening hours and news of the office.')),
        { id: 'office', name: 'OfficeContacts', props: { officeSlug: slug } },
      ]),
    ),
    // Where the 401 page's sign-in action leads: the public site has no accounts, so it says so and where to go.
    page('auth', locale, t('Авторизация', 'Sign in'), [
      hero(
        locale,
        t('Вход на публичном сайте недоступен', 'Sign-in is not available on the public site'),
        t(
          'У публичного сайта университета нет личных кабинетов: все его страницы открыты без входа. Студенты и сотрудники входят в свои сервисы через корпоративный портал.',
          "The university's public site has no accounts: every page is open without signing in. Students and staff sign in to their services through the university portal.",
        ),
      ),
      {
        id: 'where-next',
        name: 'LinkCards',
        props: {
          items: [
            { title: t('На главную', 'Home page')[locale], text: t('Новости, события и поступление.', 'News, events and admissions.')[locale], href: '/' },
            {
              title: t('Контакты', 'Contacts')[locale],
              text: t('Если вам нужен доступ к сервисам, напишите нам.', 'If you need access to a service, write to us.')[locale],
              href: '/contacts',
            },
          ],
        },
      },
    ]),
    page(
      'apply',
      locale,
      t('Поступление', 'Admissions'),
      [
        hero(
          locale,
          t('Поступление', 'Admissions'),
          t('Оставьте заявку: мы поможем выбрать программу.', 'Leave an application: we will help you choose a program.'),
          'campus-main.jpg',
        ),
        // The open day by default; a link from another event (?eventId=…) shows and applies to that event instead.
        { id: 'open-day', name: 'EventDetails', props: { id: OPEN_DAY_EVENT_ID, queryParam: 'eventId' } },
        { id: 'application', name: 'ApplicationForm', anchor: 'application', props: { eventId: String(OPEN_DAY_EVENT_ID) } },
      ],
      { watchQuery: ['eventId', 'programId'] },
    ),
    ...svedenPages(locale),
  ];
}
