/** @jest-environment jsdom */
import '../layout/jsdom-text-encoder';
import type { ApiClient } from '@site/contracts';
import { LinkPrefetcher } from './link-prefetcher';
import { PrefetchedPages, type IdleTime } from './prefetch';

/** jsdom has no IntersectionObserver: this one reports every observed link as in view at once, like a short page. */
class InViewObserver {
  constructor(private readonly report: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void) {}
  observe(target: Element): void {
    this.report([{ isIntersecting: true, target }]);
  }
  unobserve(): void {}
  disconnect(): void {}
}

function pageWithLinks(count: number): Document {
  document.body.innerHTML = Array.from({ length: count }, (_, index) => `<a href="/news/${index + 1}">news ${index + 1}</a>`).join('');
  return document;
}

describe('the link prefetcher', () => {
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  beforeAll(() => Object.assign(globalThis, { IntersectionObserver: InViewObserver }));
  afterAll(() => Object.assign(globalThis, { IntersectionObserver: original }));

  function prefetcher(links: number) {
    const requested: string[] = [];
    const api: ApiClient = {
      get: (path: string) => {
        requested.push(path);
        return new Promise(() => undefined);
      },
      post: () => Promise.reject(new Error('nothing posted')),
    };
    const callbacks: Array<(idle?: IdleTime) => void> = [];
    const prefetch = new LinkPrefetcher(api, new PrefetchedPages(), {
      document: pageWithLinks(links),
      location: new URL('http://localhost/news') as unknown as Location,
      navigator: {},
      requestIdle: (callback) => callbacks.push(callback),
    });
    prefetch.scan();
    return { requested, callbacks };
  }

  it('starts one prefetch per idle callback when the browser has no idle time left, the rest in later callbacks', () => {
    const { requested, callbacks } = prefetcher(3);
    expect(callbacks).toHaveLength(1);
    callbacks.shift()!({ timeRemaining: () => 0 });
    expect(requested).toHaveLength(1);
    // The rest waits for the next idle period.
    expect(callbacks).toHaveLength(1);
    callbacks.shift()!({ timeRemaining: () => 0 });
    callbacks.shift()!();
    expect(requested).toHaveLength(3);
    expect(callbacks).toHaveLength(0);
  });

  it('starts as many as the idle period allows, and never more than 16 per page view', () => {
    const { requested, callbacks } = prefetcher(20);
    callbacks.shift()!({ timeRemaining: () => 50 });
    expect(requested).toHaveLength(16);
    expect(new Set(requested).size).toBe(16);
    expect(callbacks).toHaveLength(0);
  });
});
