import zlib from 'node:zlib';
import { RenderCache, type RenderedPage } from './render-cache';

const page = (text: string, extra: Partial<RenderedPage> = {}): RenderedPage => ({
  status: 200,
  html: Buffer.from(text),
  headers: {},
  degraded: false,
  ...extra,
});
const revisions = { content: 'r1', catalog: 1 };

describe('render cache', () => {
  it('keeps pages within its byte bound, dropping the least recently used first', () => {
    const cache = new RenderCache(20_000);
    cache.set('a', page('a'.repeat(4000)), revisions);
    cache.set('b', page('b'.repeat(4000)), revisions);
    cache.set('c', page('c'.repeat(4000)), revisions);
    cache.get('a'); // a is now the most recently used
    cache.set('d', page('d'.repeat(4000)), revisions);
    cache.set('e', page('e'.repeat(4000)), revisions);
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.peek('a')).toBeDefined();
    expect(cache.peek('b')).toBeUndefined();
    expect(cache.peek('e')).toBeDefined();
  });

  it('never keeps a page larger than a quarter of the bound', () => {
    const cache = new RenderCache(10_000);
    const entry = cache.set('huge', page('x'.repeat(5000)), revisions);
    expect(entry.etag).toMatch(/^[\w-]{27}$/);
    expect(cache.peek('huge')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps a page as its brotli copy only, compresses once per coding and counts what it keeps', async () => {
    const cache = new RenderCache(1_000_000);
    const original = '<p>страница</p>'.repeat(500);
    const entry = cache.set('p', page(original), revisions);
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
    const cache = new RenderCache(1_000_000);
    const entry = cache.set('s', page('<p>ok</p>'), revisions);
    expect(await cache.body(entry, 'br')).toEqual({ body: Buffer.from('<p>ok</p>'), coding: 'identity' });
  });

  it('shares one render among concurrent callers of the same key', async () => {
    const cache = new RenderCache(1_000_000);
    let renders = 0;
    const render = async () => {
      renders += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return cache.set('k', page('rendered'), revisions);
    };
    const results = await Promise.all(Array.from({ length: 25 }, () => cache.renderOnce('k', render)));
    expect(renders).toBe(1);
    expect(new Set(results).size).toBe(1);
    expect(cache.isRendering('k')).toBe(false);
    await cache.renderOnce('k', render);
    expect(renders).toBe(2);
  });
});
