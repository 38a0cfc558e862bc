import { SVEDEN_SUBSECTIONS } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, linkNamed, linksOf, loadContext, textOf } from '@site/test-support';
import SvedenIndex from './index';
import { load } from './load';

const data = {
  order: 'Приказ Рособрнадзора от 04.08.2023 № 1493 (в редакции приказа от 03.07.2025 № 1353)',
  items: [
    { id: 'common' as const, title: 'Основные сведения', updatedAt: '2026-11-20' },
    { id: 'eduStandarts' as const, title: 'Образовательные стандарты и требования', updatedAt: '2026-11-20' },
  ],
};

describe('SvedenIndex', () => {
  it('lists the subsections under their fixed addresses and names the order it follows', () => {
    const html = renderSection(SvedenIndex, { props: {}, data }, ru);
    expect(linkNamed(html, 'Основные сведения').href).toBe('/sveden/common');
    expect(linkNamed(html, 'Образовательные стандарты и требования').href).toBe('/sveden/eduStandarts');
    expect(textOf(html)).toContain('Подразделы');
    expect(textOf(html)).toContain('приказом Рособрнадзора от 04.08.2023 № 1493 (в редакции приказа от 03.07.2025 № 1353)');
    const english = renderSection(SvedenIndex, { props: {}, data }, en, { locale: 'en' });
    expect(linkNamed(english, 'Основные сведения').href).toBe('/en/sveden/common');
    expect(textOf(english)).toContain('Rosobrnadzor order No. 1493 of 4 August 2023 (as amended by order No. 1353 of 3 July 2025)');
  });

  it('says "No data to display" when there are no subsections', () => {
    expect(textOf(renderSection(SvedenIndex, { props: {}, data: { ...data, items: [] } }, en, { locale: 'en' }))).toContain('No data to display');
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('links all 14 subsections in the order’s order, in both languages', async () => {
      for (const locale of ['ru', 'en'] as const) {
        const loaded = await load(loadContext(server.api, locale), descriptorOf('SvedenIndex', {}));
        const html = renderSection(SvedenIndex, { props: {}, data: loaded }, locale === 'ru' ? ru : en, { locale });
        const prefix = locale === 'ru' ? '' : '/en';
        expect(linksOf(html).map((link) => link.href)).toEqual(SVEDEN_SUBSECTIONS.map((id) => `${prefix}/sveden/${id}`));
      }
    });
  });
});
