import type { Locale, Page, SectionDescriptor } from '@site/contracts';
import type { SvedenBlock, SvedenField, SvedenSubsection, SvedenValue } from '@site/contracts/education';
import { programsSeed } from './education-seed';
import { officesSeed } from './news-seed';
import { staffList } from './people-seed';
import type { Bilingual } from './random';
import { EMAIL_DOMAIN, SHORT_NAME, SITE_NAME, personName } from './vocabulary';

/**
 * The demo university's "Сведения об образовательной организации", item by item with the `itemprop` names of the
 * format of the Requirements approved by Rosobrnadzor order No. 1493 of 04.08.2023. Russian is the legal text;
 * English translates headings, labels and values. Names, programmes, offices and staff are the seed's own.
 */
type Text = Bilingual;
const t = (ru: string, en: string): Text => ({ ru, en });

const FULL_NAME = t(
  'Федеральное государственное автономное образовательное учреждение высшего образования «Научно-технологический университет»',
  'Federal State Autonomous Educational Institution of Higher Education "University of Science and Technology"',
);
const ADDRESS = t('119991, г. Москва, Научный проспект, д. 1', '1 Nauchny Prospekt, Moscow 119991, Russia');
const LAB_ADDRESS = t(
  '119991, г. Москва, Научный проспект, д. 1, стр. 3 (Лабораторный корпус)',
  '1 Nauchny Prospekt, bldg. 3 (Laboratory Building), Moscow 119991',
);
const TECHNOPARK_ADDRESS = t('119991, г. Москва, Научный проспект, д. 5 (Технопарк)', '5 Nauchny Prospekt (Technopark), Moscow 119991');
const WORK_TIME = t('Пн–Чт 9:00–18:00, Пт 9:00–16:45; сб, вс — выходные', 'Mon–Thu 9:00–18:00, Fri 9:00–16:45; closed on Saturday and Sunday');
const PHONE = '+7 495 100-00-00';
const EMAIL = `info@${EMAIL_DOMAIN}`;
const SITE = 'https://stu.example';

/** The documents the section links to, served by the content API as `/media/documents/{name}.pdf`. */
export const SVEDEN_DOCUMENTS: Record<string, Text> = {
  ustav: t('Устав университета', 'Charter of the university'),
  'personal-data-policy': t('Положение об обработке персональных данных', 'Personal data processing policy'),
  'personal-data-consent': t('Форма согласия на обработку персональных данных', 'Personal data consent form'),
  license: t('Выписка из реестра лицензий на осуществление образовательной деятельности', 'Extract from the register of education licences'),
  accreditation: t(
    'Выписка из государственной информационной системы «Реестр организаций, осуществляющих образовательную деятельность по имеющим государственную аккредитацию образовательным программам»',
    'Extract from the register of state accreditation',
  ),
  'rules-admission': t('Правила приёма на обучение', 'Admission rules'),
  'rules-mode': t('Положение о режиме занятий обучающихся', "Regulations on the students' timetable"),
  'rules-assessment': t(
    'Положение о формах, периодичности и порядке текущего контроля успеваемости и промежуточной аттестации',
    'Regulations on continuous and interim assessment',
  ),
  'rules-transfer': t('Порядок и основания перевода, отчисления и восстановления обучающихся', 'Rules for transfer, expulsion and reinstatement of students'),
  'rules-relations': t(
    'Порядок оформления возникновения, приостановления и прекращения отношений',
    'Rules for starting, suspending and ending educational relations',
  ),
  'local-acts': t(
    'Локальные нормативные акты по основным вопросам организации и осуществления образовательной деятельности',
    'Local regulations on the organisation of education',
  ),
  'internal-rules': t('Правила внутреннего распорядка обучающихся', 'Internal rules for students'),
  'labour-rules': t('Правила внутреннего трудового распорядка', 'Internal labour rules'),
  'collective-agreement': t('Коллективный договор', 'Collective agreement'),
  'self-assessment': t('Отчёт о результатах самообследования', 'Self-assessment report'),
  prescriptions: t(
    'Предписания органов, осуществляющих государственный контроль (надзор), и отчёты об их исполнении',
    'Orders of the supervisory authorities and reports on their fulfilment',
  ),
  'division-regulations': t('Положения о структурных подразделениях', "Regulations of the university's divisions"),
  'own-standards': t('Образовательные стандарты, утверждённые университетом самостоятельно', 'Educational standards adopted by the university'),
  'paid-rules': t('Порядок оказания платных образовательных услуг', 'Rules for paid educational services'),
  'paid-contract': t('Образец договора об оказании платных образовательных услуг', 'Model contract for paid educational services'),
  'paid-prices': t('Приказ об утверждении стоимости обучения', 'Order setting tuition fees'),
  'fin-plan': t('План финансово-хозяйственной деятельности на 2026 год', 'Financial and economic activity plan for 2026'),
  'stipend-rules': t(
    'Положение о стипендиальном обеспечении и других формах материальной поддержки обучающихся',
    'Regulations on scholarships and other financial support for students',
  ),
  curriculum: t('Учебный план', 'Curriculum'),
  annotation: t('Аннотации к рабочим программам дисциплин', 'Course syllabus summaries'),
  schedule: t('Календарный учебный график', 'Academic calendar'),
  methodology: t('Методические и иные документы', 'Teaching guidelines and other documents'),
  practice: t('Рабочие программы практик', 'Internship programmes'),
};

/** A link to one of the documents above, in the locale's words. */
function document(name: keyof typeof SVEDEN_DOCUMENTS, locale: Locale): SvedenValue {
  const title = SVEDEN_DOCUMENTS[name];
  if (!title) throw new Error(`no sveden document named ${name}`);
  return { text: title[locale], href: `/media/documents/${name}.pdf` };
}

const text = (value: Text | string, locale: Locale): SvedenValue => ({ text: typeof value === 'string' ? value : value[locale] });
const mail = (address: string): SvedenValue => ({ text: address, href: `mailto:${address}` });
const phone = (number: string): SvedenValue => ({ text: number, href: `tel:${number.replace(/[^+0-9]/g, '')}` });
const site = (url: string): SvedenValue => ({ text: url, href: url });

function field(locale: Locale, label: Text, itemprop: string, value: SvedenValue): SvedenField {
  return { label: label[locale], itemprop, value };
}

function table(locale: Locale, title: Text, rowItemprop: string | undefined, columns: [Text, string?][], rows: SvedenValue[][]): SvedenBlock {
  return {
    kind: 'table',
    title: title[locale],
    ...(rowItemprop ? { rowItemprop } : {}),
    columns: columns.map(([label, itemprop]) => ({ label: label[locale], ...(itemprop ? { itemprop } : {}) })),
    rows,
  };
}

const NONE = t('Нет', 'None');
const NOT_APPLICABLE = t('Не предусмотрено', 'Not applicable');

/** The codes and names of the accredited programmes (the seed's degree programmes, not the continuing ones). */
const PROGRAM_CODES: Record<string, string> = {
  'applied-math': '01.03.02',
  physics: '03.03.02',
  chemistry: '04.03.01',
  'software-engineering': '09.03.04',
  biotechnology: '19.03.01',
  'power-engineering': '13.03.02',
  materials: '22.03.01',
  robotics: '15.03.06',
  'tech-entrepreneurship': '27.03.05',
  ai: '09.04.01',
  quantum: '03.04.02',
  photonics: '12.04.03',
  cybersecurity: '10.04.01',
  'data-science': '01.04.02',
  'space-systems': '24.04.01',
  'climate-tech': '05.04.06',
  'computer-security': '10.05.01',
  'condensed-matter': '1.3.8',
  'math-modelling': '1.2.2',
  bioinformatics: '1.5.8',
};
const LEVEL_TEXT: Record<string, Text> = {
  bachelor: t('Высшее образование — бакалавриат', "Higher education: bachelor's"),
  specialist: t('Высшее образование — специалитет', 'Higher education: specialist'),
  master: t('Высшее образование — магистратура', "Higher education: master's"),
  phd: t('Высшее образование — подготовка кадров высшей квалификации', 'Higher education: doctoral (PhD)'),
};

function degreePrograms() {
  return programsSeed().filter((program) => program.en.level !== 'continuing' && PROGRAM_CODES[program.en.id]);
}

function subsections(locale: Locale): Array<Omit<SvedenSubsection, 'updatedAt'>> {
  const l = locale;
  const ru = locale === 'ru';
  const staff = staffList();
  const programs = degreePrograms();
  const offices = officesSeed();
  const rector = personName(300);
  const vice = [personName(302), personName(305), personName(311)];
  const viceRoles = [
    t('Проректор по образовательной деятельности', 'Vice-Rector for Education'),
    t('Проректор по научной работе', 'Vice-Rector for Research'),
    t('Проректор по международному сотрудничеству', 'Vice-Rector for International Affairs'),
  ];
  const person = (name: { ru: string; en: string }) => text(name, l);
  const personalMail = (name: { en: string }) => mail(`${name.en.split(' ').at(-1)!.toLowerCase()}@${EMAIL_DOMAIN}`);
  const programRow = (program: (typeof programs)[number]) => [
    text(PROGRAM_CODES[program.en.id]!, l),
    text(program[l].title, l),
    text(LEVEL_TEXT[program.en.level]!, l),
  ];
  const years = (program: (typeof programs)[number]) => text(program[l].duration, l);

  return [
    {
      id: 'common',
      title: ru ? 'Основные сведения' : 'General information',
      blocks: [
        {
          kind: 'fields',
          fields: [
            field(l, t('Полное наименование образовательной организации', 'Full name of the organisation'), 'fullName', text(FULL_NAME, l)),
            field(l, t('Сокращённое наименование', 'Short name'), 'shortName', text(`${SHORT_NAME[l]} (${SITE_NAME[l]})`, l)),
            field(l, t('Дата создания', 'Date of establishment'), 'regDate', { text: ru ? '14 мая 1956 г.' : '14 May 1956', datetime: '1956-05-14' }),
            field(l, t('Место нахождения', 'Location'), 'address', text(ADDRESS, l)),
            field(l, t('Режим и график работы', 'Opening hours'), 'workTime', text(WORK_TIME, l)),
            field(l, t('Контактные телефоны', 'Telephone'), 'telephone', phone(PHONE)),
            field(l, t('Адрес электронной почты', 'E-mail'), 'email', mail(EMAIL)),
            field(l, t('Лицензия на осуществление образовательной деятельности', 'Education licence'), 'licenseDocLink', document('license', l)),
          ],
        },
        {
          kind: 'fields',
          title: ru ? 'Учредитель' : 'Founder',
          itemprop: 'uchredLaw',
          fields: [
            field(
              l,
              t('Наименование учредителя', 'Name of the founder'),
              'nameUchred',
              text(t('Министерство науки и высшего образования Российской Федерации', 'Ministry of Science and Higher Education of the Russian Federation'), l),
            ),
            field(
              l,
              t('Адрес', 'Address'),
              'addressUchred',
              text(t('125009, г. Москва, ул. Тверская, д. 11, стр. 1, 4', '11 Tverskaya St., bldg. 1, 4, Moscow 125009'), l),
            ),
            field(l, t('Телефон', 'Telephone'), 'telUchred', phone('+7 495 547-13-16')),
            field(l, t('Адрес электронной почты', 'E-mail'), 'mailUchred', mail('info@minobrnauki.gov.ru')),
            field(l, t('Адрес сайта', 'Website'), 'websiteUchred', site('https://minobrnauki.gov.ru')),
          ],
        },
        table(
          l,
          t('Места осуществления образовательной деятельности', 'Places of educational activity'),
          undefined,
          [[t('Адрес', 'Address'), 'address']],
          [[text(ADDRESS, l)], [text(LAB_ADDRESS, l)]],
        ),
        table(
          l,
          t(
            'Места осуществления образовательной деятельности при использовании сетевой формы реализации образовательных программ',
            'Places of educational activity under network programmes',
          ),
          undefined,
          [[t('Адрес', 'Address'), 'addressPlaceSet']],
          [[text(TECHNOPARK_ADDRESS, l)]],
        ),
        table(
          l,
          t('Места проведения практики', 'Places of internships'),
          undefined,
          [[t('Адрес', 'Address'), 'addressPlacePrac']],
          [[text(LAB_ADDRESS, l)], [text(TECHNOPARK_ADDRESS, l)]],
        ),
        table(
          l,
          t('Места проведения практической подготовки обучающихся', 'Places of practical training'),
          undefined,
          [[t('Адрес', 'Address'), 'addressPlacePodg']],
          [[text(LAB_ADDRESS, l)]],
        ),
        table(
          l,
          t('Места проведения государственной итоговой аттестации', 'Places of the state final examinations'),
          undefined,
          [[t('Адрес', 'Address'), 'addressPlaceGia']],
          [[text(ADDRESS, l)]],
        ),
        table(
          l,
          t('Места осуществления образовательной деятельности по дополнительным образовательным программам', 'Places of continuing education'),
          undefined,
          [[t('Адрес', 'Address'), 'addressPlaceDop']],
          [[text(TECHNOPARK_ADDRESS, l)]],
        ),
        table(
          l,
          t('Места осуществления образовательной деятельности по основным программам профессионального обучения', 'Places of vocational training'),
          undefined,
          [[t('Адрес', 'Address'), 'addressPlaceOppo']],
          [[text(NOT_APPLICABLE, l)]],
        ),
        table(
          l,
          t('Филиалы', 'Branches'),
          'filInfo',
          [
            [t('Наименование', 'Name'), 'nameFil'],
            [t('Адрес', 'Address'), 'addressFil'],
            [t('Режим работы', 'Opening hours'), 'workTimeFil'],
            [t('Телефон', 'Telephone'), 'telephoneFil'],
            [t('Электронная почта', 'E-mail'), 'emailFil'],
            [t('Сайт', 'Website'), 'websiteFil'],
          ],
          [[text(NONE, l), text('—', l), text('—', l), text('—', l), text('—', l), text('—', l)]],
        ),
        table(
          l,
          t('Представительства', 'Representative offices'),
          'repInfo',
          [
            [t('Наименование', 'Name'), 'nameRep'],
            [t('Адрес', 'Address'), 'addressRep'],
            [t('Режим работы', 'Opening hours'), 'workTimeRep'],
            [t('Телефон', 'Telephone'), 'telephoneRep'],
            [t('Электронная почта', 'E-mail'), 'emailRep'],
            [t('Сайт', 'Website'), 'websiteRep'],
          ],
          [[text(NONE, l), text('—', l), text('—', l), text('—', l), text('—', l), text('—', l)]],
        ),
      ],
    },
    {
      id: 'struct',
      title: ru ? 'Структура и органы управления образовательной организацией' : 'Structure and governing bodies',
      blocks: [
        table(
          l,
          t('Структурные подразделения и органы управления', 'Divisions and governing bodies'),
          'structOrgUprav',
          [
            [t('Наименование', 'Name'), 'name'],
            [t('Руководитель', 'Head'), 'fio'],
            [t('Должность руководителя', 'Position'), 'post'],
            [t('Место нахождения', 'Location'), 'addressStr'],
            [t('Сайт', 'Website'), 'site'],
            [t('Электронная почта', 'E-mail'), 'email'],
            [t('Положение', 'Regulations'), 'divisionClauseDocLink'],
          ],
          [
            [
              text(t('Учёный совет', 'Academic Council'), l),
              person(rector),
              text(t('Председатель учёного совета, ректор', 'Chair, Rector'), l),
              text(ADDRESS, l),
              site(`${SITE}/about`),
              mail(`council@${EMAIL_DOMAIN}`),
              document('division-regulations', l),
            ],
            ...offices.map((office, index) => {
              const head = staff[index * 7]!;
              const contacts = office[l].contacts;
              return [
                text(office[l].title, l),
                person(head.name),
                text(t('Начальник', 'Head'), l),
                text(office[l].campusLocation ?? ADDRESS[l], l),
                site(`${SITE}/contacts/${office.en.slug}`),
                mail(contacts.find((contact) => contact.href?.startsWith('mailto:'))?.value ?? EMAIL),
                document('division-regulations', l),
              ];
            }),
          ],
        ),
      ],
    },
    {
      id: 'document',
      title: ru ? 'Документы' : 'Documents',
      blocks: [
        {
          kind: 'fields',
          fields: [
            field(l, t('Устав', 'Charter'), 'ustavDocLink', document('ustav', l)),
            field(l, t('Правила приёма обучающихся', 'Admission rules'), 'priemDocLink', document('rules-admission', l)),
            field(l, t('Режим занятий обучающихся', 'Timetable rules'), 'modeDocLink', document('rules-mode', l)),
            field(
              l,
              t('Формы, периодичность и порядок текущего контроля успеваемости и промежуточной аттестации', 'Continuous and interim assessment'),
              'tekKontrolDocLink',
              document('rules-assessment', l),
            ),
            field(
              l,
              t('Порядок и основания перевода, отчисления и восстановления обучающихся', 'Transfer, expulsion and reinstatement'),
              'perevodDocLink',
              document('rules-transfer', l),
            ),
            field(
              l,
              t('Порядок оформления возникновения, приостановления и прекращения отношений', 'Starting, suspending and ending educational relations'),
              'vozDocLink',
              document('rules-relations', l),
            ),
            field(l, t('Правила внутреннего распорядка обучающихся', 'Internal rules for students'), 'localActOrder', document('internal-rules', l)),
            field(
              l,
              t(
                'Локальные нормативные акты по основным вопросам организации и осуществления образовательной деятельности',
                'Local regulations on the organisation of education',
              ),
              'localActStud',
              document('local-acts', l),
            ),
            field(l, t('Правила внутреннего трудового распорядка', 'Internal labour rules'), 'localActCollec', document('labour-rules', l)),
            field(l, t('Коллективный договор', 'Collective agreement'), 'localActCollec', document('collective-agreement', l)),
            field(l, t('Отчёт о результатах самообследования', 'Self-assessment report'), 'reportEduDocLink', document('self-assessment', l)),
            field(
              l,
              t('Предписания органов, осуществляющих государственный контроль (надзор) в сфере образования', 'Orders of the supervisory authorities'),
              'prescriptionDocLink',
              document('prescriptions', l),
            ),
          ],
        },
      ],
    },
    {
      id: 'education',
      title: ru ? 'Образование' : 'Education',
      blocks: [
        {
          kind: 'fields',
          fields: [
            field(
              l,
              t('Государственная аккредитация образовательной деятельности', 'State accreditation'),
              'accreditationDocLink',
              document('accreditation', l),
            ),
          ],
        },
        table(
          l,
          t('Реализуемые образовательные программы', 'Programmes taught'),
          'eduAccred',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Форма обучения', 'Mode of study'), 'eduForm'],
            [t('Нормативный срок обучения', 'Standard duration'), 'learningTerm'],
            [t('Срок действия аккредитации', 'Accreditation valid until'), 'dateEnd'],
            [t('Язык обучения', 'Language of instruction'), 'language'],
            [t('Учебные предметы, курсы, дисциплины', 'Subjects and courses'), 'eduPred'],
            [t('Практики', 'Internships'), 'eduPrac'],
            [t('Электронное обучение', 'E-learning'), 'eduEl'],
          ],
          programs.map((program) => [
            ...programRow(program),
            text(program[l].format ?? '', l),
            years(program),
            text(t('Бессрочно', 'Indefinitely'), l),
            text(program[l].language ?? '', l),
            document('annotation', l),
            document('practice', l),
            text(t('Применяется', 'Used'), l),
          ]),
        ),
        table(
          l,
          t('Описание образовательных программ', 'Programme descriptions'),
          'eduOp',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Образовательная программа', 'Programme'), 'opMain'],
            [t('Учебный план', 'Curriculum'), 'educationPlan'],
            [t('Рабочие программы дисциплин', 'Syllabi'), 'educationAnnotation'],
            [t('Календарный учебный график', 'Academic calendar'), 'educationShedule'],
            [t('Методические документы', 'Guidelines'), 'methodology'],
            [t('Рабочие программы практик', 'Internship programmes'), 'eduPr'],
          ],
          programs.map((program) => [
            ...programRow(program),
            { text: program[l].title, href: `${SITE}${program[l].link}` },
            document('curriculum', l),
            document('annotation', l),
            document('schedule', l),
            document('methodology', l),
            document('practice', l),
          ]),
        ),
        table(
          l,
          t('Численность обучающихся', 'Number of students'),
          'eduChislen',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Всего', 'Total'), 'numberAll'],
            [t('За счёт федерального бюджета', 'Federal budget'), 'numberBF'],
            [t('За счёт бюджетов субъектов РФ', 'Regional budgets'), 'numberBR'],
            [t('За счёт местных бюджетов', 'Local budgets'), 'numberBM'],
            [t('По договорам об обучении', 'Under paid contracts'), 'numberP'],
          ],
          programs.map((program, index) => {
            const budget = 120 + ((index * 37) % 200);
            const paid = 20 + ((index * 13) % 60);
            return [...programRow(program), text(String(budget + paid), l), text(String(budget), l), text('0', l), text('0', l), text(String(paid), l)];
          }),
        ),
        table(
          l,
          t('Результаты приёма', 'Admission results'),
          'eduPriem',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Федеральный бюджет', 'Federal budget'), 'numberBFpriem'],
            [t('Бюджеты субъектов РФ', 'Regional budgets'), 'numberBRpriem'],
            [t('Местные бюджеты', 'Local budgets'), 'numberBMpriem'],
            [t('По договорам', 'Paid'), 'numberPpriem'],
            [t('Средний балл', 'Average score'), 'score'],
          ],
          programs.map((program, index) => [
            ...programRow(program),
            text(String(30 + ((index * 7) % 40)), l),
            text('0', l),
            text('0', l),
            text(String(5 + (index % 15)), l),
            text(String(72 + (index % 20)), l),
          ]),
        ),
        table(
          l,
          t('Результаты перевода, восстановления и отчисления', 'Transfers, reinstatements and expulsions'),
          'eduPerevod',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Переведено в другие организации', 'Transferred out'), 'numberOut'],
            [t('Переведено из других организаций', 'Transferred in'), 'numberTo'],
            [t('Восстановлено', 'Reinstated'), 'numberRes'],
            [t('Отчислено', 'Expelled'), 'numberExp'],
          ],
          programs.map((program, index) => [
            ...programRow(program),
            text(String(index % 3), l),
            text(String((index + 1) % 4), l),
            text(String(index % 2), l),
            text(String(2 + (index % 5)), l),
          ]),
        ),
        table(
          l,
          t('Научно-исследовательская работа', 'Research work'),
          'eduNir',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Перечень научных направлений', 'Research directions'), 'perechenNir'],
            [t('Результаты научной деятельности', 'Research results'), 'resultNir'],
            [t('Научно-исследовательская база', 'Research facilities'), 'baseNir'],
          ],
          programs
            .slice(0, 6)
            .map((program) => [
              ...programRow(program),
              text(t('Согласно программе', 'As in the programme'), l),
              { text: ru ? 'Наука' : 'Research', href: `${SITE}/research` },
              text(LAB_ADDRESS, l),
            ]),
        ),
        table(
          l,
          t('Трудоустройство выпускников', 'Graduate employment'),
          'graduateJob',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Выпущено в 2025 году', 'Graduates in 2025'), 'v1'],
            [t('Трудоустроено', 'Employed'), 't1'],
          ],
          programs
            .slice(0, 9)
            .map((program, index) => [
              text(PROGRAM_CODES[program.en.id]!, l),
              text(program[l].title, l),
              text(String(60 + index * 4), l),
              text(String(52 + index * 4), l),
            ]),
        ),
      ],
    },
    {
      id: 'eduStandarts',
      title: ru ? 'Образовательные стандарты и требования' : 'Educational standards and requirements',
      blocks: [
        {
          kind: 'fields',
          fields: [
            field(l, t('Федеральные государственные образовательные стандарты', 'Federal state educational standards'), 'eduFedDoc', {
              text: ru ? 'Портал ФГОС высшего образования' : 'Federal standards of higher education',
              href: 'https://fgosvo.ru',
            }),
            field(l, t('Федеральные государственные требования', 'Federal state requirements'), 'eduFedTreb', {
              text: ru ? 'Федеральные государственные требования к программам аспирантуры' : 'Federal requirements for doctoral programmes',
              href: 'https://fgosvo.ru',
            }),
            field(
              l,
              t('Образовательные стандарты, утверждённые самостоятельно', 'Standards adopted by the university'),
              'eduStandartDoc',
              document('own-standards', l),
            ),
            field(l, t('Самостоятельно устанавливаемые требования', 'Requirements set by the university'), 'eduStandartTreb', text(NOT_APPLICABLE, l)),
          ],
        },
      ],
    },
    {
      id: 'managers',
      title: ru ? 'Руководство' : 'Management',
      blocks: [
        table(
          l,
          t('Руководитель образовательной организации', 'Head of the organisation'),
          'rucovodstvo',
          [
            [t('ФИО', 'Name'), 'fio'],
            [t('Должность', 'Position'), 'post'],
            [t('Телефон', 'Telephone'), 'telephone'],
            [t('Электронная почта', 'E-mail'), 'email'],
          ],
          [[person(rector), text(t('Ректор', 'Rector'), l), phone('+7 495 100-00-01'), personalMail(rector)]],
        ),
        table(
          l,
          t('Заместители руководителя', 'Deputy heads'),
          'rucovodstvoZam',
          [
            [t('ФИО', 'Name'), 'fio'],
            [t('Должность', 'Position'), 'post'],
            [t('Телефон', 'Telephone'), 'telephone'],
            [t('Электронная почта', 'E-mail'), 'email'],
          ],
          vice.map((name, index) => [person(name), text(viceRoles[index]!, l), phone(`+7 495 100-00-0${index + 2}`), personalMail(name)]),
        ),
        table(
          l,
          t('Руководители филиалов', 'Heads of branches'),
          'rucovodstvoFil',
          [
            [t('Наименование филиала', 'Branch'), 'nameFil'],
            [t('ФИО', 'Name'), 'fio'],
            [t('Должность', 'Position'), 'post'],
            [t('Телефон', 'Telephone'), 'telephone'],
            [t('Электронная почта', 'E-mail'), 'email'],
          ],
          [[text(t('Филиалов нет', 'No branches'), l), text('—', l), text('—', l), text('—', l), text('—', l)]],
        ),
      ],
    },
    {
      id: 'employees',
      title: ru ? 'Педагогический состав' : 'Teaching staff',
      blocks: [
        table(
          l,
          t('Педагогические работники', 'Teaching staff'),
          'teachingStaff',
          [
            [t('ФИО', 'Name'), 'fio'],
            [t('Должность', 'Position'), 'post'],
            [t('Преподаваемые дисциплины', 'Subjects taught'), 'teachingDiscipline'],
            [t('Уровень образования', 'Education'), 'teachingLevel'],
            [t('Квалификация', 'Qualification'), 'teachingQual'],
            [t('Направление подготовки и (или) специальность', 'Field of study'), 'employeeQualification'],
            [t('Учёная степень', 'Academic degree'), 'degree'],
            [t('Учёное звание', 'Academic rank'), 'academStat'],
            [t('Повышение квалификации', 'Professional development'), 'profDevelopment'],
            [t('Стаж работы по специальности', 'Experience in the field'), 'specExperience'],
            [t('Образовательные программы', 'Programmes'), 'teachingOp'],
          ],
          staff.slice(0, 24).map((member, index) => {
            const program = programs[index % programs.length]!;
            const senior = /Профессор|Ведущий/.test(member.position.ru);
            return [
              person(member.name),
              text(member.position, l),
              text(ru ? capitalised(member.topic.ruNom) : capitalised(member.topic.en), l),
              text(t('Высшее', 'Higher'), l),
              text(t('Исследователь. Преподаватель-исследователь', 'Researcher and lecturer'), l),
              text(ru ? member.faculty.ruNom : member.faculty.en, l),
              text(senior ? t('Доктор наук', 'Doctor of Sciences') : t('Кандидат наук', 'Candidate of Sciences'), l),
              text(senior ? t('Профессор', 'Professor') : t('Доцент', 'Associate Professor'), l),
              text(t(`Удостоверение о повышении квалификации, ${2022 + (index % 4)} г.`, `Professional development certificate, ${2022 + (index % 4)}`), l),
              text(ru ? `${8 + (index % 20)} лет` : `${8 + (index % 20)} years`, l),
              text(program[l].title, l),
            ];
          }),
        ),
      ],
    },
    {
      id: 'objects',
      title: ru
        ? 'Материально-техническое обеспечение и оснащённость образовательного процесса. Доступная среда'
        : 'Facilities and equipment. Accessible environment',
      blocks: [
        table(
          l,
          t('Оборудованные учебные кабинеты', 'Equipped classrooms'),
          'purposeCab',
          [
            [t('Адрес', 'Address'), 'addressCab'],
            [t('Наименование', 'Name'), 'nameCab'],
            [t('Оснащённость', 'Equipment'), 'osnCab'],
            [t('Приспособленность для инвалидов и лиц с ОВЗ', 'Accessibility'), 'ovzCab'],
          ],
          [
            [
              text(ADDRESS, l),
              text(t('Лекционная аудитория 101', 'Lecture hall 101'), l),
              text(t('Проектор, акустическая система, 240 мест', 'Projector, sound system, 240 seats'), l),
              text(t('Приспособлена: пандус, индукционная петля', 'Adapted: ramp, induction loop'), l),
            ],
            [
              text(LAB_ADDRESS, l),
              text(t('Компьютерный класс 214', 'Computer room 214'), l),
              text(t('30 рабочих станций', '30 workstations'), l),
              text(t('Приспособлен: рабочее место для незрячих', 'Adapted: workstation for blind users'), l),
            ],
          ],
        ),
        table(
          l,
          t('Объекты для проведения практических занятий', 'Facilities for practical classes'),
          'purposePrac',
          [
            [t('Адрес', 'Address'), 'addressPrac'],
            [t('Наименование', 'Name'), 'namePrac'],
            [t('Оснащённость', 'Equipment'), 'osnPrac'],
            [t('Приспособленность для инвалидов и лиц с ОВЗ', 'Accessibility'), 'ovzPrac'],
          ],
          [
            [
              text(LAB_ADDRESS, l),
              text(t('Лаборатория робототехники', 'Robotics laboratory'), l),
              text(t('Промышленные манипуляторы, 3D-принтеры', 'Industrial manipulators, 3D printers'), l),
              text(t('Приспособлена', 'Adapted'), l),
            ],
          ],
        ),
        table(
          l,
          t('Библиотеки', 'Libraries'),
          'purposeLibr',
          [
            [t('Наименование', 'Name'), 'objName'],
            [t('Адрес', 'Address'), 'objAddress'],
            [t('Площадь, м²', 'Area, m²'), 'objSq'],
            [t('Количество мест', 'Seats'), 'objCnt'],
            [t('Приспособленность для инвалидов и лиц с ОВЗ', 'Accessibility'), 'objOvz'],
          ],
          [
            [
              text(t('Научная библиотека', 'Research library'), l),
              text(ADDRESS, l),
              text('2400', l),
              text('420', l),
              text(t('Приспособлена: читальный зал с тифлотехникой', 'Adapted: reading room with assistive devices'), l),
            ],
          ],
        ),
        table(
          l,
          t('Объекты спорта', 'Sports facilities'),
          'purposeSport',
          [
            [t('Наименование', 'Name'), 'objName'],
            [t('Адрес', 'Address'), 'objAddress'],
            [t('Площадь, м²', 'Area, m²'), 'objSq'],
            [t('Количество мест', 'Places'), 'objCnt'],
            [t('Приспособленность для инвалидов и лиц с ОВЗ', 'Accessibility'), 'objOvz'],
          ],
          [
            [
              text(t('Спортивный комплекс с бассейном', 'Sports centre with pool'), l),
              text(TECHNOPARK_ADDRESS, l),
              text('5600', l),
              text('300', l),
              text(t('Приспособлен', 'Adapted'), l),
            ],
          ],
        ),
        {
          kind: 'fields',
          title: ru ? 'Доступная среда' : 'Accessible environment',
          fields: [
            field(
              l,
              t('Средства обучения и воспитания', 'Teaching aids'),
              'purposeFacil',
              text(
                t(
                  'Мультимедийное оборудование, лабораторные комплексы, электронная информационно-образовательная среда',
                  'Multimedia equipment, laboratory systems, the e-learning environment',
                ),
                l,
              ),
            ),
            field(
              l,
              t('Средства обучения, приспособленные для инвалидов и лиц с ОВЗ', 'Teaching aids for disabled students'),
              'purposeFacilOvz',
              text(t('Брайлевские дисплеи, программы экранного доступа, звукоусиливающая аппаратура', 'Braille displays, screen readers, sound amplifiers'), l),
            ),
            field(
              l,
              t('Обеспечение беспрепятственного доступа в здания', 'Step-free access to buildings'),
              'ovz',
              text(
                t(
                  'Пандусы, подъёмники, расширенные дверные проёмы, тактильная навигация во всех корпусах',
                  'Ramps, lifts, wide doorways and tactile guidance in every building',
                ),
                l,
              ),
            ),
            field(
              l,
              t('Доступ к информационным системам и сетям', 'Access to information systems and networks'),
              'comNet',
              text(t('Wi-Fi во всех корпусах, 1200 рабочих мест с доступом в интернет', 'Wi-Fi in every building, 1,200 workstations with internet access'), l),
            ),
            field(
              l,
              t('Доступ к информационным системам, приспособленный для инвалидов и лиц с ОВЗ', 'Accessible access to information systems'),
              'comNetOvz',
              text(t('Рабочие места с программами экранного доступа', 'Workstations with screen readers'), l),
            ),
            field(l, t('Электронные образовательные ресурсы', 'Electronic educational resources'), 'erList', {
              text: ru ? 'Электронная библиотека университета' : "The university's digital library",
              href: `${SITE}/library`,
            }),
            field(
              l,
              t('Электронные ресурсы, приспособленные для инвалидов и лиц с ОВЗ', 'Accessible electronic resources'),
              'erListOvz',
              text(t('Версия сайта для слабовидящих, аудиокниги', 'Site version for visually impaired visitors, audiobooks'), l),
            ),
            field(
              l,
              t('Специальные технические средства обучения', 'Special technical aids'),
              'techOvz',
              text(t('Индукционные петли, видеоувеличители', 'Induction loops, video magnifiers'), l),
            ),
          ],
        },
        table(
          l,
          t('Общежития', 'Halls of residence'),
          'hostelInfo',
          [
            [t('Количество общежитий', 'Halls'), 'hostelNum'],
            [t('Количество мест', 'Places'), 'hostelNumRooms'],
            [t('Приспособленных для инвалидов', 'Adapted places'), 'hostelNumOvz'],
          ],
          [[text('5', l), text('3200', l), text('40', l)]],
        ),
        table(
          l,
          t('Интернаты', 'Boarding houses'),
          'interInfo',
          [
            [t('Количество', 'Number'), 'interNum'],
            [t('Приспособленных для инвалидов', 'Adapted places'), 'interNumOvz'],
          ],
          [[text('0', l), text('0', l)]],
        ),
      ],
    },
    {
      id: 'paid_edu',
      title: ru ? 'Платные образовательные услуги' : 'Paid educational services',
      blocks: [
        {
          kind: 'fields',
          fields: [
            field(l, t('Порядок оказания платных образовательных услуг', 'Rules for paid educational services'), 'paidEdu', document('paid-rules', l)),
            field(l, t('Образец договора об оказании платных образовательных услуг', 'Model contract'), 'paidDog', document('paid-contract', l)),
            field(l, t('Об утверждении стоимости обучения', 'Tuition fees'), 'paidSt', document('paid-prices', l)),
            field(l, t('Плата за присмотр и уход за детьми', 'Childcare fees'), 'paidParents', text(NOT_APPLICABLE, l)),
          ],
        },
      ],
    },
    {
      id: 'budget',
      title: ru ? 'Финансово-хозяйственная деятельность' : 'Financial and economic activity',
      blocks: [
        table(
          l,
          t('Объём образовательной деятельности, финансовое обеспечение которой осуществляется', 'Volume of educational activity by source of funding'),
          'volume',
          [
            [t('Год', 'Year'), 'finYear'],
            [t('За счёт федерального бюджета, тыс. руб.', 'Federal budget, thousand roubles'), 'finBFVolume'],
            [t('За счёт бюджетов субъектов РФ, тыс. руб.', 'Regional budgets, thousand roubles'), 'finBRVolume'],
            [t('За счёт местных бюджетов, тыс. руб.', 'Local budgets, thousand roubles'), 'finBMVolume'],
            [t('По договорам об обучении, тыс. руб.', 'Paid contracts, thousand roubles'), 'finPVolume'],
          ],
          [[text('2025', l), text('4 812 300', l), text('0', l), text('0', l), text('1 204 500', l)]],
        ),
        table(
          l,
          t('Поступление и расходование финансовых и материальных средств', 'Receipt and spending of funds'),
          'finRec',
          [
            [t('Год', 'Year'), 'finYear'],
            [t('Поступило, тыс. руб.', 'Received, thousand roubles'), 'finPost'],
            [t('Израсходовано, тыс. руб.', 'Spent, thousand roubles'), 'finRas'],
          ],
          [[text('2025', l), text('6 430 900', l), text('6 215 700', l)]],
        ),
        {
          kind: 'fields',
          fields: [field(l, t('План финансово-хозяйственной деятельности', 'Financial and economic activity plan'), 'finPlanDocLink', document('fin-plan', l))],
        },
      ],
    },
    {
      id: 'vacant',
      title: ru ? 'Вакантные места для приёма (перевода) обучающихся' : 'Vacant places for admission (transfer)',
      blocks: [
        table(
          l,
          t('Количество вакантных мест', 'Vacant places'),
          'vacant',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Уровень образования', 'Level'), 'eduLevel'],
            [t('Курс', 'Year of study'), 'eduCourse'],
            [t('Форма обучения', 'Mode of study'), 'eduForm'],
            [t('Федеральный бюджет', 'Federal budget'), 'numberBFVacant'],
            [t('Бюджеты субъектов РФ', 'Regional budgets'), 'numberBRVacant'],
            [t('Местные бюджеты', 'Local budgets'), 'numberBMVacant'],
            [t('По договорам', 'Paid'), 'numberPVacant'],
          ],
          programs.flatMap((program, index) =>
            [1, 2].map((course) => [
              ...programRow(program),
              text(String(course), l),
              text(program[l].format ?? '', l),
              text(String((index + course) % 4), l),
              text('0', l),
              text('0', l),
              text(String(3 + ((index * course) % 6)), l),
            ]),
          ),
        ),
      ],
    },
    {
      id: 'grants',
      title: ru ? 'Стипендии и меры поддержки обучающихся' : 'Scholarships and student support',
      blocks: [
        {
          kind: 'fields',
          fields: [
            field(l, t('Условия предоставления стипендий', 'Scholarships'), 'grant', document('stipend-rules', l)),
            field(
              l,
              t('Меры социальной поддержки', 'Social support'),
              'support',
              text(
                t(
                  'Материальная помощь, компенсация проезда, бесплатное питание для студентов из числа детей-сирот',
                  'Financial aid, travel grants, free meals for orphaned students',
                ),
                l,
              ),
            ),
            field(l, t('Трудоустройство выпускников', 'Graduate employment'), 'graduateJob', {
              text: ru ? 'Центр карьеры' : 'Career Centre',
              href: `${SITE}/contacts/career-centre`,
            }),
          ],
        },
        table(
          l,
          t('Общежития', 'Halls of residence'),
          'hostelInfo',
          [
            [t('Количество общежитий', 'Halls'), 'hostelNum'],
            [t('Количество мест', 'Places'), 'hostelNumRooms'],
            [t('Плата за проживание', 'Fee'), 'hostelLs'],
          ],
          [[text('5', l), text('3200', l), text(t('850 руб. в месяц', '850 roubles a month'), l)]],
        ),
      ],
    },
    {
      id: 'inter',
      title: ru ? 'Международное сотрудничество' : 'International cooperation',
      blocks: [
        table(
          l,
          t('Договоры с иностранными и международными организациями', 'Agreements with foreign and international organisations'),
          'internationalDog',
          [
            [t('Государство', 'Country'), 'stateName'],
            [t('Организация', 'Organisation'), 'orgName'],
            [t('Реквизиты договора', 'Agreement'), 'dogReg'],
          ],
          [
            [
              text(t('Китайская Народная Республика', "People's Republic of China"), l),
              text(t('Университет Цинхуа', 'Tsinghua University'), l),
              text(t('Соглашение о сотрудничестве № 12-МС от 15.03.2024', 'Cooperation agreement No. 12-MS of 15 March 2024'), l),
            ],
            [
              text(t('Республика Индия', 'Republic of India'), l),
              text(t('Индийский технологический институт Мадрас', 'Indian Institute of Technology Madras'), l),
              text(t('Соглашение об академическом обмене № 7-МС от 02.09.2023', 'Academic exchange agreement No. 7-MS of 2 September 2023'), l),
            ],
            [
              text(t('Республика Беларусь', 'Republic of Belarus'), l),
              text(t('Белорусский государственный университет', 'Belarusian State University'), l),
              text(t('Договор о сетевой форме № 3-МС от 20.01.2025', 'Network programme agreement No. 3-MS of 20 January 2025'), l),
            ],
          ],
        ),
        table(
          l,
          t('Международная аккредитация образовательных программ', 'International accreditation of programmes'),
          'internationalAccr',
          [
            [t('Код', 'Code'), 'eduCode'],
            [t('Наименование', 'Name'), 'eduName'],
            [t('Аккредитующая организация', 'Accrediting body'), 'orgName'],
          ],
          [[text(PROGRAM_CODES['software-engineering']!, l), text(t('Программная инженерия', 'Software Engineering'), l), text('ENAEE (EUR-ACE)', l)]],
        ),
      ],
    },
    {
      id: 'catering',
      title: ru ? 'Организация питания в образовательной организации' : 'Catering',
      blocks: [
        table(
          l,
          t('Объекты питания', 'Catering facilities'),
          'meals',
          [
            [t('Наименование', 'Name'), 'objName'],
            [t('Адрес', 'Address'), 'objAddress'],
            [t('Площадь, м²', 'Area, m²'), 'objSq'],
            [t('Количество мест', 'Seats'), 'objCnt'],
            [t('Приспособленность для инвалидов и лиц с ОВЗ', 'Accessibility'), 'objOvz'],
          ],
          [
            [
              text(t('Столовая главного корпуса', 'Main Building canteen'), l),
              text(ADDRESS, l),
              text('640', l),
              text('280', l),
              text(t('Приспособлена', 'Adapted'), l),
            ],
            [
              text(t('Кафе Технопарка', 'Technopark café'), l),
              text(TECHNOPARK_ADDRESS, l),
              text('210', l),
              text('90', l),
              text(t('Приспособлено', 'Adapted'), l),
            ],
          ],
        ),
        table(
          l,
          t('Объекты охраны здоровья', 'Health facilities'),
          'health',
          [
            [t('Наименование', 'Name'), 'objName'],
            [t('Адрес', 'Address'), 'objAddress'],
            [t('Площадь, м²', 'Area, m²'), 'objSq'],
            [t('Приспособленность для инвалидов и лиц с ОВЗ', 'Accessibility'), 'objOvz'],
          ],
          [[text(t('Медицинский пункт', 'Medical centre'), l), text(ADDRESS, l), text('120', l), text(t('Приспособлен', 'Adapted'), l)]],
        ),
      ],
    },
  ];
}

function capitalised(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** Every subsection in both locales, dated with the seed's reference day. */
export function svedenSeed(referenceDate: string): Bilingual<SvedenSubsection>[] {
  const ru = subsections('ru');
  const en = subsections('en');
  return ru.map((subsection, index) => ({
    ru: { ...subsection, updatedAt: referenceDate },
    en: { ...en[index]!, updatedAt: referenceDate },
  }));
}

/**
 * The section's pages: `/sveden` lists the subsections, `/sveden/{id}` shows one (the order fixes these addresses).
 */
export function svedenPages(locale: Locale): Page[] {
  const ru = locale === 'ru';
  const title = ru ? 'Сведения об образовательной организации' : 'Information about the educational organisation';
  // The page's title (its h1) is the subsection's; the hero names what it belongs to: the whole section, or on the
  // section's own page the university.
  const page = (slug: string, heading: string, heroTitle: string, section: SectionDescriptor): Page => ({
    slug,
    title: heading,
    seo: { title: heading, description: `${heading} — ${SITE_NAME[locale]}` },
    components: [{ id: 'hero', name: 'PageHero', theme: 'dark', props: { title: heroTitle, lead: FULL_NAME[locale] } }, section],
  });
  return [
    page('sveden', title, SITE_NAME[locale], { id: 'sveden', name: 'SvedenIndex', props: {} }),
    ...subsections(locale).map((subsection) =>
      page(`sveden/${subsection.id}`, subsection.title, title, { id: 'sveden', name: 'SvedenSection', props: { subsection: subsection.id } }),
    ),
  ];
}
