import type { ResearchArea } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, textOf } from '@site/test-support';
import ResearchAreas from './index';
import { load } from './load';

const quantum: ResearchArea = {
  id: 'quantum',
  title: 'Quantum technologies',
  link: '/research#quantum',
  description: 'Research in quantum technologies.',
  head: 'Irina Sokolova',
  laboratories: ['Quantum Technologies Laboratory', 'Quantum Competence Centre'],
  image: { url: '/media/images/laboratory.jpg', alt: 'Quantum technologies' },
};

describe('ResearchAreas', () => {
  it('shows each area as a card with its head and laboratories, anchored for its own link', () => {
    const html = renderSection(ResearchAreas, { props: {}, data: [quantum] }, en, { locale: 'en' });
    expect(textOf(html)).toContain('Research areas');
    expect(linkNamed(html, 'Quantum technologies').href).toBe('/en/research#quantum');
    expect(textOf(html)).toContain('Head: Irina Sokolova');
    expect(textOf(html)).toContain('Laboratories Quantum Technologies Laboratory Quantum Competence Centre');
    expect(html).toContain('<li id="quantum">');
    expect(textOf(renderSection(ResearchAreas, { props: {}, data: [quantum] }, ru))).toContain('Руководитель: Irina Sokolova');
  });

  it('leaves out the head and the laboratories when an area has none', () => {
    const html = renderSection(ResearchAreas, { props: {}, data: [{ ...quantum, head: undefined, laboratories: [] }] }, en, { locale: 'en' });
    expect(textOf(html)).not.toContain('Head:');
    expect(textOf(html)).not.toContain('Laboratories');
  });

  it('says "No data to display" when there are no areas', () => {
    expect(textOf(renderSection(ResearchAreas, { props: {}, data: [] }, en, { locale: 'en' }))).toContain('No data to display');
    expect(textOf(renderSection(ResearchAreas, { props: {}, data: [] }, ru))).toContain('Нет данных для отображения');
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('loads every area with a head and laboratories, in both languages', async () => {
      for (const locale of ['ru', 'en'] as const) {
        const areas = await load(loadContext(server.api, locale), descriptorOf('ResearchAreas', {}));
        expect(areas.length).toBeGreaterThan(0);
        for (const area of areas) {
          expect(area.head).toEqual(expect.any(String));
          expect(area.laboratories?.length).toBeGreaterThan(0);
        }
      }
      const html = renderSection(ResearchAreas, { props: {}, data: await load(loadContext(server.api, 'ru'), descriptorOf('ResearchAreas', {})) }, ru);
      expect(textOf(html)).toContain('Лаборатории');
    });
  });
});
