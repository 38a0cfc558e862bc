import zlib from 'node:zlib';
import type { ShellServer } from './app';
import type { BackendGate } from '../testing/backend-gate';
import { startShellWithBackend, type ShellWithBackend } from '../testing/shell-with-backend';

const ADMIN_TOKEN = 'page-delivery-test-token';

describe('page delivery: render cache, revisions, backend faults', () => {
  let platform: ShellWithBackend;
  let gate: BackendGate;
  let shell: ShellServer;

  beforeAll(async () => {
    platform = await startShellWithBackend({ name: 'page-delivery', adminToken: ADMIN_TOKEN, env: { PAGE_CACHE_FRESH_MS: '60000' } });
    ({ gate, shell } = platform);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => shell.app.inject({ method: 'GET', url, headers });

  test('two visitors with different preferences get byte-identical HTML, and none of their preferences', async () => {
    const first = await get('/about', { cookie: 'colorScheme=black; fontSize=200' });
    const second = await get('/about', { cookie: 'colorScheme=sepia; fontSize=125; i18n_redirected=ru' });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.body).not.toMatch(/data-color-scheme=|data-font-scale=/);
    expect(first.body).not.toMatch(/"colorScheme":"(black|sepia)"/);
  });

  test('a page seen before is served from memory with validators and compression', async () => {
    await get('/contacts');
    const before = gate.pageFetches('contacts');
    const cached = await get('/contacts', { 'accept-encoding': 'br, gzip' });
    expect(cached.headers['x-page-cache']).toBe('hit');
    expect(gate.pageFetches('contacts')).toBe(before);
    expect(cached.headers['content-encoding']).toBe('br');
    expect(cached.headers['cache-control']).toMatch(/s-maxage=\d+.*stale-while-revalidate=\d+.*stale-if-error=86400/);
    expect(cached.headers.vary).toBe('Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
    const html = zlib.brotliDecompressSync(cached.rawPayload).toString('utf8');
    expect(html).toBe((await get('/contacts')).body);
    const gzipped = await get('/contacts', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(html);
    const revalidated = await get('/contacts', { 'accept-encoding': 'br', 'if-none-match': String(cached.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // The client's q-values choose the coding; brotli wins among equals, and a refused coding is never sent.
    const codingFor = async (acceptEncoding: string) => (await get('/contacts', { 'accept-encoding': acceptEncoding })).headers['content-encoding'];
    expect(await codingFor('gzip, br;q=0.5')).toBe('gzip');
    expect(await codingFor('gzip;q=0.8, *')).toBe('br');
    expect(await codingFor('br;q=0, gzip;q=0')).toBeUndefined();
    expect(await codingFor('identity')).toBeUndefined();
  });

  test('tracking parameters and the order of declared ones do not split the cache', async () => {
    await get('/news?page=2');
    const fetches = gate.pageFetches('news');
    const same = await get('/news?utm_source=mail&page=2&gclid=x');
    expect(same.headers['x-page-cache']).toBe('hit');
    expect(gate.pageFetches('news')).toBe(fetches);
    await get('/en/search?query=exam&category=news');
    const reordered = await get('/en/search?category=news&utm_medium=x&query=exam');
    expect(reordered.statusCode).toBe(200);
    expect(reordered.headers['x-page-cache']).toBe('hit');
  });

  test('parameters nobody declared redirect to the canonical address, tracking kept, and never make a render', async () => {
    const first = await get('/news?x=first-key&page=3');
    expect(first.statusCode).toBe(301);
    expect(first.headers.location).toBe('/news?page=3');
    await get('/news?page=3');
    const fetches = gate.pageFetches('news');
    const entries = shell.app.renderCache.size;
    for (let index = 0; index < 50; index += 1) {
      const random = await get(`/news?x=${index}-${Math.random()}&page=3&utm_source=mail`);
      expect(random.statusCode).toBe(301);
      expect(random.headers.location).toBe('/news?page=3&utm_source=mail');
      expect(random.headers['cache-control']).toBe('no-store');
    }
    expect(gate.pageFetches('news')).toBe(fetches);
    expect(shell.app.renderCache.size).toBe(entries);
    const canonical = await get('/news?page=3');
    expect(canonical.headers['x-page-cache']).toBe('hit');
    expect(canonical.body).not.toMatch(/first-key/);
  });

  test('search keeps its query and category: each search is its own page, in the address as asked', async () => {
    const exams = await get('/en/search?query=exam&category=news');
    const library = await get('/en/search?query=library');
    expect([exams.statusCode, library.statusCode]).toEqual([200, 200]);
    // The language switch keeps the search (its parameters in canonical order).
    expect(exams.body).toContain('href="/search?category=news&amp;query=exam"');
    expect(exams.body).not.toBe(library.body);
  });

  test('every unknown address of a locale is answered with one shared "not found" page that does not echo the address', async () => {
    const first = await get('/no-such-page-alpha');
    expect(first.statusCode).toBe(404);
    const entries = shell.app.renderCache.size;
    const answers = await Promise.all(['/no-such-page-beta', '/no-such-page-gamma?x=1', '/deep/no/such/page'].map((url) => get(url)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    for (const answer of answers) expect(answer.body).toBe(first.body);
    expect(first.body).not.toMatch(/no-such-page|alpha/);
    expect(shell.app.renderCache.size).toBe(entries);
    const english = await get('/en/no-such-page-delta');
    expect(english.statusCode).toBe(404);
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).not.toMatch(/delta/);
  });

  test('a query failing the page validation is a 404 for that query only: the page itself still answers', async () => {
    for (let round = 0; round < 2; round += 1) {
      expect((await get('/en/events?page=0')).statusCode).toBe(404);
      expect((await get('/en/events')).statusCode).toBe(200);
      expect((await get('/en/events?page=2')).statusCode).toBe(200);
    }
  });

  test('the root path varies by cookie and language, and its redirect is never shared', async () => {
    const english = await get('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/en');
    expect(english.headers['cache-control']).toBe('private, no-store');
    const russian = await get('/', { 'accept-language': 'ru' });
    expect(russian.statusCode).toBe(200);
    expect(russian.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language, User-Agent, Sec-CH-UA-Mobile');
  });

  test('forwarded and Host headers never reach the links', async () => {
    const hostile = await get('/en/about', { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).toContain('<link rel="canonical" href="http://localhost:3999/en/about">');
    expect(hostile.body).toContain('<meta property="og:url" content="http://localhost:3999/en/about">');
    expect(hostile.body).not.toMatch(/evil\.example|javascript:/);
    const allowed = await get('/en/about', { host: '127.0.0.1:3999' });
    expect(allowed.body).toContain('<link rel="canonical" href="http://127.0.0.1:3999/en/about">');
  });

  test('an editor change shows on the next request after the revision moves', async () => {
    const page = (await (await fetch(`${gate.url}/ru/pages/about`)).json()) as { data: Record<string, unknown> };
    await get('/about');
    const response = await fetch(`${gate.url}/admin/ru/pages/about`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ ...page.data, title: 'Об университете: обновлено' }),
    });
    expect(response.status).toBe(200);
    const deadline = Date.now() + 5000;
    let body = '';
    while (Date.now() < deadline && !body.includes('Об университете: обновлено')) {
      body = (await get('/about')).body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(body).toMatch(/<h1[^>]*>Об университете: обновлено<\/h1>/);
  });

  test('with the content API frozen: seen pages in full at once, unseen pages 503 with Retry-After in their language', async () => {
    const seen = await get('/en/about');
    expect(seen.statusCode).toBe(200);
    gate.frozen = true;
    try {
      const started = Date.now();
      const again = await get('/en/about');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(seen.body);
      const unseen = await get('/en/no-such-page-xyz');
      expect(unseen.statusCode).toBe(503);
      expect(unseen.headers['retry-after']).toBe('10');
      expect(unseen.headers['cache-control']).toBe('no-store');
      expect(unseen.body).toContain('<html lang="en"');
      expect(unseen.body).toContain('Server Error');
      const unseenRu = await get('/no-such-page-xyz');
      expect(unseenRu.statusCode).toBe(503);
      expect(unseenRu.body).toContain('<html lang="ru"');
      expect(Date.now() - started).toBeLessThan(2000 * 3);
    } finally {
      gate.thaw();
    }
    // Recovers by itself once the API answers again (after the breaker's cool-down).
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 404) {
      status = (await get('/en/no-such-page-xyz')).statusCode;
      if (status !== 404) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(404);
  }, 20_000);
});

describe('page delivery: stale pages', () => {
  let platform: ShellWithBackend;
  let gate: BackendGate;
  let shell: ShellServer;

  beforeAll(async () => {
    platform = await startShellWithBackend({ name: 'stale-pages', env: { PAGE_CACHE_FRESH_MS: '1000' } });
    ({ gate, shell } = platform);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  const get = (url: string) => shell.app.inject({ method: 'GET', url });

  test('fifty requests for one stale page are answered at once and cost one content API fetch', async () => {
    expect((await get('/history')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // older than the fresh time: stale
    const before = gate.pageFetches('history');
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/history')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.every((answer) => answer.headers['x-page-cache'] === 'stale')).toBe(true);
    // The one render behind them replaces the page (however long that takes on a loaded machine): from then on it is
    // a hit, and it cost one fetch however many requests came meanwhile.
    const deadline = Date.now() + 5000;
    let outcome = answers[0]!.headers['x-page-cache'];
    while (outcome !== 'hit' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      outcome = (await get('/history')).headers['x-page-cache'];
    }
    expect(outcome).toBe('hit');
    expect(gate.pageFetches('history')).toBe(before + 1);
  });

  test('with the content API frozen a stale page stands in for the failed render, and is replaced once it answers', async () => {
    const seen = await get('/en/about');
    expect(seen.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    gate.frozen = true;
    try {
      for (let round = 0; round < 3; round += 1) {
        const again = await get('/en/about');
        expect([again.statusCode, again.headers['x-page-cache']]).toEqual([200, 'stale']);
        expect(again.body).toBe(seen.body);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      gate.thaw();
    }
    const deadline = Date.now() + 10_000;
    let outcome: unknown;
    while (Date.now() < deadline && outcome !== 'hit') {
      outcome = (await get('/en/about')).headers['x-page-cache'];
      if (outcome !== 'hit') await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(outcome).toBe('hit');
  }, 20_000);
});

describe('page delivery: the per-client budget of uncached answers', () => {
  let platform: ShellWithBackend;
  let shell: ShellServer;

  beforeAll(async () => {
    platform = await startShellWithBackend({ name: 'miss-budget', env: { PAGE_MISS_BURST: '10', PAGE_MISS_PER_SECOND: '1', CONTENT_API_TIMEOUT_MS: '5000' } });
    ({ shell } = platform);
  }, 60_000);

  afterAll(async () => {
    await platform?.close();
  });

  const from = (remoteAddress: string, url: string) => shell.app.inject({ method: 'GET', url, remoteAddress });

  test('a client asking for page after page nobody has seen gets 429 with Retry-After once over budget, yet every cached page', async () => {
    expect((await from('198.51.100.1', '/en/about')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, index) => from('203.0.113.9', `/random-${index}-${Math.random()}`)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(404), ...Array(4).fill(429)]);
    const refused = answers.find((answer) => answer.statusCode === 429)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toMatch(/Слишком много запросов/);
    // The page another visitor made is still served to this client, and other clients are not affected.
    const cached = await from('203.0.113.9', '/en/about');
    expect([cached.statusCode, cached.headers['x-page-cache']]).toEqual([200, 'hit']);
    expect((await from('198.51.100.2', '/contacts')).statusCode).toBe(200);
  }, 30_000);

  test('memory stays bounded under two thousand random keys and paths', async () => {
    await from('198.51.100.3', '/news');
    const entries = shell.app.renderCache.size;
    const statuses = new Set<number>();
    // A thousand random query keys (each a redirect) and a thousand random paths (each a content API lookup that
    // finds nothing): every one would be an entry of its own were any kept.
    for (let index = 0; index < 1000; index += 1) {
      const address = `10.1.${Math.floor(index / 100)}.${index % 100}`;
      statuses.add((await from(address, `/news?x=${index}-${Math.random()}`)).statusCode);
      statuses.add((await from(address, `/path-${index}-${Math.random()}`)).statusCode);
    }
    expect([...statuses].sort()).toEqual([301, 404]);
    expect(shell.app.renderCache.size).toBeLessThanOrEqual(entries + 1);
  }, 120_000);
});
