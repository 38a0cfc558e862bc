import type { Bilingual } from './random';

/**
 * The curated facts the seed's stories are told from: what each research direction actually works on, where, and
 * the picture and video clip that show it. Stories combine these with the university's own people, so every item
 * names real (seeded) staff and a concrete result instead of a template with a changing number.
 */
export interface TopicFacts {
  /** The laboratory: «Лаборатория …» / "… Laboratory". */
  lab: Bilingual;
  /** A concrete result, as an object: «создали …» / "developed …". */
  result: Bilingual;
  /** What it is for, completing «чтобы …» / "to …". */
  use: Bilingual;
  /** What a course or lecture covers. */
  syllabus: Bilingual;
  image: string;
  /** The demo clip that fits the topic's video stories. */
  clip: 'robotics-lab' | 'laboratory' | 'campus-day';
  /** The faculties that work on it (ids of FACULTIES). */
  faculties: string[];
}

export const TOPIC_FACTS: Record<string, TopicFacts> = {
  ai: {
    lab: { ru: 'Лаборатория машинного обучения', en: 'Machine Learning Laboratory' },
    result: { ru: 'нейросеть, которая находит дефекты сварных швов по рентгеновским снимкам', en: 'a neural network that finds weld defects in X-ray images' },
    use: { ru: 'сократить ручной контроль на заводах партнёров вдвое', en: 'halve manual inspection at partner plants' },
    syllabus: {
      ru: 'нейронные сети, обучение с подкреплением и честную оценку моделей',
      en: 'neural networks, reinforcement learning and honest model evaluation',
    },
    image: 'laboratory.jpg',
    clip: 'laboratory',
    faculties: ['computer-science', 'mathematics'],
  },
  quantum: {
    lab: { ru: 'Лаборатория квантовых процессоров', en: 'Quantum Processor Laboratory' },
    result: {
      ru: 'сверхпроводящий кубит с рекордным для России временем когерентности',
      en: 'a superconducting qubit with a coherence time that sets a national record',
    },
    use: { ru: 'собрать 32-кубитный процессор к концу следующего года', en: 'build a 32-qubit processor by the end of next year' },
    syllabus: { ru: 'кубиты, квантовые алгоритмы и коррекцию ошибок', en: 'qubits, quantum algorithms and error correction' },
    image: 'laboratory.jpg',
    clip: 'laboratory',
    faculties: ['physics', 'computer-science'],
  },
  materials: {
    lab: { ru: 'Лаборатория функциональных материалов', en: 'Functional Materials Laboratory' },
    result: { ru: 'керамическое покрытие, которое выдерживает 1 600 °C', en: 'a ceramic coating that withstands 1,600 °C' },
    use: { ru: 'продлить срок службы лопаток газовых турбин', en: 'extend the life of gas turbine blades' },
    syllabus: { ru: 'структуру и свойства металлов, керамики и полимеров', en: 'the structure and properties of metals, ceramics and polymers' },
    image: 'laboratory.jpg',
    clip: 'laboratory',
    faculties: ['chemistry', 'physics'],
  },
  robotics: {
    lab: { ru: 'Лаборатория мобильной робототехники', en: 'Mobile Robotics Laboratory' },
    result: { ru: 'шагающего робота, который сам строит карту незнакомого здания', en: 'a walking robot that maps an unfamiliar building on its own' },
    use: { ru: 'осматривать помещения после аварий без риска для людей', en: 'inspect buildings after accidents without putting people at risk' },
    syllabus: { ru: 'кинематику манипуляторов, ROS и управление в реальном времени', en: 'manipulator kinematics, ROS and real-time control' },
    image: 'robotics-lab.jpg',
    clip: 'robotics-lab',
    faculties: ['engineering', 'computer-science'],
  },
  bioengineering: {
    lab: { ru: 'Лаборатория тканевой инженерии', en: 'Tissue Engineering Laboratory' },
    result: { ru: 'биоразлагаемый каркас для выращивания хрящевой ткани', en: 'a biodegradable scaffold for growing cartilage' },
    use: { ru: 'заменить донорские имплантаты в травматологии', en: 'replace donor implants in trauma surgery' },
    syllabus: { ru: 'клеточные культуры, биоматериалы и 3D-биопечать', en: 'cell cultures, biomaterials and 3D bioprinting' },
    image: 'laboratory.jpg',
    clip: 'laboratory',
    faculties: ['biotech', 'chemistry'],
  },
  energy: {
    lab: { ru: 'Лаборатория накопителей энергии', en: 'Energy Storage Laboratory' },
    result: { ru: 'натрий-ионный аккумулятор без кобальта и лития', en: 'a sodium-ion battery free of cobalt and lithium' },
    use: { ru: 'удешевить хранение энергии солнечных станций', en: 'make storage for solar plants cheaper' },
    syllabus: { ru: 'возобновляемые источники, накопители и умные сети', en: 'renewable sources, storage and smart grids' },
    image: 'campus-main.jpg',
    clip: 'campus-day',
    faculties: ['energy', 'chemistry'],
  },
  data: {
    lab: { ru: 'Лаборатория анализа больших данных', en: 'Big Data Laboratory' },
    result: { ru: 'модель спроса на общественный транспорт по данным валидаторов', en: 'a public transport demand model built from ticket validator data' },
    use: { ru: 'перестроить расписание автобусов в часы пик', en: 'rework bus timetables at rush hour' },
    syllabus: { ru: 'статистику, SQL, визуализацию и воспроизводимый анализ', en: 'statistics, SQL, visualisation and reproducible analysis' },
    image: 'library.jpg',
    clip: 'campus-day',
    faculties: ['mathematics', 'computer-science', 'entrepreneurship'],
  },
  space: {
    lab: { ru: 'Лаборатория малых космических аппаратов', en: 'Small Spacecraft Laboratory' },
    result: { ru: 'студенческий наноспутник формата CubeSat 3U', en: 'a student-built 3U CubeSat' },
    use: { ru: 'следить за ледовой обстановкой на Северном морском пути', en: 'monitor sea ice along the Northern Sea Route' },
    syllabus: { ru: 'орбитальную механику, бортовые системы и связь со спутником', en: 'orbital mechanics, on-board systems and satellite links' },
    image: 'aerial-campus.jpg',
    clip: 'robotics-lab',
    faculties: ['engineering', 'physics'],
  },
  photonics: {
    lab: { ru: 'Лаборатория интегральной фотоники', en: 'Integrated Photonics Laboratory' },
    result: {
      ru: 'оптический чип, который передаёт данные в десять раз быстрее медной линии',
      en: 'an optical chip that carries data ten times faster than a copper line',
    },
    use: { ru: 'снизить энергопотребление центров обработки данных', en: 'cut the energy use of data centres' },
    syllabus: { ru: 'лазеры, волноводы и оптические измерения', en: 'lasers, waveguides and optical measurement' },
    image: 'laboratory.jpg',
    clip: 'laboratory',
    faculties: ['physics'],
  },
  climate: {
    lab: { ru: 'Лаборатория климатического мониторинга', en: 'Climate Monitoring Laboratory' },
    result: { ru: 'сеть датчиков, которая измеряет выбросы углерода над городскими парками', en: 'a sensor network that measures carbon flux over city parks' },
    use: { ru: 'подобрать деревья для озеленения, которые лучше поглощают CO₂', en: 'choose the street trees that absorb the most CO₂' },
    syllabus: { ru: 'модели климата, углеродный баланс и полевые измерения', en: 'climate models, carbon budgets and field measurement' },
    image: 'aerial-campus.jpg',
    clip: 'campus-day',
    faculties: ['biotech', 'energy'],
  },
  security: {
    lab: { ru: 'Лаборатория защиты информации', en: 'Information Security Laboratory' },
    result: {
      ru: 'метод, который находит уязвимости в прошивках промышленных контроллеров',
      en: 'a method that finds vulnerabilities in industrial controller firmware',
    },
    use: { ru: 'защитить подстанции и водоканалы от атак', en: 'protect substations and waterworks from attacks' },
    syllabus: { ru: 'криптографию, анализ уязвимостей и безопасную разработку', en: 'cryptography, vulnerability analysis and secure development' },
    image: 'lecture-hall.jpg',
    clip: 'laboratory',
    faculties: ['computer-science', 'mathematics'],
  },
  nano: {
    lab: { ru: 'Лаборатория наноструктур', en: 'Nanostructures Laboratory' },
    result: { ru: 'сенсор на графене, который чувствует отдельные молекулы аммиака', en: 'a graphene sensor that detects single ammonia molecules' },
    use: { ru: 'раньше замечать утечки на химических производствах', en: 'catch leaks at chemical plants earlier' },
    syllabus: { ru: 'синтез наночастиц, электронную микроскопию и тонкие плёнки', en: 'nanoparticle synthesis, electron microscopy and thin films' },
    image: 'laboratory.jpg',
    clip: 'laboratory',
    faculties: ['physics', 'chemistry'],
  },
};

export const JOURNALS = [
  'Nature Communications',
  'Physical Review Letters',
  'Advanced Materials',
  'IEEE Transactions on Robotics',
  'Scientific Reports',
  'ACS Nano',
  'Journal of Cleaner Production',
  'Bioinformatics',
];

export const FOREIGN_UNIVERSITIES: Bilingual[] = [
  { ru: 'Университета Цинхуа', en: 'Tsinghua University' },
  { ru: 'Индийского технологического института в Мадрасе', en: 'IIT Madras' },
  { ru: 'Белорусского государственного университета', en: 'Belarusian State University' },
  { ru: 'Университета Сан-Паулу', en: 'the University of São Paulo' },
  { ru: 'Казахского национального университета', en: 'Al-Farabi Kazakh National University' },
  { ru: 'Университета Претории', en: 'the University of Pretoria' },
];

export const COMPANIES: Bilingual[] = [
  { ru: '«Ростех»', en: 'Rostec' },
  { ru: '«Росатом»', en: 'Rosatom' },
  { ru: 'Яндекс', en: 'Yandex' },
  { ru: '«Лаборатория Касперского»', en: 'Kaspersky' },
  { ru: 'СИБУР', en: 'SIBUR' },
  { ru: '«Северсталь»', en: 'Severstal' },
];

/** One-off campus stories, each told once: they need no research topic. */
export const CAMPUS_STORIES: { title: Bilingual; lead: Bilingual; body: Bilingual; image: string; format: 'article' | 'announcement' }[] = [
  {
    title: { ru: 'Научная библиотека будет работать до полуночи на время сессии', en: 'The Research Library stays open until midnight during exams' },
    lead: {
      ru: 'Читальный зал и коворкинг на втором этаже открыты для студентов с 8:00 до 24:00.',
      en: 'The reading room and the first-floor coworking space are open to students from 8 am to midnight.',
    },
    body: {
      ru: 'Продлённые часы действуют до конца экзаменационной сессии. Вход по студенческому билету; после 21:00 работает только центральный вход со стороны главного корпуса. В читальном зале можно взять ноутбук на время работы.',
      en: 'The longer hours last until the end of the exam period. Entry with a student card; after 9 pm only the central entrance facing the Main Building is open. Laptops can be borrowed for use in the reading room.',
    },
    image: 'library.jpg',
    format: 'announcement',
  },
  {
    title: { ru: 'В технопарке открылся новый коворкинг на 120 мест', en: 'A new 120-seat coworking space opens in the Technopark' },
    lead: {
      ru: 'Студенческие команды могут бронировать переговорные и мастерскую с 3D-принтерами.',
      en: 'Student teams can book meeting rooms and a workshop with 3D printers.',
    },
    body: {
      ru: 'Коворкинг занимает весь второй этаж технопарка. Бронирование — через личный кабинет студента, не больше четырёх часов в день на команду. В мастерской дежурит инженер, который поможет с первой печатью.',
      en: 'The coworking space takes up the whole first floor of the Technopark. Book through the student account, up to four hours a day per team. An engineer on duty in the workshop helps with the first print.',
    },
    image: 'campus-main.jpg',
    format: 'article',
  },
  {
    title: { ru: 'Сборная университета по волейболу вышла в финал студенческой лиги', en: 'The university volleyball team reaches the student league final' },
    lead: { ru: 'В полуфинале команда обыграла соперников со счётом 3:1.', en: 'The team won its semi-final 3–1.' },
    body: {
      ru: 'Финал пройдёт в спортивном комплексе университета; вход для болельщиков свободный по студенческому билету. Тренер сборной благодарит всех, кто пришёл поддержать команду в полуфинале.',
      en: 'The final takes place at the university Sports Centre; supporters get in free with a student card. The coach thanks everyone who came to cheer the team in the semi-final.',
    },
    image: 'campus-main.jpg',
    format: 'article',
  },
  {
    title: { ru: 'Два общежития студенческого городка открылись после ремонта', en: 'Two halls of residence reopen after renovation' },
    lead: {
      ru: 'В корпусах № 2 и № 3 появились кухни на каждом этаже и комнаты для учёбы.',
      en: 'Halls 2 and 3 now have a kitchen on every floor and study rooms.',
    },
    body: {
      ru: 'Заселение идёт по графику, который студсовет разослал на почту. В обоих корпусах заменили окна и лифты, а на первых этажах сделали прачечные самообслуживания.',
      en: 'Students move in on the schedule the Student Council sent by email. Both halls have new windows and lifts, and self-service laundries on the ground floor.',
    },
    image: 'aerial-campus.jpg',
    format: 'article',
  },
  {
    title: { ru: 'Приёмная комиссия проведёт онлайн-консультации для поступающих', en: 'The Admissions Office holds online sessions for applicants' },
    lead: {
      ru: 'Каждую среду в 18:00 сотрудники комиссии отвечают на вопросы о правилах приёма.',
      en: 'Every Wednesday at 6 pm the admissions team answers questions about the admission rules.',
    },
    body: {
      ru: 'Говорим о вступительных испытаниях, целевом обучении, общежитии и олимпиадах, которые дают льготы. Вопросы можно прислать заранее через форму обратной связи.',
      en: 'Topics: entrance exams, sponsored places, housing and the olympiads that give an advantage. Questions can be sent in advance through the contact form.',
    },
    image: 'lecture-hall.jpg',
    format: 'announcement',
  },
  {
    title: { ru: 'В главном корпусе заработала столовая с фермерским меню', en: 'A new canteen with a farm-to-table menu opens in the Main Building' },
    lead: { ru: 'Комплексный обед для студентов стоит 290 рублей.', en: 'A set lunch for students costs 290 roubles.' },
    body: {
      ru: 'Столовая на первом этаже работает с 8:30 до 19:00. Меню меняется каждую неделю, есть вегетарианские блюда. Оплатить можно картой или студенческим билетом с привязанным счётом.',
      en: 'The canteen on the ground floor is open from 8:30 am to 7 pm. The menu changes every week and includes vegetarian dishes. Pay by card or with a student card linked to an account.',
    },
    image: 'campus-main.jpg',
    format: 'article',
  },
  {
    title: { ru: 'Студенческий оркестр отметил десятилетие большим концертом', en: 'The student orchestra celebrates ten years with a gala concert' },
    lead: {
      ru: 'В актовом зале прозвучали Чайковский, Шостакович и музыка из видеоигр.',
      en: 'The Assembly Hall heard Tchaikovsky, Shostakovich and video game music.',
    },
    body: {
      ru: 'Оркестр собрался десять лет назад из восьми студентов физического факультета, сегодня в нём 46 музыкантов со всех факультетов. Набор новых участников открыт круглый год.',
      en: 'The orchestra began ten years ago with eight physics students; today it has 46 musicians from every faculty. New members can join all year round.',
    },
    image: 'lecture-hall.jpg',
    format: 'article',
  },
  {
    title: { ru: 'Университет запустил бесплатные курсы английского для сотрудников', en: 'Free English courses for staff' },
    lead: { ru: 'Занятия проходят дважды в неделю в малых группах по уровням.', en: 'Small groups by level meet twice a week.' },
    body: {
      ru: 'Курс ведут преподаватели кафедры иностранных языков. Перед началом — входное тестирование; по итогам семестра выдаётся сертификат. Записаться можно в управлении персонала.',
      en: 'Teachers from the Department of Foreign Languages run the course. A placement test comes first; a certificate follows at the end of the semester. Sign up with Human Resources.',
    },
    image: 'library.jpg',
    format: 'announcement',
  },
];
