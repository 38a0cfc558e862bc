import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { event } from '../../testing/fixtures';
import { contentApiForSuite, descriptorOf, loadContext, linksOf, textOf } from '@site/test-support';
import EventsUpcoming from './index';
import { load, type EventsUpcomingProps } from './load';

describe('EventsUpcoming', () => {
  it('shows when (as on campus), where, marks and co-organisers of each event', () => {
    const data = [event({ id: 4, title: 'Open lecture', place: 'Main Building', isRecommended: true, isPaid: true, coOrganizers: ['Skoltech', 'RAS'] })];
    const html = renderSection(EventsUpcoming, { props: {}, data }, en, { locale: 'en' });
    expect(html).toContain('<time dateTime="2026-03-10T14:00:00+03:00">March 10, 2:00 PM</time>–<time dateTime="2026-03-10T16:30:00+03:00">4:30 PM</time>');
    expect(textOf(html)).toContain('· Main Building Open lecture Recommended Paid Co-organisers: Skoltech, RAS');
    expect(linksOf(html)).toEqual([expect.objectContaining({ href: '/en/events/4', text: 'Open lecture' })]);
  });

  it("uses the editor's title and says when there is nothing upcoming, in Russian", () => {
    const html = renderSection(EventsUpcoming, { props: { title: 'Рекомендуем' }, data: [] }, ru);
    expect(html).toMatch(/<h2[^>]*>Рекомендуем<\/h2>/);
    expect(textOf(html)).toContain('Ближайших событий пока нет');
  });
});

describe('EventsUpcoming loader on the content API', () => {
  const server = contentApiForSuite();

  it('gives the soonest recommended events, at most the limit', async () => {
    const items = await load(loadContext(server.api, 'ru'), descriptorOf<EventsUpcomingProps>('EventsUpcoming', { limit: 3, recommendedOnly: true }));
    expect(items).toHaveLength(3);
    expect(items.every((item) => item.isRecommended)).toBe(true);
    const starts = items.map((item) => Date.parse(item.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
