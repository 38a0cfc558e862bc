import type { ApiClient } from '@site/contracts';
import type { NavigationCode } from '../routing/navigation';
import type { Sanitizer } from '../security/sanitize';
import { RootStore } from '../stores/root-store';
import { MemoryPersistence } from '../stores/persistence';
import { UiStore } from '../stores/ui-store';
import { browserRouteServices } from './route-services';

// The navigation chunk, held back until a test lets it arrive (or fails it as a replaced deployment does).
let arrive: (code: NavigationCode) => void;
let fail: (error: Error) => void;
let pendingCode: Promise<NavigationCode>;
jest.mock('../routing/navigation', () => ({ navigationCode: () => pendingCode }));

beforeEach(() => {
  pendingCode = new Promise<NavigationCode>((resolve, reject) => {
    arrive = resolve;
    fail = reject;
  });
});

/** The route services; `sanitizerHeld` keeps the sanitizer's chunk on its way until `release` is called. */
function services(sanitizerHeld = false) {
  let release: () => void = () => undefined;
  const sanitizerArrived = sanitizerHeld ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  const persistence = new MemoryPersistence();
  const api: ApiClient = { get: () => Promise.reject(new Error('no requests here')), post: () => Promise.reject(new Error('no posts here')) };
  const store = new RootStore(
    { api, persistence, isServer: false },
    {
      locale: 'ru',
      init: { settings: { siteName: 'НТУ' }, colors: [], redirects: [], header: null, footer: null, alerts: [], cookies: null, notify: null, extra: {} },
      page: { current: null, error: null, fetchedAt: 1 },
      ui: UiStore.snapshotFrom(persistence, 'desktop'),
      remotes: { revision: 1, list: [] },
      status: 200,
    },
  );
  const sanitizerLoads: number[] = [];
  const sanitize: Sanitizer = (html) => html;
  const routeServices = browserRouteServices(
    store,
    {
      api: store.env.api,
      isServer: false,
      source: { resolve: async () => ({ ok: false, kind: 'missing', message: 'none' }) },
      knownSections: () => [],
      resolveOptions: { loaderBudgetMs: 1000 },
    },
    async () => {
      sanitizerLoads.push(Date.now());
      await sanitizerArrived;
      return sanitize;
    },
    0,
  );
  return { routeServices, sanitizerLoads, release: () => release() };
}

describe('browser route services', () => {
  it('loads the sanitizer while the navigation code is still on its way, then runs the page load', async () => {
    const { routeServices, sanitizerLoads } = services();
    const work = jest.fn(async () => 'page');
    const loading = routeServices.loading!(work, new URL('http://site.test/en/news'));
    await Promise.resolve();
    expect(sanitizerLoads).toHaveLength(1);
    expect(work).not.toHaveBeenCalled();
    arrive({} as NavigationCode);
    await expect(loading).resolves.toBe('page');
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('loads the page as a document when the navigation code cannot be had', async () => {
    const { routeServices } = services();
    const work = jest.fn(async () => 'page');
    const loading = routeServices.loading!(work, new URL('http://site.test/en/news?page=2'));
    fail(Object.assign(new Error('Loading chunk navigation failed.'), { name: 'ChunkLoadError' }));
    const thrown: unknown = await loading.catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('http://site.test/en/news?page=2');
    expect((thrown as Response).headers.get('X-Remix-Reload-Document')).toBe('true');
    expect(work).not.toHaveBeenCalled();
  });

  it('another failure of the navigation code reaches the router as it is', async () => {
    const { routeServices } = services();
    const loading = routeServices.loading!(async () => 'page', new URL('http://site.test/news'));
    const broken = new TypeError('navigation code threw while evaluating');
    fail(broken);
    await expect(loading).rejects.toBe(broken);
  });

  it("asks for another locale's init data as soon as the navigation code is in, the sanitizer loading meanwhile", async () => {
    const { routeServices, sanitizerLoads, release } = services(true);
    const init = jest.fn(async () => ({ data: { settings: { siteName: 'University' } } }));
    const normaliseInit = jest.fn((response: { data: unknown }) => response.data);
    const asked = routeServices.initFor('en');
    await Promise.resolve();
    expect(sanitizerLoads).toHaveLength(1);
    expect(init).not.toHaveBeenCalled();
    arrive({ endpoints: { init }, normaliseInit } as unknown as NavigationCode);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(init).toHaveBeenCalledWith(expect.anything(), 'en');
    expect(normaliseInit).not.toHaveBeenCalled();
    release();
    await expect(asked).resolves.toEqual({ settings: { siteName: 'University' } });
  });
});
