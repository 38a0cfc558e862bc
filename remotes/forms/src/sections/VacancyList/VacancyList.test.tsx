import { renderSection } from '@site/ui/testing';
import type { Vacancy } from '@site/contracts/forms';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, linksOf, textOf } from '@site/test-support';
import { groupByCentre } from './centre-groups';
import VacancyList from './index';
import { load, type VacancyListData } from './load';

function vacancy(id: number, centreId: string, centre: string, title: string): Vacancy {
  return {
    id,
    title,
    centre,
    centreId,
    employment: 'Full time',
    salary: 'from RUB 90,000',
    publishedAt: '2026-03-02',
    description: `The ${centre} is looking for a ${title}.`,
  };
}

const data: VacancyListData = {
  centres: [
    { id: 'quantum-centre', title: 'Quantum Technologies Centre', vacancyCount: 2 },
    { id: 'library', title: 'Research Library', vacancyCount: 1 },
    { id: 'sports-centre', title: 'Sports Centre', vacancyCount: 0 },
  ],
  items: [
    vacancy(3, 'quantum-centre', 'Quantum Technologies Centre', 'Research Fellow'),
    vacancy(5, 'library', 'Research Library', 'Bibliographer'),
    vacancy(9, 'quantum-centre', 'Quantum Technologies Centre', 'Research Engineer'),
  ],
};

describe('VacancyList', () => {
  it('groups vacancies by centre under tabs with counts, each linking to its resume form', () => {
    const html = renderSection(VacancyList, { props: {}, data }, en, { locale: 'en', path: '/en/vacancies' });
    const tabs = linksOf(html).filter((link) => link.attributes.includes('data-tab'));
    expect(tabs.map((tab) => tab.text)).toEqual(['All centres (3)', 'Quantum Technologies Centre (2)', 'Research Library (1)', 'Sports Centre (0)']);
    expect(linkNamed(html, 'All centres (3)').attributes).toContain('aria-current="page"');
    expect(linkNamed(html, 'Sports Centre (0)').href).toBe('/en/vacancies?centre=sports-centre');
    expect(html).toMatch(/<h3 id="[^"]+">Quantum Technologies Centre<\/h3>/);
    expect(linkNamed(html, 'Send a resume : Research Engineer').href).toBe('/en/vacancies?vacancyId=9#resume');
    expect(textOf(html)).toContain('Published March 2, 2026');
    expect(textOf(html)).toContain('There are currently no vacancies at this center');
  });

  it('shows one centre when its tab is chosen, keeping the tab in the resume links', () => {
    const html = renderSection(VacancyList, { props: {}, data }, en, { locale: 'en', path: '/en/vacancies?centre=library' });
    expect(linkNamed(html, 'Research Library (1)').attributes).toContain('aria-current="page"');
    expect(textOf(html)).toContain('Bibliographer');
    expect(textOf(html)).not.toContain('Research Fellow');
    expect(linkNamed(html, 'Send a resume : Bibliographer').href).toBe('/en/vacancies?centre=library&vacancyId=5#resume');
  });

  it('says there are no vacancies at a centre without any, in Russian too', () => {
    const html = renderSection(VacancyList, { props: {}, data }, ru, { path: '/vacancies?centre=sports-centre' });
    expect(textOf(html)).toContain('В этом центре сейчас нет вакансий');
    expect(textOf(html)).not.toContain('Bibliographer');
    expect(textOf(html)).toContain('Все центры (3)');
  });

  it('shows a fixed centre without tabs, and says so when nothing is listed at all', () => {
    const fixed = renderSection(VacancyList, { props: { centreId: 'library' }, data }, en, { locale: 'en', path: '/en/careers' });
    expect(fixed).not.toContain('data-tab');
    expect(textOf(fixed)).toContain('Bibliographer');
    expect(linkNamed(fixed, 'Send a resume : Bibliographer').href).toBe('/en/vacancies?vacancyId=5#resume');
    expect(textOf(renderSection(VacancyList, { props: {}, data: { centres: [], items: [] } }, en, { locale: 'en' }))).toContain('No data to display');
  });

  it('keeps a vacancy of a centre missing from the centre list, in a group of its own', () => {
    const groups = groupByCentre([], [vacancy(1, 'new-centre', 'New Centre', 'Engineer')]);
    expect(groups).toEqual([{ id: 'new-centre', title: 'New Centre', vacancies: [expect.objectContaining({ id: 1 })] }]);
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('loads the vacancies and the centres, the sports centre having none', async () => {
      const loaded = await load(loadContext(server.api, 'en'), descriptorOf('VacancyList', {}));
      expect(loaded.items.length).toBeGreaterThan(0);
      const html = renderSection(VacancyList, { props: {}, data: loaded }, en, { locale: 'en', path: '/en/vacancies?centre=sports-centre' });
      expect(textOf(html)).toContain('There are currently no vacancies at this center');
      expect(linkNamed(html, 'Sports Centre (0)').attributes).toContain('aria-current="page"');
    });

    it('asks the API for one centre when the section is fixed to it', async () => {
      const loaded = await load(loadContext(server.api, 'ru'), descriptorOf('VacancyList', { centreId: 'library' }));
      expect(loaded.items.length).toBeGreaterThan(0);
      expect(new Set(loaded.items.map((item) => item.centreId))).toEqual(new Set(['library']));
    });
  });
});
