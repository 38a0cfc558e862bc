import { SearchResponseSchema, SearchResultsPropsSchema, type SearchResultsProps } from '@site/contracts/search';
import { validate } from '@site/contracts';
import { ENGINES, adminHeaders, getJson, sendJson, startTestApi, type TestApi } from '../test-support/test-api';

/** A small corpus of our own, added through the write API, so the expectations do not depend on the demo seed. */
function newsRecord(id: number, title: string, body: string, date = '2026-01-15T10:00:00+03:00') {
  return { title, body: `<p>${body}</p>`, date, type: 'News', isFeatured: false, featureSort: 'NotSet', link: `/news/${id}`, categories: ['science'] };
}

function eventRecord(id: number, title: string, body: string) {
  return {
    title,
    body: `<p>${body}</p>`,
    link: `/events/${id}`,
    startsAt: '2026-03-01T10:00:00+03:00',
    endsAt: '2026-03-01T12:00:00+03:00',
    coOrganizers: [],
    isRecommended: false,
    isPaid: false,
    application: { type: 'none' },
  };
}

const CORPUS: [string, string, number, object][] = [
  ['ru', 'news', 9001, newsRecord(9001, 'Новое общежитие для студентов', 'Общежитие на 800 мест открылось рядом с кампусом.')],
  ['en', 'news', 9001, newsRecord(9001, 'New student housing opens', 'A hall of residence with 800 places opened next to campus.')],
  ['ru', 'news', 9002, newsRecord(9002, 'Учёные создали ёмкий аккумулятор', 'Квазикристаллический электрод хранит вдвое больше энергии.')],
  ['ru', 'events', 9003, eventRecord(9003, 'Семинар о квазикристаллах', 'Квазикристаллический порядок в сплавах.')],
  ['ru', 'news', 9004, newsRecord(9004, 'Сверхпроводимость при комнатной температуре', 'Обзор новых работ.')],
  ['ru', 'news', 9005, newsRecord(9005, 'Итоги года', 'Среди тем года — сверхпроводимость и новые материалы.')],
];

async function search(server: TestApi, locale: string, query: string, category?: string): Promise<SearchResultsProps> {
  const url = `/${locale}/pages/search/${encodeURIComponent(query)}${category ? `/${encodeURIComponent(category)}` : ''}?t=${Date.now()}`;
  const { status, body } = await getJson<{ components: { name: string; props: SearchResultsProps }[] }>(server, url);
  expect([url, status]).toEqual([url, 200]);
  expect(validate(SearchResponseSchema, body).ok).toBe(true);
  const section = body.components[0]!;
  expect(section.name).toBe('SearchResults');
  expect(validate(SearchResultsPropsSchema, section.props).ok).toBe(true);
  return section.props;
}

const ids = (props: SearchResultsProps) => props.results.map((result) => result.id);

const servers: Partial<Record<(typeof ENGINES)[number], TestApi>> = {};

beforeAll(async () => {
  for (const engine of ENGINES) {
    const server = await startTestApi(engine);
    for (const [locale, entity, id, record] of CORPUS) {
      const { status, body } = await sendJson(server, 'PUT', `/admin/${locale}/${entity}/${id}`, record, adminHeaders);
      expect([status, body]).toEqual([200, expect.anything()]);
    }
    servers[engine] = server;
  }
});

afterAll(async () => {
  for (const server of Object.values(servers)) await server?.stop();
});

describe.each(ENGINES)('search on %s', (engine) => {
  const server = () => servers[engine]!;

  test("Russian morphology: 'студенты' finds 'студентов' and reports the matched word", async () => {
    const props = await search(server(), 'ru', 'студенты');
    const hit = props.results.find((result) => result.id === 'news:9001');
    expect(hit).toBeDefined();
    expect(hit!.matchedWords).toContain('студентов');
    expect(hit!.href).toBe('/news/9001');
  });

  test("English morphology: 'students' finds 'student'", async () => {
    const props = await search(server(), 'en', 'students housing');
    const hit = props.results.find((result) => result.id === 'news:9001');
    expect(hit?.matchedWords).toContain('student');
    expect(hit?.href).toBe('/news/9001');
  });

  test('ё and е find each other, in either direction', async () => {
    expect(ids(await search(server(), 'ru', 'ученые'))).toContain('news:9002');
    expect(ids(await search(server(), 'ru', 'учёные'))).toContain('news:9002');
    const props = await search(server(), 'ru', 'емкий');
    expect(props.results.find((result) => result.id === 'news:9002')?.matchedWords).toContain('ёмкий');
  });

  test('the category filter keeps one category and the counts show them all', async () => {
    const all = await search(server(), 'ru', 'квазикристаллический');
    expect(ids(all).sort()).toEqual(['event:9003', 'news:9002']);
    expect(all.categoryCounts).toEqual({ news: 1, events: 1 });
    const events = await search(server(), 'ru', 'квазикристаллический', 'events');
    expect(ids(events)).toEqual(['event:9003']);
    expect(events).toMatchObject({ category: 'events', total: 1, categoryCounts: { news: 1, events: 1 } });
  });

  test('a title match ranks above a body match; every word of the query must match', async () => {
    expect(ids(await search(server(), 'ru', 'сверхпроводимость')).slice(0, 2)).toEqual(['news:9004', 'news:9005']);
    expect(ids(await search(server(), 'ru', 'сверхпроводимость комнатной'))).toEqual(['news:9004']);
  });

  test('URL-encoded queries with spaces and punctuation work; an empty query answers empty results', async () => {
    const props = await search(server(), 'ru', 'общежитие & студенты?');
    expect(ids(props)).toContain('news:9001');
    expect(props.results.every((result) => result.matchedWords.length >= 2)).toBe(true);
    expect(await search(server(), 'ru', '')).toMatchObject({ query: '', total: 0, results: [] });
    expect(await search(server(), 'ru', '   ')).toMatchObject({ total: 0, results: [] });
  });

  test('seeded content is searchable in both languages, across kinds', async () => {
    const ru = await search(server(), 'ru', 'лаборатория');
    expect(ru.total).toBeGreaterThan(10);
    expect(Object.keys(ru.categoryCounts).length).toBeGreaterThanOrEqual(2);
    const en = await search(server(), 'en', 'robotics');
    expect(en.results.map((result) => result.category)).toEqual(expect.arrayContaining(['news', 'education']));
    expect((await search(server(), 'en', 'Smirnova')).results.some((result) => result.kind === 'person')).toBe(true);
    expect((await search(server(), 'ru', 'вакансии')).results.some((result) => result.kind === 'page')).toBe(true);
  });

  test('changes through the write API are re-indexed: update, then delete', async () => {
    await sendJson(server(), 'PUT', '/admin/ru/news/9006', newsRecord(9006, 'Ботанический сад расширяется', 'Оранжерея.'), adminHeaders);
    expect(ids(await search(server(), 'ru', 'оранжерея'))).toEqual(['news:9006']);
    await sendJson(server(), 'PUT', '/admin/ru/news/9006', newsRecord(9006, 'Ботанический сад расширяется', 'Теплица.'), adminHeaders);
    expect(ids(await search(server(), 'ru', 'оранжерея'))).toEqual([]);
    expect(ids(await search(server(), 'ru', 'теплица'))).toEqual(['news:9006']);
    expect((await sendJson(server(), 'DELETE', '/admin/ru/news/9006', undefined, adminHeaders)).status).toBe(204);
    expect(ids(await search(server(), 'ru', 'теплица'))).toEqual([]);
  });
});

test('SQLite and PostgreSQL return the same results, scores and matched words', async () => {
  const queries: [string, string, string?][] = [
    ['ru', 'студенты'],
    ['en', 'students'],
    ['ru', 'ученые'],
    ['ru', 'квантовые вычисления'],
    ['en', 'robotics', 'education'],
    ['ru', 'лаборатория'],
    ['en', 'open day'],
    ['ru', 'квазикристаллический'],
    ['en', 'research grant'],
  ];
  for (const [locale, query, category] of queries) {
    const sqlite = await search(servers.sqlite!, locale, query, category);
    const postgres = await search(servers.postgres!, locale, query, category);
    expect(sqlite.total).toBeGreaterThan(0);
    expect([query, postgres]).toEqual([query, sqlite]);
  }
});
