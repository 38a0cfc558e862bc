import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { writeRss } from './rss';
import { moscowWallTime } from './moscow-time';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => name === 'item' || name === 'category' });

describe('RSS writer', () => {
  const xml = writeRss({
    title: 'Новости — Университет',
    link: 'https://site.example/news',
    self: 'https://site.example/news/feed.xml',
    description: 'Последние новости',
    language: 'ru',
    built: new Date('2026-11-23T10:00:00Z'),
    items: [
      {
        title: 'R&D <центр> открыт "сегодня"\u0001',
        link: 'https://site.example/news/5',
        published: moscowWallTime('2026-11-20')!,
        description: 'Лид & подробности',
        categories: ['Наука', 'Образование'],
        image: { url: 'https://site.example/api/media/images/a.jpg', type: 'image/jpeg' },
      },
      { title: 'Без даты', link: 'https://site.example/news/6', published: moscowWallTime('2026-11-21T15:45:00+03:00')!, categories: [] },
    ],
  });

  test('is well-formed XML whose channel and items read back as written', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const { rss } = parser.parse(xml);
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBe('Новости — Университет');
    expect(channel.link).toBe('https://site.example/news');
    expect(channel['atom:link']['@href']).toBe('https://site.example/news/feed.xml');
    expect(channel['atom:link']['@rel']).toBe('self');
    expect(channel.language).toBe('ru');
    expect(new Date(channel.lastBuildDate).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    const [first] = channel.item;
    expect(first.title).toBe('R&D <центр> открыт "сегодня"');
    expect(first.guid['#text']).toBe('https://site.example/news/5');
    expect(first.guid['@isPermaLink']).toBe('true');
    expect(first.category).toEqual(['Наука', 'Образование']);
    expect(first.enclosure['@url']).toBe('https://site.example/api/media/images/a.jpg');
    expect(first.description).toBe('Лид & подробности');
  });

  test('dates items in RFC 822 with Moscow offset: midnight for a day, the time for a time', () => {
    const [first, second] = parser.parse(xml).rss.channel.item;
    expect(first.pubDate).toBe('Fri, 20 Nov 2026 00:00:00 +0300');
    expect(new Date(first.pubDate).toISOString()).toBe('2026-11-19T21:00:00.000Z');
    expect(second.pubDate).toBe('Sat, 21 Nov 2026 15:45:00 +0300');
  });
});
