import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { RenderCache, type CachedPage, type RenderedPage } from './render-cache';

const page = (text: string, extra: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  html: Buffer.from(text),
  headers: {},
  degraded: false,
  ...extra,
});
const revisions = { content: 'r1', catalog: 1 };
/** Text that compression cannot shrink much: what a byte bound is tested with. */
const noise = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);
/** A request for a page of the current content: what is held is answered, stale or not. */
const current = { allowStale: true, staleIfError: true };
/** A request after the content moved: it waits for a new render, which must not fail. */
const moved = { allowStale: false, staleIfError: false };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('render cache', () => {
  it('keeps pages within its byte bound, dropping the least recently used first', async () => {
    const cache = new RenderCache(20_000, { freshMs: 60_000 });
    const keep = (key: string) => cache.keep(cache.detached(key, page(noise(5000)), revisions));
    await keep('a');
    await keep('b');
    await keep('c');
    await cache.fetch('a', () => Promise.reject(new Error('a is fresh')), current); // a is now the most recently used
    await keep('d');
    await keep('e');
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('e')).toBeDefined();
  });

  it('never keeps a page larger than a quarter of the bound', async () => {
    const cache = new RenderCache(10_000, { freshMs: 60_000 });
    const entry = await cache.keep(cache.detached('huge', page(noise(5000)), revisions));
    expect(entry.etag).toMatch(/^[\w-]{27}$/);
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a page as its brotli copy only, compresses once per coding and counts what it keeps', async () => {
    const cache = new RenderCache(1_000_000, { freshMs: 60_000 });
    const original = '<p>страница</p>'.repeat(500);
    const entry = await cache.keep(cache.detached('p', page(original), revisions));
    const [first, second] = await Promise.all([cache.body(entry, 'br'), cache.body(entry, 'br')]);
    expect(first.body).toBe(second.body);
    expect(first.coding).toBe('br');
    expect(zlib.brotliDecompressSync(first.body).toString()).toBe(original);
    expect(entry.html).toBeNull();
    expect(cache.bytes).toBeLessThan(Buffer.byteLength(original) / 5);
    const gzip = await cache.body(entry, 'gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(original);
    const identity = await cache.body(entry, 'identity');
    expect(identity).toMatchObject({ coding: 'identity' });
    expect(identity.body.toString()).toBe(original);
    expect(cache.bytes).toBe(entry.bytes);
  });

  it('sends a small page as it is', async () => {
    const cache = new RenderCache(1_000_000, { freshMs: 60_000 });
    const entry = await cache.keep(cache.detached('s', page('<p>ok</p>'), revisions));
    expect(await cache.body(entry, 'br')).toEqual({ body: Buffer.from('<p>ok</p>'), coding: 'identity' });
  });

  it('shares one render among concurrent callers of the same key, then answers from memory', async () => {
    const cache = new RenderCache(1_000_000, { freshMs: 60_000 });
    let renders = 0;
    const render = async () => {
      renders += 1;
      await pause(20);
      return cache.detached('k', page('rendered'), revisions);
    };
    const results = await Promise.all(Array.from({ length: 25 }, () => cache.fetch('k', render, moved)));
    expect(renders).toBe(1);
    expect(new Set(results.map((result) => result.page)).size).toBe(1);
    expect(results.map((result) => result.outcome)).toEqual(Array(25).fill('miss'));
    expect(await cache.fetch('k', render, current)).toEqual({ page: results[0]!.page, outcome: 'hit' });
    expect(renders).toBe(1);
  });

  it('serves a stale page at once while one render replaces it, and keeps it when that render fails', async () => {
    const cache = new RenderCache(1_000_000, { freshMs: 30 });
    const first = await cache.keep(cache.detached('k', page('first'), revisions));
    await pause(40);
    let renders = 0;
    const failing = async () => {
      renders += 1;
      await pause(20);
      return cache.detached('k', page('down', { status: 503 }), revisions);
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cache.fetch('k', failing, current)));
    expect(answers.every((answer) => answer.page === first && answer.outcome === 'stale')).toBe(true);
    await pause(40);
    expect(renders).toBe(1);
    // The content moved: a visitor waits for the new page; a failed render lets the held one stand in, or not.
    expect(await cache.fetch('k', failing, { allowStale: false, staleIfError: true })).toEqual({ page: first, outcome: 'stale-if-error' });
    const failed = await cache.fetch('k', failing, moved);
    expect([failed.page.status, failed.outcome]).toEqual([503, 'miss']);
    expect(cache.peek('k')).toBe(first);
    const next = await cache.fetch('k', async () => cache.detached('k', page('second'), { content: 'r2', catalog: 1 }), moved);
    expect(next.outcome).toBe('miss');
    expect(cache.peek('k')).toBe(next.page);
  });

  it('keeps a degraded render a few seconds only, and never in place of a complete page of the same revisions', async () => {
    const cache = new RenderCache(1_000_000, { freshMs: 30 });
    const degraded = (text: string) => async () => cache.detached('k', page(text, { degraded: true }), revisions);
    const complete: CachedPage = await cache.keep(cache.detached('k', page('complete'), revisions));
    await pause(40);
    await cache.fetch('k', degraded('fallback'), current);
    // The complete page stays, fresh again for a short while (longer than the cache's fresh time here).
    expect(cache.peek('k')).toBe(complete);
    await pause(40);
    expect(await cache.fetch('k', degraded('other'), current)).toEqual({ page: complete, outcome: 'hit' });
    const alone = new RenderCache(1_000_000, { freshMs: 60_000 });
    const first = await alone.fetch('d', async () => alone.detached('d', page('fallback', { degraded: true }), revisions), moved);
    expect(alone.peek('d')).toBe(first.page);
  });
});
