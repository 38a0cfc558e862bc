import type { HistoryEntry } from '@site/contracts/education';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { contentApiForSuite, descriptorOf, loadContext, textOf } from '@site/test-support';
import HistoryTimeline from './index';
import { load } from './load';

const entries: HistoryEntry[] = [
  { id: 'y1991', year: 1991, title: 'University status', text: 'The institute becomes a technical university.' },
  {
    id: 'y1956',
    year: 1956,
    title: 'The institute is founded',
    text: 'A government decree creates the institute.',
    image: { url: '/media/images/library.jpg', alt: 'The first building' },
  },
];

describe('HistoryTimeline', () => {
  it('lists the entries oldest first in an ordered list, each under its year', () => {
    const html = renderSection(HistoryTimeline, { props: {}, data: entries }, en, { locale: 'en' });
    expect(html).toMatch(/^<div role="region"[^>]*><h2[^>]*>History<\/h2><ol/);
    expect(textOf(html)).toBe(
      'History 1956 The institute is founded A government decree creates the institute. 1991 University status The institute becomes a technical university.',
    );
    expect(html).toContain('<time dateTime="1956">1956</time>');
    expect(html).toMatch(/<img [^>]*alt="The first building"/);
    expect(textOf(renderSection(HistoryTimeline, { props: {}, data: entries }, ru))).toMatch(/^История 1956/);
  });

  it('says "No data to display" when there is no history', () => {
    expect(textOf(renderSection(HistoryTimeline, { props: {}, data: [] }, en, { locale: 'en' }))).toBe('History No data to display');
    expect(textOf(renderSection(HistoryTimeline, { props: {}, data: [] }, ru))).toBe('История Нет данных для отображения');
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('loads the history from the founding year onwards, years never going back', async () => {
      const history = await load(loadContext(server.api, 'ru'), descriptorOf('HistoryTimeline', {}));
      expect(history[0]?.year).toBe(1956);
      const years = history.map((entry) => entry.year);
      expect(years).toEqual([...years].sort((a, b) => a - b));
      const html = renderSection(HistoryTimeline, { props: {}, data: history }, ru);
      expect(html.match(/<time /g)).toHaveLength(history.length);
    });
  });
});
