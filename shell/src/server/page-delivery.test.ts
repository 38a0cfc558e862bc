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
  });

  test('tracking parameters and parameter order do not split the cache', async () => {
    await get('/news?b=2&a=1');
    const fetches = gate.pageFetches('news');
    const same = await get('/news?a=1&utm_source=mail&b=2');
    expect(same.headers['x-page-cache']).toBe('hit');
    expect(gate.pageFetches('news')).toBe(fetches);
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

  test('fifty requests for one stale page cost one content API fetch', async () => {
    await get('/history');
    const entry = shell.app.renderCache.peek('http://localhost:3999|desktop|/history');
    if (!entry) throw new Error('the page was not cached');
    entry.renderedAt -= 120_000; // older than the fresh time: stale
    const before = gate.pageFetches('history');
    const answers = await Promise.all(Array.from({ length: 50 }, () => get('/history')));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.every((answer) => answer.headers['x-page-cache'] === 'stale')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gate.pageFetches('history')).toBe(before + 1);
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
