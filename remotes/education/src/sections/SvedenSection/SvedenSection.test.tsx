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
    { kind: 'fields', fields: [{ label: 'Дата создания', itemprop: 'regDate', value: { text: '14 мая 1956 г.', datetime: '1956-05-14' } }] },
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

const index = {
  order: 'Приказ Рособрнадзора от 04.08.2023 № 1493',
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
  it('puts the row item on each table row and each column’s item on the value in its cell', () => {
    const html = render(managers);
    expect(html).toMatch(/<tr itemProp="rucovodstvo">/i);
    expect(html).toMatch(/<span itemProp="fio">Иванов Иван Иванович<\/span>/i);
    expect(html).toMatch(/<span itemProp="post">Ректор<\/span>/i);
    expect(linkNamed(html, '+7 495 100-00-01').attributes).toMatch(/itemProp="telephone"/i);
    expect(linkNamed(html, 'ivanov@stu.example').href).toBe('mailto:ivanov@stu.example');
    expect(html).toMatch(/<th scope="col">ФИО<\/th>/);
  });

  it('marks dates with <time datetime>, groups an item around its fields, and links documents through the media path', () => {
    const html = render(common);
    expect(html).toMatch(/<time itemProp="regDate" dateTime="1956-05-14">14 мая 1956 г\.<\/time>/i);
    expect(html).toMatch(/<div[^>]*itemProp="uchredLaw"[^>]*>[\s\S]*itemProp="nameUchred"/i);
    const licence = linkNamed(html, 'Выписка из реестра лицензий');
    expect(licence.href).toBe('/api/media/documents/license.pdf');
    expect(licence.attributes).toMatch(/itemProp="licenseDocLink"/i);
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
          expect([id, (html.match(/itemProp="/gi) ?? []).length > 2]).toEqual([id, true]);
        }
      },
      30_000,
    );

    it('renders the full name of the organisation with its microdata', async () => {
      const common = await load(loadContext(server.api, 'ru'), descriptorOf('SvedenSection', { subsection: 'common' }));
      const html = renderSection(SvedenSection, { props: { subsection: 'common' }, data: common }, ru);
      expect(html).toMatch(
        /itemProp="fullName">Федеральное государственное автономное образовательное учреждение высшего образования «Научно-технологический университет»/i,
      );
    });
  });
});
