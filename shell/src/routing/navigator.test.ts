import { JSDOM } from 'jsdom';
import type { ApiClient } from '@site/contracts';
import { createSanitizer } from '../security/sanitize';
import { MemoryPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import type { InitSnapshot } from '../stores/init-store';
import { Navigator } from './navigator';
import { resolveRoute, slugForPath } from './routes';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

// The server's sanitizer (DOMPurify over a jsdom window), as the browser's would load it.
const sanitize = createSanitizer(new JSDOM('').window);

const init = (siteName: string): InitSnapshot => ({
  settings: { siteName },
  colors: [],
  redirects: [
    { from: '/old-news', to: '/news', status: 301 },
    { from: '/a', to: '//evil.example', status: 301 },
    { from: '/b', to: '/\\evil.example', status: 301 },
    { from: '/c', to: '/\t//evil.example', status: 301 },
    { from: '/d', to: '//evil.example\\@site', status: 301 },
    { from: '/e', to: '/\\\\evil.example', status: 301 },
    { from: '/guide', to: 'https://docs.example.edu/guide', status: 302 },
  ],
  header: null,
  footer: null,
  alerts: [],
  cookies: null,
  notify: null,
  extra: {},
});

function setup(answer: (path: string) => unknown) {
  const requested: string[] = [];
  const api: ApiClient = {
    get: async (path: string) => {
      requested.push(path);
      const result = answer(path);
      if (result instanceof Error || (typeof result === 'object' && result && 'statusCode' in result && !('data' in result))) throw result;
      return result as never;
    },
    post: () => Promise.reject(new Error('no posts here')),
  };
  const persistence = new MemoryPersistence();
  const store = new RootStore(
    { api, persistence, isServer: false },
    {
      locale: 'ru',
      init: init('НТУ'),
      page: { current: { routeName: 'slug___ru', slug: 'about', title: 'About', path: '/about', search: '', sections: [] }, error: null, fetchedAt: 1 },
      ui: UiStore.snapshotFrom(persistence, 'desktop'),
      remotes: { revision: 1, list: [] },
      status: 200,
    },
  );
  const replaced: string[] = [];
  const assigned: string[] = [];
  const shown: Array<{ path: string; pathChanged: boolean }> = [];
  const navigator = new Navigator(
    store,
    {
      api,
      isServer: false,
      source: { resolve: async () => ({ ok: false, kind: 'missing', message: 'none' }) },
      knownSections: () => [],
      resolveOptions: { loaderBudgetMs: 1000 },
    },
    {
      sanitizer: async () => sanitize,
      replace: (path) => replaced.push(path),
      assign: (url) => assigned.push(url),
      afterNavigation: (target, _view, change) => shown.push({ path: `${target.pathname}${target.search}`, pathChanged: change.pathChanged }),
    },
  );
  return { store, navigator, requested, replaced, assigned, shown, persistence };
}

const page = (slug: string, extra: object = {}) => ({ data: { slug, title: slug, components: [], ...extra } });

async function go(navigator: Navigator, pathname: string, search = '') {
  const done = navigator.navigate({ pathname, search, hash: '' });
  await jest.advanceTimersByTimeAsync(1000);
  await done;
}

describe('client navigation', () => {
  it('names routes <name>___<locale> and maps paths to slugs', () => {
    expect(resolveRoute('/en/search').name).toBe('search___en');
    expect(resolveRoute('/').name).toBe('index___ru');
    expect(resolveRoute('/en/news/12').name).toBe('slug___en');
    expect(slugForPath('/')).toBe('index');
    expect(slugForPath('/dev/student-life/')).toBe('dev/student-life');
  });

  it('loads a new route, keeping the page pending at least 200 ms', async () => {
    const { navigator, store, requested, shown } = setup(() => page('news'));
    const done = navigator.navigate({ pathname: '/news', search: '', hash: '' });
    await jest.advanceTimersByTimeAsync(150);
    expect(store.page.pending).toBe(true);
    await jest.advanceTimersByTimeAsync(60);
    await done;
    expect(store.page.pending).toBe(false);
    expect(store.page.current?.slug).toBe('news');
    expect(store.page.fetchedAt).not.toBeNull();
    expect(requested).toEqual(['ru/pages/news']);
    expect(shown).toEqual([{ path: '/news', pathChanged: true }]);
  });

  it('a query change reloads only a page that watches the query; loading still starts and finishes', async () => {
    const { navigator, store, requested } = setup((path) => (path.endsWith('news') ? page('news', { watchQuery: ['page'] }) : page('about')));
    const start = jest.spyOn(store.loadingBar, 'start');
    await go(navigator, '/about', '?tab=2');
    expect(requested).toEqual([]);
    expect(start).toHaveBeenCalledTimes(1);
    expect(store.loadingBar.visible).toBe(false);
    await go(navigator, '/news');
    await go(navigator, '/news', '?filter=x');
    expect(requested).toEqual(['ru/pages/news']);
    await go(navigator, '/news', '?page=2');
    expect(requested).toEqual(['ru/pages/news', 'ru/pages/news']);
  });

  it('follows backend redirects with the locale prefix', async () => {
    const { navigator, replaced, requested } = setup(() => page('x'));
    await go(navigator, '/old-news', '?a=1');
    expect(replaced).toEqual(['/news?a=1']);
    expect(requested).toEqual([]);
  });

  it('never follows a stored redirect off the site; a target on another host is left to the server', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { navigator, replaced, assigned, requested } = setup((path) => page(path.split('/').pop()!));
    for (const from of ['/a', '/b', '/c', '/d', '/e']) await go(navigator, from);
    expect(replaced).toEqual([]);
    expect(assigned).toEqual([]);
    expect(requested).toEqual(['ru/pages/a', 'ru/pages/b', 'ru/pages/c', 'ru/pages/d', 'ru/pages/e']);
    expect(warn).toHaveBeenCalledTimes(5);
    await go(navigator, '/guide', '?x=1');
    expect(assigned).toEqual(['/guide?x=1']);
    warn.mockRestore();
  });

  it('switching the language stores the cookie, switches the locale and reloads the init data', async () => {
    const { navigator, store, requested, persistence } = setup((path) => (path === 'en/init' ? { data: { settings: { siteName: 'UST' } } } : page('about')));
    await go(navigator, '/en/about');
    expect(requested).toEqual(['en/init', 'en/pages/about']);
    expect(store.locale.locale).toBe('en');
    expect(store.init.siteName).toBe('UST');
    expect(persistence.get('i18n_redirected')).toBe('en');
  });

  it('a failure shows the error page with the status from statusCode, status or the response, default 500, and a red bar', async () => {
    for (const [failure, status] of [
      [{ statusCode: 403, message: 'No access' }, 403],
      [new Error('boom'), 500],
    ] as const) {
      const { navigator, store } = setup(() => failure);
      await go(navigator, '/secret');
      expect(store.page.error?.statusCode).toBe(status);
      expect(store.status).toBe(status);
      expect(store.loadingBar.failed).toBe(true);
    }
  });

  it('ignores ERR_REDIRECT', async () => {
    const { navigator, store } = setup(() => Object.assign(new Error('redirected'), { code: 'ERR_REDIRECT' }));
    await go(navigator, '/moved');
    expect(store.page.error).toBeNull();
    expect(store.page.pending).toBe(false);
    expect(store.loadingBar.failed).toBe(false);
  });
});
