import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { eventDetails } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, linkNamed, linksOf, textOf } from '@site/test-support';
import { applicationTargetOf } from './application';
import EventDetails from './index';
import { load, type EventDetailsProps } from './load';

const openDay = eventDetails({
  id: 1,
  title: 'University open day',
  place: 'Main Building, Assembly Hall',
  address: { streetAddress: '1 Universitetsky Prospekt', addressLocality: 'Moscow', postalCode: '119991', addressCountry: 'RU' },
  organizer: 'Admissions Office',
  coOrganizers: ['Skoltech', 'RAS'],
  isRecommended: true,
  isPaid: true,
  price: 'RUB 1,500',
  promotion: { from: '2026-02-24', to: '2026-03-10' },
  application: { type: 'form', url: '/apply?eventId=1' },
  body: '<p>Meet the faculties.</p><script>alert(1)</script>',
  image: { url: '/media/images/hall.jpg', alt: 'The assembly hall' },
});

describe('how to apply', () => {
  const future = { startsAt: '2099-05-01T10:00:00+03:00' };
  it('goes to the application page with the event for type form, to the organiser for type link, nowhere for none', () => {
    expect(applicationTargetOf({ ...future, id: 12, application: { type: 'form' } })).toEqual({ kind: 'form', href: '/apply?eventId=12' });
    expect(applicationTargetOf({ ...future, id: 5, application: { type: 'link', url: 'https://registration.example.org/5' } })).toEqual({
      kind: 'link',
      href: 'https://registration.example.org/5',
    });
    expect(applicationTargetOf({ ...future, id: 5, application: { type: 'link', url: 'javascript:alert(1)' } })).toBeNull();
    expect(applicationTargetOf({ ...future, id: 5, application: { type: 'link' } })).toBeNull();
    expect(applicationTargetOf({ ...future, id: 6, application: { type: 'none' } })).toBeNull();
  });

  it('offers nothing once the event is over (its end, or its start when it has no end, has passed)', () => {
    const now = Date.parse('2026-03-10T12:00:00+03:00');
    expect(
      applicationTargetOf({ id: 12, startsAt: '2026-03-09T10:00:00+03:00', endsAt: '2026-03-10T11:00:00+03:00', application: { type: 'form' } }, now),
    ).toBeNull();
    expect(
      applicationTargetOf({ id: 12, startsAt: '2026-03-09T10:00:00+03:00', endsAt: '2026-03-10T13:00:00+03:00', application: { type: 'form' } }, now),
    ).not.toBeNull();
    expect(applicationTargetOf({ id: 12, startsAt: '2026-03-10T11:59:00+03:00', application: { type: 'form' } }, now)).toBeNull();
  });
});

describe('EventDetails', () => {
  // The fixtures' events are in March 2026: render them as seen a week before, while they take applications.
  let clock: jest.SpyInstance;
  beforeEach(() => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-03T12:00:00+03:00'));
  });
  afterEach(() => clock.mockRestore());
  it('shows when, where, organisers, price and promotion period, and links to the application form', () => {
    const html = renderSection(EventDetails, { props: { id: 1 }, data: openDay }, en, { locale: 'en' });
    expect(html).toMatch(/<h2[^>]*id="test-section-title"[^>]*>University open day<\/h2>/);
    const text = textOf(html);
    expect(text).toContain('Recommended Paid');
    expect(text).toContain('When March 10, 2:00 PM – 4:30 PM');
    expect(text).toContain('Where Main Building, Assembly Hall');
    expect(text).toContain('Organiser Admissions Office');
    expect(text).toContain('Co-organisers Skoltech, RAS');
    expect(text).toContain('Participation Paid, RUB 1,500');
    expect(text).toContain('Promotion period February 24 – March 10');
    expect(html).toContain('<time dateTime="2026-02-24">February 24</time>');
    expect(linkNamed(html, 'Apply to take part').href).toBe('/en/apply?eventId=1');
    expect(html).toContain('alt="The assembly hall"');
    expect(text).toContain('Meet the faculties.');
    // The body's script is gone; the only script is the structured data.
    expect(html).not.toContain('alert(1)');
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it("sends visitors to the organiser's registration in a new tab, and says a free event is free, in Russian", () => {
    const data = eventDetails({ id: 5, application: { type: 'link', url: 'https://registration.example.org/5' } });
    const html = renderSection(EventDetails, { props: { id: 5 }, data }, ru);
    const register = linkNamed(html, 'Зарегистрироваться на сайте организатора (откроется в новой вкладке)');
    expect(register.href).toBe('https://registration.example.org/5');
    expect(register.attributes).toContain('target="_blank"');
    expect(textOf(html)).toContain('Участие Бесплатно');
    expect(textOf(html)).toContain('Когда 10 марта, 14:00 – 16:30');
  });

  it('offers no application link for events without one, only the calendar file', () => {
    const html = renderSection(EventDetails, { props: { id: 6 }, data: eventDetails({ id: 6 }) }, en, { locale: 'en' });
    expect(
      linksOf(html)
        .filter((link) => !link.attributes.includes('data-share'))
        .map((link) => link.text),
    ).toEqual(['Add to calendar']);
  });

  it("offers the event's calendar file in the page's locale", () => {
    const english = linkNamed(renderSection(EventDetails, { props: { id: 6 }, data: eventDetails({ id: 6 }) }, en, { locale: 'en' }), 'Add to calendar');
    expect(english.href).toBe('/en/events/6.ics');
    expect(english.attributes).toContain('type="text/calendar"');
    expect(linkNamed(renderSection(EventDetails, { props: { id: 6 }, data: eventDetails({ id: 6 }) }, ru), 'Добавить в календарь').href).toBe('/events/6.ics');
  });

  it("puts an editor's title over the event's own, and says 'No data to display' for a missing event", () => {
    const titled = renderSection(EventDetails, { props: { id: 1, title: 'Come to the open day' }, data: openDay }, en, { locale: 'en' });
    expect(titled).toMatch(/<h2[^>]*>Come to the open day<\/h2><h3[^>]*>University open day<\/h3>/);
    expect(textOf(renderSection(EventDetails, { props: { id: 1 }, data: null }, en, { locale: 'en' }))).toBe('Event No data to display');
    expect(textOf(renderSection(EventDetails, { props: { id: 1 }, data: null }, ru))).toBe('Событие Нет данных для отображения');
  });
});

/** The JSON-LD objects of rendered HTML, parsed as search engines parse them. */
function structuredDataOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

describe('EventDetails for search engines and sharing', () => {
  let clock: jest.SpyInstance;
  beforeEach(() => {
    clock = jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-03T12:00:00+03:00'));
  });
  afterEach(() => clock.mockRestore());

  it('describes the event as schema.org Event with what rich results require: name, dates, place, status, offer', () => {
    const html = renderSection(EventDetails, { props: { id: 1 }, data: openDay }, en, { locale: 'en' });
    const [event] = structuredDataOf(html);
    expect(event).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'University open day',
      url: 'https://university.test/en/events/1',
      startDate: openDay.startsAt,
      endDate: openDay.endsAt,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Main Building, Assembly Hall',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '1 Universitetsky Prospekt',
          addressLocality: 'Moscow',
          postalCode: '119991',
          addressCountry: 'RU',
        },
      },
      image: ['https://university.test/api/media/images/hall.jpg'],
      ...(openDay.lead ? { description: openDay.lead } : {}),
      organizer: { '@type': 'Organization', name: 'Admissions Office' },
      offers: {
        '@type': 'Offer',
        url: 'https://university.test/en/apply?eventId=1',
        price: '1500',
        priceCurrency: 'RUB',
        availability: 'https://schema.org/InStock',
      },
    });
    expect(Date.parse(String(event!.startDate))).toBe(Date.parse(openDay.startsAt));
  });

  it("a free event registering on the organiser's site offers it at no cost; a text that could close the script stays inside", () => {
    const data = eventDetails({
      id: 5,
      title: 'Talk </script><script>alert(1)</script>',
      application: { type: 'link', url: 'https://registration.example.org/5' },
    });
    const html = renderSection(EventDetails, { props: { id: 5 }, data }, ru);
    const [event] = structuredDataOf(html);
    expect(event!.name).toBe('Talk </script><script>alert(1)</script>');
    expect(event!.url).toBe('https://university.test/events/5');
    expect(event!.offers).toEqual({
      '@type': 'Offer',
      url: 'https://registration.example.org/5',
      price: '0',
      priceCurrency: 'RUB',
      availability: 'https://schema.org/InStock',
    });
    expect(html).not.toContain('<script>alert(1)');
  });

  it('offers VK, Telegram and copying the link, with the page address and title (both locales)', () => {
    const html = renderSection(EventDetails, { props: { id: 1 }, data: openDay }, en, { locale: 'en' });
    const address = encodeURIComponent('https://university.test/en/events/1');
    expect(linkNamed(html, 'VK (opens in a new tab)').href).toBe(`https://vk.com/share.php?url=${address}&title=${encodeURIComponent('University open day')}`);
    expect(linkNamed(html, 'Telegram (opens in a new tab)').href).toBe(
      `https://t.me/share/url?url=${address}&text=${encodeURIComponent('University open day')}`,
    );
    expect(html).toMatch(/<h2[^>]*>Share<\/h2>/);
    expect(html).toMatch(/<button type="button" data-share="copy" data-share-url="[^"]+" data-share-copied="Link copied">Copy link<\/button>/);
    const russian = renderSection(EventDetails, { props: { id: 1 }, data: openDay }, ru);
    expect(linkNamed(russian, 'ВКонтакте (откроется в новой вкладке)').href).toContain(encodeURIComponent('https://university.test/events/1'));
    expect(russian).toMatch(
      /<button type="button" data-share="copy" data-share-url="[^"]+" data-share-copied="Ссылка скопирована">Скопировать ссылку<\/button>/,
    );
  });
});

describe('EventDetails loader on the content API', () => {
  const server = contentApiForSuite();

  const run = (id: string | number, locale: 'ru' | 'en' = 'en') =>
    load(loadContext(server.api, locale), descriptorOf<EventDetailsProps>('EventDetails', { id }));

  it('loads the open day with its description and application form, and a link-type event', async () => {
    const openDayData = await run(1, 'ru');
    expect(openDayData).toMatchObject({ id: 1, title: 'День открытых дверей университета', isRecommended: true, application: { type: 'form' } });
    expect(openDayData?.body).toMatch(/^<p>/);
    // The venue's postal address, for the structured data: a street and a town, not the room's name.
    expect(openDayData?.address).toMatchObject({ addressLocality: 'Москва', addressCountry: 'RU', streetAddress: expect.stringMatching(/проспект/) });
    expect(openDayData?.address?.streetAddress).not.toBe(openDayData?.place);
    const linked = await run(5);
    expect(linked && applicationTargetOf({ ...linked, startsAt: '2099-01-01T10:00:00+03:00', endsAt: undefined })).toEqual({
      kind: 'link',
      href: expect.stringMatching(/^https:\/\//),
    });
  });

  it('gives null for a missing event or a malformed id, saying which in the log', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await run(999999)).toBeNull();
    expect(warn).toHaveBeenCalledWith('EventDetails section "test-eventdetails": event 999999 does not exist in en');
    expect(await run('1 OR 1=1')).toBeNull();
    expect(error).toHaveBeenCalledWith('EventDetails section "test-eventdetails": props.id "1 OR 1=1" is not an event id');
    warn.mockRestore();
    error.mockRestore();
  });
});
