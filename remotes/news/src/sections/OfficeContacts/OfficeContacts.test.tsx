import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, linksOf, textOf } from '@site/test-support';
import OfficeContacts from './index';
import { load, OfficeNotFoundError, type OfficeContactsData, type OfficeContactsProps, type OfficeWithSlug } from './load';

const admissions: OfficeWithSlug = {
  id: 'admissions',
  slug: 'admissions',
  title: 'Admissions Office',
  description: 'Advice, documents and certificates.',
  workHoursTitle: 'Opening hours',
  workHours: 'Mon–Thu 9:00–18:00',
  contactsTitle: 'Contacts',
  contacts: [
    { label: 'Phone', value: '+7 495 100-00-20', href: 'tel:+74951000020' },
    { label: 'E-mail', value: 'admission@stu.example' },
    { label: 'Room', value: '101' },
  ],
  campusLocationTitle: 'Where to find us',
  campusLocation: 'Main Building, ground floor',
  vrMapUrl: '/media/images/aerial-campus.jpg',
};
const press: OfficeWithSlug = { id: 'press-office', slug: 'press-office', title: 'Press Office', contacts: [], vrMapUrl: 'https://vr.example.org/campus' };

describe('OfficeContacts', () => {
  it('lists offices with hours, phone and e-mail links, campus location and VR map', () => {
    const data: OfficeContactsData = { offices: [admissions, press], single: false };
    const html = renderSection(OfficeContacts, { props: {}, data }, en, { locale: 'en' });
    expect(html).toMatch(/<h2[^>]*>Contacts<\/h2>/);
    expect(html).toMatch(/<article id="office-admissions"[^>]*><h3>Admissions Office<\/h3>/);
    expect(textOf(html)).toContain('Opening hours Mon–Thu 9:00–18:00');
    expect(linkNamed(html, '+7 495 100-00-20').href).toBe('tel:+74951000020');
    // An e-mail without an href still becomes a mailto link; a plain value stays text.
    expect(linkNamed(html, 'admission@stu.example').href).toBe('mailto:admission@stu.example');
    expect(textOf(html)).toContain('Room: 101');
    expect(textOf(html)).toContain('Where to find us Main Building, ground floor');
    // A backend media file is served through the API base, never as a localised page path.
    expect(linkNamed(html, 'Find Admissions Office on the aerial campus map').href).toBe('/api/media/images/aerial-campus.jpg');
    const vr = linkNamed(html, 'Find Press Office on the campus VR map (opens in a new tab)');
    expect(vr.href).toBe('https://vr.example.org/campus');
    expect(linksOf(html).every((link) => !link.href.startsWith('/en/media'))).toBe(true);
    expect(linkNamed(html, 'Page of the Press Office').href).toBe('/en/contacts/press-office');
  });

  it('names a single office in the section heading, in Russian', () => {
    const data: OfficeContactsData = { offices: [{ ...admissions, title: 'Приёмная комиссия' }], single: true };
    const html = renderSection(OfficeContacts, { props: { officeSlug: 'admissions' }, data }, ru);
    expect(html).toMatch(/<h2[^>]*>Приёмная комиссия<\/h2>/);
    expect(html).not.toContain('<h3>');
    expect(textOf(html)).toContain('Приёмная комиссия на карте кампуса (вид сверху)');
  });

  it("says 'No data to display' when there are no offices", () => {
    expect(textOf(renderSection(OfficeContacts, { props: {}, data: { offices: [], single: false } }, en, { locale: 'en' }))).toBe(
      'Contacts No data to display',
    );
  });
});

describe('OfficeContacts loader on the content API', () => {
  const server = contentApiForSuite();

  const run = (props: OfficeContactsProps) => load(loadContext(server.api, 'en', {}, '/contacts'), descriptorOf('OfficeContacts', props));

  it('gives every office with its slug from the office dictionary', async () => {
    const data = await run({});
    expect(data.single).toBe(false);
    expect(data.offices.map((office) => office.slug)).toEqual(expect.arrayContaining(['press-office', 'admissions']));
    expect(data.offices.every((office) => office.contacts.some((contact) => contact.href?.startsWith('tel:')))).toBe(true);
  });

  it('narrows to the office named by officeSlug', async () => {
    const data = await run({ officeSlug: 'admissions' });
    expect(data).toMatchObject({ single: true, offices: [expect.objectContaining({ slug: 'admissions', title: 'Admissions Office' })] });
  });

  it("adds the office's latest news, newest first, from its newsIds", async () => {
    const data = await run({ officeSlug: 'press-office' });
    const offices = await server.api.get<{ data: { dictionary: Record<string, { newsIds: number[] }> } }>('en/offices');
    const newsIds = offices.data.dictionary['press-office']!.newsIds;
    expect(newsIds.length).toBeGreaterThan(0);
    expect(data.news!.length).toBe(Math.min(4, newsIds.length));
    expect(data.news!.every((item) => newsIds.includes(Number(item.id)))).toBe(true);
    const dates = data.news!.map((item) => Date.parse(item.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('throws when no office has that slug, so the shell shows the section fallback', async () => {
    await expect(run({ officeSlug: 'no-such-office' })).rejects.toThrow(new OfficeNotFoundError('no-such-office'));
    await expect(run({ officeSlug: 'no-such-office' })).rejects.toThrow('Office with slug "no-such-office" was not found');
  });
});
