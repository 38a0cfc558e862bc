import { SVEDEN_SUBSECTIONS, type SvedenSubsection } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, linkNamed, loadContext, scriptedApi, textOf } from '@site/test-support';
import SvedenSection from './index';
import { load, type SvedenSectionData } from './load';

const managers: SvedenSubsection = {
  id: 'managers',
  title: 'Руководство',
  updatedAt: '2026-11-20',
  blocks: [
    {
      kind: 'table',
      title: 'Руководитель образовательной организации',
      rowItemprop: 'rucovodstvo',
      columns: [
        { label: 'ФИО', itemprop: 'fio' },
        { label: 'Должность', itemprop: 'post' },
        { label: 'Телефон', itemprop: 'telephone' },
        { label: 'Электронная почта', itemprop: 'email' },
      ],
      rows: [
        [
          { text: 'Иванов Иван Иванович' },
          { text: 'Ректор' },
          { text: '+7 495 100-00-01', href: 'tel:+74951000001' },
          { text: 'ivanov@stu.example', href: 'mailto:ivanov@stu.example' },
        ],
      ],
    },
  ],
};

const common: SvedenSubsection = {
  id: 'common',
  title: 'Основные сведения',
  updatedAt: '2026-11-20',
  blocks: [
    { kind: 'fields', fields: [{ label: 'Дата создания', itemprop: 'regDate', value: { text: '14.05.1956', datetime: '1956-05-14' } }] },
    {
      kind: 'fields',
      title: 'Учредитель',
      itemprop: 'uchredLaw',
      fields: [{ label: 'Наименование учредителя', itemprop: 'nameUchred', value: { text: 'Министерство науки и высшего образования' } }],
    },
    {
      kind: 'fields',
      fields: [{ label: 'Лицензия', itemprop: 'licenseDocLink', value: { text: 'Выписка из реестра лицензий', href: '/media/documents/license.pdf' } }],
    },
  ],
};

const education: SvedenSubsection = {
  id: 'education',
  title: 'Образование',
  updatedAt: '2026-11-20',
  blocks: [
    {
      kind: 'table',
      title: 'Образовательные программы',
      rowItemprop: 'eduOp',
      columns: [
        { label: 'Код', itemprop: 'eduCode' },
        { label: 'Рабочие программы дисциплин', itemprop: 'educationRpd' },
      ],
      rows: [
        [
          { text: '09.03.04' },
          [
            { text: 'РПД «Базы данных»', href: '/media/documents/rpd-1.pdf' },
            { text: 'РПД «Алгоритмы»', href: '/media/documents/rpd-2.pdf' },
          ],
        ],
      ],
    },
    {
      kind: 'table',
      title: 'Общежития',
      columns: [{ label: 'Показатель' }, { label: 'Общежития' }, { label: 'Интернаты' }],
      rows: [[{ text: 'Количество общежитий' }, { text: '4', itemprop: 'hostelInfo' }, { text: '0', itemprop: 'interInfo' }]],
    },
  ],
};

const index = {
  order: 'Приказ Рособрнадзора от 04.08.2023 № 1493 (в редакции приказа от 03.07.2025 № 1353)',
  items: [
    { id: 'common' as const, title: 'Основные сведения', updatedAt: '2026-11-20' },
    { id: 'managers' as const, title: 'Руководство', updatedAt: '2026-11-20' },
  ],
};
const render = (subsection: SvedenSubsection, messages = ru, locale: 'ru' | 'en' = 'ru') =>
  renderSection<{ subsection: SvedenSubsection['id'] }, SvedenSectionData>(
    SvedenSection,
    { props: { subsection: subsection.id }, data: { subsection, index } },
    messages,
    { locale },
  );

describe('SvedenSection', () => {
  it('puts the main tag on each table row and each column’s item on the value in its cell, `itemprop` in lower case', () => {
    const html = render(managers);
    expect(html).toContain('<tr itemprop="rucovodstvo">');
    expect(html).toContain('<span itemprop="fio">Иванов Иван Иванович</span>');
    expect(html).toContain('<span itemprop="post">Ректор</span>');
    expect(linkNamed(html, '+7 495 100-00-01').attributes).toContain('itemprop="telephone"');
    expect(linkNamed(html, 'ivanov@stu.example').href).toBe('mailto:ivanov@stu.example');
    expect(html).toMatch(/<th scope="col">ФИО<\/th>/);
    expect(html).not.toContain('itemProp');
  });

  it('marks dates with <time datetime>, puts a group’s main tag around its fields, and links documents through the media path', () => {
    const html = render(common);
    expect(html).toMatch(/<time dateTime="1956-05-14" itemprop="regDate">14\.05\.1956<\/time>/);
    expect(html).toMatch(/<div[^>]*itemprop="uchredLaw"[^>]*>[\s\S]*itemprop="nameUchred"/);
    const licence = linkNamed(html, 'Выписка из реестра лицензий');
    expect(licence.href).toBe('/api/media/documents/license.pdf');
    expect(licence.attributes).toContain('itemprop="licenseDocLink"');
    expect(html).not.toContain('itemProp');
  });

  it('lists several documents in one cell, each under the column’s item, and lets a value carry its own item', () => {
    const html = render(education);
    expect(linkNamed(html, 'РПД «Базы данных»').attributes).toContain('itemprop="educationRpd"');
    expect(linkNamed(html, 'РПД «Алгоритмы»').attributes).toContain('itemprop="educationRpd"');
    expect(html).toMatch(/<tr itemprop="eduOp">[\s\S]*<span itemprop="eduCode">09\.03\.04<\/span>[\s\S]*<\/tr>/);
    expect(html).toContain('<span itemprop="hostelInfo">4</span>');
    expect(html).toContain('<span itemprop="interInfo">0</span>');
    // The hostel table has no main tag: its rows carry none.
    expect(html).toMatch(/<tr><td><span>Количество общежитий<\/span><\/td>/);
  });

  it('links every subsection, the current one marked, and says when the information was updated, in both languages', () => {
    const html = render(managers);
    expect(linkNamed(html, 'Основные сведения').href).toBe('/sveden/common');
    expect(linkNamed(html, 'Руководство').attributes).toContain('aria-current="page"');
    expect(linkNamed(html, 'Основные сведения').attributes).not.toContain('aria-current');
    expect(textOf(html)).toContain('Сведения обновлены 20 ноября 2026 г.');
    const english = render(managers, en, 'en');
    expect(linkNamed(english, 'Основные сведения').href).toBe('/en/sveden/common');
    expect(textOf(english)).toContain('Last updated November 20, 2026');
    expect(english).toContain('aria-label="Subsections of the information about the educational organisation"');
    // The items stay Russian legal text, marked as Russian, with a note in the page's language.
    expect(textOf(english)).toContain('This information is published in Russian, the language of the law that requires it.');
    expect(english).toMatch(/<div lang="ru">[\s\S]*<span itemprop="fio">Иванов Иван Иванович<\/span>/);
    expect(html).not.toContain('lang="ru"');
  });

  it('refuses a subsection the order does not name before asking the API', async () => {
    const api = scriptedApi(() => ({}));
    await expect(load(loadContext(api, 'ru'), descriptorOf('SvedenSection', { subsection: 'finances' as never }))).rejects.toThrow(
      /not a subsection of the order/,
    );
    expect(api.calls).toEqual([]);
  });

  it('shows "Основные сведения" when the page names no subsection', async () => {
    const api = scriptedApi((path) => (path === 'ru/sveden' ? { data: index } : { data: common }));
    const data = await load(loadContext(api, 'ru'), descriptorOf('SvedenSection', {}));
    expect(api.calls.map((call) => call.path).sort()).toEqual(['ru/sveden', 'ru/sveden/common']);
    expect(data.subsection.id).toBe('common');
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    // Fourteen subsections, two requests each: more than the default 5 s on a busy machine.
    it.each(['ru', 'en'] as const)(
      'loads and renders every subsection in %s, each with items carrying microdata',
      async (locale) => {
        for (const id of SVEDEN_SUBSECTIONS) {
          const data = await load(loadContext(server.api, locale), descriptorOf('SvedenSection', { subsection: id }));
          expect(data.subsection.id).toBe(id);
          expect(data.index.items).toHaveLength(SVEDEN_SUBSECTIONS.length);
          const html = renderSection(SvedenSection, { props: { subsection: id }, data }, locale === 'ru' ? ru : en, { locale });
          expect([id, (html.match(/ itemprop="/g) ?? []).length > 2, html.includes('itemProp')]).toEqual([id, true, false]);
        }
      },
      30_000,
    );

    it('renders the full name of the organisation with its microdata', async () => {
      const common = await load(loadContext(server.api, 'ru'), descriptorOf('SvedenSection', { subsection: 'common' }));
      const html = renderSection(SvedenSection, { props: { subsection: 'common' }, data: common }, ru);
      expect(html).toContain(
        'itemprop="fullName">Федеральное государственное автономное образовательное учреждение высшего образования «Научно-технологический университет»',
      );
      expect(html).toContain('<span itemprop="address">119991, г. Москва, Научный проспект, д. 1</span>');
    });
  });
});
