/** @jest-environment jsdom */
import { performance as nodePerformance } from 'node:perf_hooks';
import '../layout/jsdom-text-encoder';
import { act, useEffect, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { runInAction } from 'mobx';
import type { ApiClient, SectionModule, SectionProps } from '@site/contracts';
import { SectionRuntimeProvider, StoreProvider, type SectionRuntime } from '../stores/contexts';
import type { RootStore } from '../stores/root-store';
import { testRootStore } from '../testing/root-store';
import type { SectionView } from '../stores/page-store';
import { SectionFrame } from './SectionFrame';
import { SECTION_HYDRATED_MARK } from './hydration-mark';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api: ApiClient = {
  get: () => Promise.reject(new Error('no data needed')),
  post: () => Promise.reject(new Error('nothing posted')),
};

function Notice({ descriptor, data }: SectionProps<{ title: string }, string[]>) {
  return (
    <div role="region">
      <h2>{descriptor.props.title}</h2>
      <ul>
        {data.map((item) => (
          <li key={item}>
            <a href={`/en/news/${item}`}>{item}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

const module: SectionModule = { default: Notice, meta: { name: 'Notice', hydrate: false } };

const view: SectionView = {
  descriptor: { id: 'notice', name: 'Notice', props: { title: 'Announcements' } },
  status: 'ready',
  remote: 'news',
  version: '1.0.0',
  lazy: false,
  staticHtml: true,
  data: ['exams', 'holidays'],
};

function storeFor(isServer: boolean): RootStore {
  return testRootStore({ isServer, locale: 'en', api });
}

function frameContent(store: RootStore, runtime: SectionRuntime, section: SectionView = view): ReactElement {
  return (
    <IntlProvider locale="en" messages={{}}>
      <StoreProvider value={store}>
        <SectionRuntimeProvider value={runtime}>
          <SectionFrame view={section} />
        </SectionRuntimeProvider>
      </StoreProvider>
    </IntlProvider>
  );
}

/** Hands the test the router's navigate function. */
function Navigator({ onReady }: { onReady: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onReady(navigate);
  }, [navigate, onReady]);
  return null;
}

/** The frame on the page the server rendered, `/notices`. */
function frame(store: RootStore, runtime: SectionRuntime, section: SectionView = view): ReactElement {
  return <MemoryRouter initialEntries={[SERVED]}>{frameContent(store, runtime, section)}</MemoryRouter>;
}

const SERVED = '/notices';

const serverHtml = () => renderToString(frame(storeFor(true), { isServer: true, moduleFor: () => module }));

/** Hydrates the server's HTML in `container` at the served location, with the router's navigate function. */
async function hydrateServed(container: HTMLElement, store: RootStore, runtime: SectionRuntime) {
  let navigate: NavigateFunction | undefined;
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(
      container,
      <MemoryRouter initialEntries={[SERVED]}>
        <Navigator
          onReady={(ready) => {
            navigate = ready;
          }}
        />
        {frameContent(store, runtime)}
      </MemoryRouter>,
    );
  });
  return { root: root!, navigate: navigate! };
}

describe('a static section (meta.hydrate false)', () => {
  it('is rendered by the server inside the static body wrapper, with its text and links', () => {
    const container = document.createElement('div');
    container.innerHTML = serverHtml();
    const body = container.querySelector('[data-section="Notice"] [data-static-section]');
    expect(body?.querySelector('h2')?.textContent).toBe('Announcements');
    expect([...body!.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(['/en/news/exams', '/en/news/holidays']);
  });

  it('keeps its server HTML untouched through hydration and later re-renders, without loading its code', async () => {
    const html = serverHtml();
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const body = container.querySelector('[data-static-section]')!;
    const bodyHtml = body.innerHTML;
    const heading = body.querySelector('h2');
    const loadInBrowser = jest.fn(() => Promise.reject(new Error('a static section must not load its code')));
    const store = storeFor(false);
    const recoverable: unknown[] = [];
    const runtime: SectionRuntime = { isServer: false, moduleFor: () => undefined, keepsServerHtml: () => true, loadInBrowser };
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, frame(store, runtime), { onRecoverableError: (error) => recoverable.push(error) });
    });
    expect(recoverable).toEqual([]);
    expect(container.querySelector('[data-static-section]')).toBe(body);
    expect(body.innerHTML).toBe(bodyHtml);
    // The very same nodes: React adopted them rather than rendering them again.
    expect(body.querySelector('h2')).toBe(heading);

    // A colour scheme re-renders the frame: the body stays as the server rendered it.
    await act(async () => runInAction(() => store.ui.setColorScheme('black')));
    expect(container.querySelector('[data-section="Notice"]')?.innerHTML).not.toBe(html);
    expect(body.innerHTML).toBe(bodyHtml);
    // A new render of the same view (the page re-rendered) leaves it too.
    await act(async () => root!.render(frame(store, runtime)));
    expect(body.innerHTML).toBe(bodyHtml);
    expect(body.querySelector('h2')).toBe(heading);
    expect(loadInBrowser).not.toHaveBeenCalled();
    await act(async () => root!.unmount());
    container.remove();
  });

  it('is rendered with its code once the page shows another location than the server rendered (a tab of the section)', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = serverHtml();
    const store = storeFor(false);
    const keeps = jest.fn((_view: SectionView, location: string) => location === SERVED);
    const { root, navigate } = await hydrateServed(container, store, { isServer: false, moduleFor: () => module, keepsServerHtml: keeps });
    const served = container.querySelector('[data-static-section]')!;
    expect(keeps).toHaveBeenLastCalledWith(view, SERVED);
    // The same page with another query: the section renders from its code, in the same wrapper.
    await act(async () => navigate(`${SERVED}?tab=2`));
    expect(keeps).toHaveBeenLastCalledWith(view, `${SERVED}?tab=2`);
    const rendered = container.querySelector('[data-section="Notice"] [data-static-section]');
    expect(rendered).not.toBe(served);
    expect(rendered?.querySelector('h2')?.textContent).toBe('Announcements');
    await act(async () => root.unmount());
    container.remove();
  });

  it('keeps its server HTML on screen while its code loads for another location, then renders with it', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = serverHtml();
    const served = container.querySelector('[data-static-section]')!;
    const servedHtml = served.innerHTML;
    let loaded = false;
    let arrive: () => void = () => undefined;
    const loadInBrowser = jest.fn(
      () =>
        new Promise<{ module: SectionModule }>((resolve) => {
          arrive = () => {
            loaded = true;
            resolve({ module });
          };
        }),
    );
    const runtime: SectionRuntime = {
      isServer: false,
      moduleFor: () => (loaded ? module : undefined),
      keepsServerHtml: (_view, location) => location === SERVED,
      loadInBrowser,
    };
    const { root, navigate } = await hydrateServed(container, storeFor(false), runtime);
    expect(loadInBrowser).not.toHaveBeenCalled();
    // Another query: the code is asked for, and until it is in the server's nodes stay as they were (no placeholder).
    await act(async () => navigate(`${SERVED}?tab=2`));
    expect(loadInBrowser).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[data-static-section]')).toBe(served);
    expect(served.innerHTML).toBe(servedHtml);
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    await act(async () => arrive());
    const rendered = container.querySelector('[data-section="Notice"] [data-static-section]');
    expect(rendered).not.toBe(served);
    expect(rendered?.querySelector('h2')?.textContent).toBe('Announcements');
    expect(rendered?.querySelectorAll('a')).toHaveLength(2);
    await act(async () => root.unmount());
    container.remove();
  });

  it('is rendered by the browser with its code once it is not the server-rendered page (a client navigation)', async () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    const runtime: SectionRuntime = { isServer: false, moduleFor: () => module, keepsServerHtml: () => false };
    await act(async () => root.render(frame(storeFor(false), runtime)));
    const body = container.querySelector('[data-section="Notice"] [data-static-section]');
    expect(body?.querySelector('h2')?.textContent).toBe('Announcements');
    expect(body?.querySelectorAll('a')).toHaveLength(2);
    // The same shape as the server's: the wrapper holds the section's own root element.
    const server = document.createElement('div');
    server.innerHTML = serverHtml();
    expect(body?.firstElementChild?.outerHTML).toBe(server.querySelector('[data-static-section]')?.firstElementChild?.outerHTML);
    await act(async () => root.unmount());
  });
});

describe('the hydration mark', () => {
  // jsdom's performance object has no timeline; Node's implements the browser's User Timing API.
  const jsdomPerformance = globalThis.performance;
  const marks = () => performance.getEntriesByName(SECTION_HYDRATED_MARK).map((entry) => (entry as PerformanceMark).detail as unknown);

  beforeAll(() => Object.defineProperty(globalThis, 'performance', { value: nodePerformance, configurable: true, writable: true }));
  afterAll(() => Object.defineProperty(globalThis, 'performance', { value: jsdomPerformance, configurable: true, writable: true }));
  beforeEach(() => performance.clearMarks(SECTION_HYDRATED_MARK));

  it("is set once an interactive section's code has hydrated the server HTML, naming the section", async () => {
    const interactive: SectionView = { ...view, staticHtml: false };
    const container = document.createElement('div');
    container.innerHTML = renderToString(frame(storeFor(true), { isServer: true, moduleFor: () => module }, interactive));
    expect(marks()).toEqual([]);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, frame(storeFor(false), { isServer: false, moduleFor: () => module }, interactive));
    });
    expect(marks()).toEqual([{ section: 'Notice', id: 'notice' }]);
    await act(async () => root!.unmount());
  });

  it('is not set for a static section whose server HTML is kept without its code', async () => {
    const container = document.createElement('div');
    container.innerHTML = serverHtml();
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, frame(storeFor(false), { isServer: false, moduleFor: () => undefined, keepsServerHtml: () => true }));
    });
    expect(marks()).toEqual([]);
    await act(async () => root!.unmount());
  });
});
