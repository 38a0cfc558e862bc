import type { Person, PeopleListResponse } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, loadContext, scriptedApi, linkNamed, linksOf, textOf } from '@site/test-support';
import PeopleDirectory from './index';
import { load, type PeopleDirectoryData } from './load';

const anna: Person = {
  id: 2,
  name: 'Anna Ivanova',
  position: 'Associate Professor',
  link: '/people?department=physics#person-2',
  department: 'Faculty of Physics',
  email: 'a.ivanova@university.example',
  photo: { url: '/media/images/portrait.jpg', alt: 'Anna Ivanova' },
};
const oleg: Person = { id: 4, name: 'Oleg Petrov', position: 'Research Fellow', link: '/people#person-4', photo: null };
const departments = [
  { id: 'physics', label: 'Faculty of Physics' },
  { id: 'chemistry', label: 'Faculty of Chemistry' },
];

function directory(people: Partial<PeopleListResponse['data']> = {}, q = '', department: string | null = null): PeopleDirectoryData {
  return { people: { items: [anna, oleg], total: 2, page: 1, pageSize: 24, departments, ...people }, q, department };
}

describe('PeopleDirectory', () => {
  it('shows each person with photo alternative, position, department and an email link', () => {
    const html = renderSection(PeopleDirectory, { props: {}, data: directory() }, en, { locale: 'en', path: '/en/people' });
    expect(html).toMatch(/<img [^>]*alt="Anna Ivanova"/);
    expect(linkNamed(html, 'a.ivanova@university.example').href).toBe('mailto:a.ivanova@university.example');
    expect(linkNamed(html, 'a.ivanova@university.example').attributes).not.toContain('target=');
    expect(linkNamed(html, 'Anna Ivanova').href).toBe('/en/people?department=physics#person-2');
    expect(textOf(html)).toContain('Associate Professor Faculty of Physics Email: a.ivanova@university.example');
    expect(html).toContain('<li id="person-4">');
    expect(textOf(html)).toContain('2 people');
  });

  it('filters by one department at a time and searches by name or position, keeping the other parameter', () => {
    const html = renderSection(PeopleDirectory, { props: {}, data: directory({}, 'ivan', 'physics') }, en, {
      locale: 'en',
      path: '/en/people?q=ivan&department=physics&page=2',
    });
    expect(linkNamed(html, '✓ Faculty of Physics').href).toBe('/en/people?q=ivan');
    expect(linkNamed(html, 'Faculty of Chemistry').href).toBe('/en/people?q=ivan&department=chemistry');
    expect(linkNamed(html, 'All departments').href).toBe('/en/people?q=ivan');
    expect(html).toContain('<input type="hidden" name="department" value="physics"/>');
    expect(textOf(html)).toContain('Search by name or position');
    const ruHtml = renderSection(PeopleDirectory, { props: {}, data: directory() }, ru, { path: '/people' });
    expect(linkNamed(ruHtml, '✓ Все подразделения').attributes).toContain('aria-current="true"');
  });

  it('offers no department filter when the page fixes the department', () => {
    const html = renderSection(PeopleDirectory, { props: { department: 'physics' }, data: directory({}, '', 'physics') }, en, {
      locale: 'en',
      path: '/en/physics/staff',
    });
    expect(linksOf(html).map((link) => link.text)).not.toContain('All departments');
  });

  it('says there is no match for a search that finds nobody, and no data for an empty directory', () => {
    const none = { items: [], total: 0 };
    expect(textOf(renderSection(PeopleDirectory, { props: {}, data: directory(none, 'zzz') }, en, { locale: 'en', path: '/en/people?q=zzz' }))).toContain(
      'No match on filtering results',
    );
    expect(textOf(renderSection(PeopleDirectory, { props: {}, data: directory(none, 'zzz') }, ru, { path: '/people?q=zzz' }))).toContain(
      'Нет совпадений по результатам фильтрации',
    );
    expect(textOf(renderSection(PeopleDirectory, { props: {}, data: directory({ ...none, departments: [] }) }, en, { locale: 'en' }))).toContain(
      'No data to display',
    );
  });

  it('asks the API for the fixed department over the page query, dropping malformed values', async () => {
    const api = scriptedApi(() => ({ data: { items: [], total: 0, page: 1, pageSize: 24, departments: [] } }));
    await load(loadContext(api, 'en', { department: 'chemistry', page: '3', q: ' ivan ' }), descriptorOf('PeopleDirectory', { department: 'physics' }));
    await load(loadContext(api, 'en', { department: '../etc', page: '-1' }), descriptorOf('PeopleDirectory', {}));
    expect(api.calls.map((call) => call.params)).toEqual([
      { q: 'ivan', department: 'physics', page: 3 },
      { q: '', department: null, page: 1 },
    ]);
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('pages through everyone, with photos described and emails', async () => {
      const loaded = await load(loadContext(server.api, 'en'), descriptorOf('PeopleDirectory', {}));
      expect(loaded.people.total).toBeGreaterThan(loaded.people.pageSize);
      const html = renderSection(PeopleDirectory, { props: {}, data: loaded }, en, { locale: 'en', path: '/en/people' });
      expect(linksOf(html).filter((link) => link.href.startsWith('mailto:'))).toHaveLength(loaded.people.items.length);
      const photos = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]).filter((tag) => tag.includes('src="/api/media/images/'));
      expect(photos.length).toBeGreaterThan(0);
      for (const photo of photos) expect(photo).toMatch(/alt="[^"]+"/);
      expect(linkNamed(html, 'Next').href).toBe('/en/people?page=2');
    });

    it('narrows to a department and to a name', async () => {
      const physics = await load(loadContext(server.api, 'en', { department: 'physics' }), descriptorOf('PeopleDirectory', {}));
      expect(new Set(physics.people.items.map((person) => person.department))).toEqual(new Set(['Faculty of Physics']));
      const someone = physics.people.items[0]!;
      const surname = someone.name.split(' ').at(-1)!;
      const found = await load(loadContext(server.api, 'en', { q: surname }), descriptorOf('PeopleDirectory', {}));
      expect(found.people.items.map((person) => person.name)).toContain(someone.name);
      expect(found.people.total).toBeLessThan(160);
    });
  });
});
