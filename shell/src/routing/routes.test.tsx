import { JSDOM } from 'jsdom';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData } from 'react-router';
import type { ApiClient } from '@site/contracts';
import { App, showPageData } from '../app/App';
import { browserRouteServices } from '../browser/route-services';
import { createSanitizer } from '../security/sanitize';
import type { InitSnapshot } from '../stores/init-store';
import { MemoryPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import { shellPage } from './page-loader';
import type { PageData, PageRoute } from './routes';
import { PAGE_ROUTES, resolveSiteRoute, siteRoutes } from './site-routes';
import { slugForPath } from './routes';

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
  const about = { routeName: 'slug___ru', slug: 'about', title: 'About', path: '/about', search: '', sections: [] };
  const store = new RootStore(
    { api, persistence, isServer: false },
    {
      locale: 'ru',
      init: init('НТУ'),
      page: { current: about, error: null, fetchedAt: 1 },
      ui: UiStore.snapshotFrom(persistence, 'desktop'),
      remotes: { revision: 1, list: [] },
      status: 200,
    },
  );
  const services = browserRouteServices(
    store,
    {
      api,
      isServer: false,
      source: { resolve: async () => ({ ok: false, kind: 'missing', message: 'none' }) },
      knownSections: () => [],
      resolveOptions: { loaderBudgetMs: 1000 },
    },
    async () => sanitize,
  );
  const routes = siteRoutes(services);
  const first: PageData = { locale: 'ru', path: '/about', init: store.init.data, page: about, error: null };
  const router = createMemoryRouter(routes, { initialEntries: ['/about'], hydrationData: { loaderData: { slug: first } } });
  // What the root route does once the router shows a location: the loader data goes to the stores.
  router.subscribe((state) => {
    const data = state.navigation.state === 'idle' ? (state.loaderData[state.matches.at(-1)!.route.id] as PageData | undefined) : undefined;
    if (data) showPageData(store, data);
  });
  const shown = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { store, router, routes, requested, persistence, shown };
}

const page = (slug: string, extra: object = {}) => ({ data: { slug, title: slug, components: [], ...extra } });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

async function go(router: ReturnType<typeof setup>['router'], to: string) {
  const done = router.navigate(to);
  await jest.advanceTimersByTimeAsync(1000);
  await done;
}

describe('the site routes in the browser', () => {
  it('names routes <name>___<locale> and maps paths to slugs', () => {
    expect(resolveSiteRoute('/en/search').name).toBe('search___en');
    expect(resolveSiteRoute('/').name).toBe('index___ru');
    expect(resolveSiteRoute('/en').name).toBe('index___en');
    expect(resolveSiteRoute('/en/news/12').name).toBe('slug___en');
    expect(resolveSiteRoute('/english').slug).toBe('english');
    expect(slugForPath('/')).toBe('index');
    expect(slugForPath('/dev/student-life/')).toBe('dev/student-life');
  });

  it('loads a new route, keeping the old page on screen at least 200 ms', async () => {
    const { router, store, requested, shown } = setup(() => page('news'));
    const done = router.navigate('/news');
    await jest.advanceTimersByTimeAsync(150);
    expect(router.state.navigation.state).toBe('loading');
    expect(shown()).toBe('/about');
    await jest.advanceTimersByTimeAsync(60);
    await done;
    expect(router.state.navigation.state).toBe('idle');
    expect(shown()).toBe('/news');
    expect(store.page.current?.slug).toBe('news');
    expect(requested).toEqual(['ru/pages/news']);
  });

  it('a query change reloads only a page that watches the query', async () => {
    const { router, requested, shown } = setup((path) => (path.endsWith('news') ? page('news', { watchQuery: ['page'] }) : page('about')));
    await go(router, '/about?tab=2');
    expect(shown()).toBe('/about?tab=2');
    expect(requested).toEqual([]);
    await go(router, '/news');
    await go(router, '/news?filter=x');
    expect(requested).toEqual(['ru/pages/news']);
    await go(router, '/news?page=2');
    expect(requested).toEqual(['ru/pages/news', 'ru/pages/news']);
  });

  it('follows stored redirects with the locale prefix and the query', async () => {
    const { router, requested, shown } = setup(() => page('news'));
    await go(router, '/old-news?a=1');
    expect(shown()).toBe('/news?a=1');
    expect(requested).toEqual(['ru/pages/news']);
  });

  it('never follows a stored redirect off the site; a target on another host is left to the server', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router, routes, requested, shown } = setup((path) => page(path.split('/').pop()!));
    for (const from of ['/a', '/b', '/c', '/d', '/e']) {
      await go(router, from);
      expect(shown()).toBe(from);
    }
    expect(requested).toEqual(['ru/pages/a', 'ru/pages/b', 'ru/pages/c', 'ru/pages/d', 'ru/pages/e']);
    expect(warn).toHaveBeenCalledTimes(5);
    // The address itself is loaded again as a document: the server, which holds the allow-list, answers it.
    const loader = routes[0]!.children!.find((route) => route.id === 'slug')!.loader as (args: {
      request: Request;
      params: object;
      context: unknown;
    }) => Promise<unknown>;
    const pending = loader({ request: new Request('http://site.test/guide?x=1'), params: {}, context: undefined }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(1000);
    const thrown = await pending;
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/guide?x=1');
    expect((thrown as Response).headers.get('x-remix-reload-document')).toBe('true');
    warn.mockRestore();
  });

  it('switching the language stores the cookie, switches the locale and reloads the init data', async () => {
    const { router, store, requested, persistence } = setup((path) => (path === 'en/init' ? { data: { settings: { siteName: 'UST' } } } : page('about')));
    await go(router, '/en/about');
    expect(requested).toEqual(['en/init', 'en/pages/about']);
    expect(store.locale.locale).toBe('en');
    expect(store.init.siteName).toBe('UST');
    expect(persistence.get('i18n_redirected')).toBe('en');
  });

  it('a failure shows the error page with the status from statusCode, status or the response, default 500', async () => {
    for (const [failure, status] of [
      [{ statusCode: 403, message: 'No access' }, 403],
      [new Error('boom'), 500],
    ] as const) {
      const { router, store } = setup(() => failure);
      await go(router, '/secret');
      expect(store.page.error?.statusCode).toBe(status);
      expect(store.status).toBe(status);
    }
  });
});

describe('a new kind of page', () => {
  function Timetable() {
    const data = useLoaderData<PageData>();
    return <h1 data-timetable>{`Timetable: ${data.page?.title}`}</h1>;
  }

  it('is one route object and its component: the static handler loads and renders it', async () => {
    jest.useRealTimers();
    const timetable: PageRoute = {
      id: 'timetable',
      path: '/timetable',
      Component: Timetable,
      handle: { query: { params: ['week'], fromPage: false }, cache: 'shared', structuredData: false },
      load: shellPage('uikit.title'),
    };
    const { store, requested } = setup(() => page('unused'));
    const services = browserRouteServices(
      store,
      {
        api: store.env.api,
        isServer: true,
        source: { resolve: async () => ({ ok: false, kind: 'missing', message: 'none' }) },
        knownSections: () => [],
        resolveOptions: { loaderBudgetMs: 1000 },
      },
      async () => sanitize,
      0,
    );
    const handler = createStaticHandler(siteRoutes(services, [...PAGE_ROUTES, timetable]));
    const context = await handler.query(new Request('http://site.test/timetable?week=3'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    expect(context.matches.at(-1)!.route.id).toBe('timetable');
    expect(context.matches.at(-1)!.route.handle).toBe(timetable.handle);
    const data = context.loaderData.timetable as PageData;
    expect(data.page).toMatchObject({ routeName: 'timetable___ru', path: '/timetable', queryParams: ['week'] });
    showPageData(store, data);
    const html = renderToString(
      <App
        store={store}
        runtime={{ isServer: true, moduleFor: () => undefined }}
        context={{
          api: store.env.api,
          publicApiBase: '/api/',
          sanitize,
          ownLegacyHosts: [],
          captcha: { enabled: false, execute: () => Promise.reject(new Error('no captcha')) },
        }}
      >
        <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
      </App>,
    );
    expect(html).toContain('data-timetable');
    expect(html).toContain('Timetable: UI-кит');
    // The layout around it is the site's own.
    expect(html).toContain('<main');
    expect(requested).toEqual([]);
  });
});
