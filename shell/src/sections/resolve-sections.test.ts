import type { SectionModule } from '@site/contracts';
import { readDescriptors, resolveSections, type SectionModuleSource, type SectionResolution } from './resolve-sections';

const context = { locale: 'ru' as const, api: { get: jest.fn(), post: jest.fn() }, path: '/', query: {}, isServer: true };

function moduleWith(load?: SectionModule['load'], meta: SectionModule['meta'] = { name: 'Any' }): SectionModule {
  return { default: () => null, meta, ...(load ? { load } : {}) };
}

function source(map: Record<string, SectionResolution>): SectionModuleSource {
  return { resolve: async (name) => map[name] ?? { ok: false, kind: 'missing', message: `no ${name}` } };
}

describe("resolving a page's sections", () => {
  it("gives each loader only the page's declared query parameters and its own, and reports them all", async () => {
    const seen: Record<string, unknown> = {};
    const recorder = (name: string, query?: string[]) =>
      moduleWith(async (loadContext) => void (seen[name] = loadContext.query), { name, ...(query ? { query } : {}) });
    const { queryParams } = await resolveSections(
      [
        { id: 'a', name: 'Feed', props: {} },
        { id: 'b', name: 'Plain', props: {} },
      ],
      source({
        Feed: { ok: true, module: recorder('Feed', ['category', 'page']), remote: 'news', version: '1' },
        Plain: { ok: true, module: recorder('Plain'), remote: 'news', version: '1' },
      }),
      { ...context, query: { page: '2', category: 'science', x: 'random', utm_source: 'mail' } },
      { loaderBudgetMs: 1000, pageQueryParams: ['page'] },
    );
    expect(seen).toEqual({ Feed: { page: '2', category: 'science' }, Plain: { page: '2' } });
    expect(queryParams).toEqual(['category', 'page']);
  });

  it('gives every outcome its status: ready, missing, unavailable, deferred (browser retries) and failed', async () => {
    const slowLoad = () => new Promise((resolve) => setTimeout(resolve, 200));
    const { views, modules } = await resolveSections(
      [
        { id: 'a', name: 'Ready', props: {} },
        { id: 'b', name: 'Unknown', props: {} },
        { id: 'c', name: 'Down', props: {} },
        { id: 'd', name: 'SlowModule', props: {} },
        { id: 'e', name: 'BrokenModule', props: {} },
        { id: 'f', name: 'SlowData', props: {} },
        { id: 'g', name: 'BadData', props: {} },
        { broken: true },
      ],
      source({
        Ready: { ok: true, module: moduleWith(async () => ['x']), remote: 'news', version: '1' },
        Down: { ok: false, kind: 'unavailable', message: 'remote news is unreachable', remote: 'news', version: '1' },
        SlowModule: { ok: false, kind: 'timeout', message: 'took too long', remote: 'news', version: '1' },
        BrokenModule: { ok: false, kind: 'error', message: 'container threw', remote: 'news', version: '1' },
        SlowData: { ok: true, module: moduleWith(slowLoad), remote: 'events', version: '2' },
        BadData: { ok: true, module: moduleWith(async () => Promise.reject({ statusCode: 404, message: 'Not Found' })), remote: 'events', version: '2' },
      }),
      context,
      { loaderBudgetMs: 50 },
    );
    expect(views.map((view) => [view.descriptor.name, view.status])).toEqual([
      ['Ready', 'ready'],
      ['Unknown', 'missing'],
      ['Down', 'unavailable'],
      ['SlowModule', 'deferred'],
      ['BrokenModule', 'deferred'],
      ['SlowData', 'deferred'],
      ['BadData', 'failed'],
      ['Unknown', 'failed'],
    ]);
    expect(views[0]).toMatchObject({ data: ['x'], remote: 'news', version: '1', lazy: false });
    expect([...modules.keys()]).toEqual(['a']);
  });

  it('lets a section declare its own loader budget and laziness, and the page override laziness', async () => {
    const { views } = await resolveSections(
      [
        { id: 'a', name: 'Patient', props: {}, lazy: false },
        { id: 'b', name: 'Patient', props: {} },
      ],
      source({
        Patient: {
          ok: true,
          module: moduleWith(() => new Promise((resolve) => setTimeout(() => resolve(1), 80)), { name: 'Patient', lazy: true, loadBudgetMs: 500 }),
          remote: 'x',
          version: '1',
        },
      }),
      context,
      { loaderBudgetMs: 10 },
    );
    expect(views.map((view) => [view.status, view.lazy])).toEqual([
      ['ready', false],
      ['ready', true],
    ]);
  });

  it('marks the views of sections that declare no hydration as static, and only those', async () => {
    const { views } = await resolveSections(
      [
        { id: 'a', name: 'Plain', props: {} },
        { id: 'b', name: 'Interactive', props: {} },
        { id: 'c', name: 'Declared', props: {} },
      ],
      source({
        Plain: { ok: true, module: moduleWith(async () => 'text', { name: 'Plain', hydrate: false }), remote: 'news', version: '1' },
        Interactive: { ok: true, module: moduleWith(undefined, { name: 'Interactive' }), remote: 'forms', version: '1' },
        Declared: { ok: true, module: moduleWith(undefined, { name: 'Declared', hydrate: true }), remote: 'forms', version: '1' },
      }),
      context,
      { loaderBudgetMs: 50 },
    );
    expect(views.map((view) => [view.descriptor.name, view.status, view.staticHtml])).toEqual([
      ['Plain', 'ready', true],
      ['Interactive', 'ready', undefined],
      ['Declared', 'ready', undefined],
    ]);
    // The mark travels to the browser in the page payload.
    expect(JSON.parse(JSON.stringify(views[0]))).toMatchObject({ staticHtml: true, data: 'text' });
  });

  it("marks a section's instance static when its module says its data needs no code (and not when that check throws)", async () => {
    const withVideos = (data: unknown) => (data as { videos: number }).videos > 0;
    const article = (videos: number | null): SectionModule => ({
      ...moduleWith(async () => (videos === null ? null : { videos }), { name: 'Article' }),
      hydrates: withVideos,
    });
    const views = await Promise.all(
      [0, 2, null].map(async (videos) => {
        const resolved = await resolveSections(
          [{ id: 'a', name: 'Article', props: {} }],
          source({ Article: { ok: true, module: article(videos), remote: 'news', version: '1' } }),
          context,
          { loaderBudgetMs: 50 },
        );
        return resolved.views[0];
      }),
    );
    expect(views.map((view) => [view?.status, view?.staticHtml])).toEqual([
      ['ready', true],
      ['ready', undefined],
      // null data: the check throws, so the section hydrates as it would without one.
      ['ready', undefined],
    ]);
  });

  it('aborts a loader whose budget is spent', async () => {
    let aborted = false;
    await resolveSections(
      [{ id: 'a', name: 'Slow', props: {} }],
      source({
        Slow: {
          ok: true,
          module: moduleWith(
            ({ signal }) =>
              new Promise((resolve) =>
                signal.addEventListener('abort', () => {
                  aborted = true;
                  resolve(null);
                }),
              ),
          ),
          remote: 'x',
          version: '1',
        },
      }),
      context,
      { loaderBudgetMs: 20 },
    );
    expect(aborted).toBe(true);
  });

  it('keeps section ids unique on a page', () => {
    const ids = readDescriptors([
      { id: 'x', name: 'A', props: {} },
      { id: 'x', name: 'B', props: {} },
      { id: 'x', name: 'C', props: {} },
    ]).map((entry) => entry.descriptor.id);
    expect(ids).toEqual(['x', 'x-2', 'x-3']);
  });
});
