import { PREFETCH_IDLE_TIMEOUT_MS, PrefetchedPages, prefetchAllowed } from './prefetch';

describe('link prefetch', () => {
  it('runs on idle with a 2000 ms time-out and is skipped offline, on 2g and with data saver', () => {
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '4g', saveData: false } })).toBe(true);
    expect(prefetchAllowed({})).toBe(true);
    expect(prefetchAllowed({ onLine: false })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: '2g' } })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: 'slow-2g' } })).toBe(false);
    expect(prefetchAllowed({ connection: { effectiveType: '3g' } })).toBe(true);
    expect(prefetchAllowed({ connection: { saveData: true } })).toBe(false);
  });

  it('hands prefetched page data to one navigation, only while fresh, whatever the query order', async () => {
    let now = 0;
    const pages = new PrefetchedPages(15_000, () => now);
    const page = Promise.resolve({ data: { slug: 'news', title: 'News', components: [] } });
    pages.put('ru', 'news', '?b=2&a=1', page);
    expect(pages.has('ru', 'news', '?a=1&b=2')).toBe(true);
    expect(pages.take('en', 'news', '?a=1&b=2')).toBeUndefined();
    expect(pages.take('ru', 'news', '?a=1&b=2')).toBe(page);
    expect(pages.take('ru', 'news', '?a=1&b=2')).toBeUndefined();
    pages.put('ru', 'about', '', page);
    now = 15_001;
    expect(pages.take('ru', 'about', '')).toBeUndefined();
  });

  it('forgets a failed prefetch', async () => {
    const pages = new PrefetchedPages();
    const failed = Promise.reject(new Error('offline'));
    pages.put('ru', 'news', '', failed);
    await failed.catch(() => undefined);
    await Promise.resolve();
    expect(pages.has('ru', 'news', '')).toBe(false);
  });
});
