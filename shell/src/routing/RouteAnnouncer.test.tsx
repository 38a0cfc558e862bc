/** @jest-environment jsdom */
import '../layout/jsdom-text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { observer } from 'mobx-react-lite';
import * as router from 'react-router-dom';
import type { ApiClient } from '@site/contracts';
import { StoreProvider, useStore } from '../stores/contexts';
import { MemoryPersistence } from '../stores/persistence';
import type { PageView } from '../stores/page-store';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import { RouteAnnouncer } from './RouteAnnouncer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const api: ApiClient = { get: () => Promise.reject(new Error('no API here')), post: () => Promise.reject(new Error('no API here')) };

const view = (slug: string, title: string, path: string, search = ''): PageView => ({ routeName: `${slug}___en`, slug, title, sections: [], path, search });

/** The page on screen: the page's heading, or (standing in for an error without one) no heading at all. */
const Page = observer(function Page() {
  const { page } = useStore();
  return <main id="main">{page.error || !page.current ? <p>no heading</p> : <h1>{page.current.title}</h1>}</main>;
});

const PATHS = ['/en/events', '/en/missing', '/en/news?page=2'];

/** A link the visitor is on, and buttons standing in for the links that navigate. */
function Navigator() {
  const navigate = router.useNavigate();
  return (
    <>
      <a href="#x" data-link>
        a link
      </a>
      {PATHS.map((path) => (
        <button key={path} type="button" data-go={path} onClick={() => void navigate(path)}>
          {path}
        </button>
      ))}
    </>
  );
}

describe('the route announcer', () => {
  let root: Root;
  let container: HTMLElement;
  let store: RootStore;

  beforeEach(async () => {
    const persistence = new MemoryPersistence();
    store = new RootStore(
      { api, persistence, isServer: false },
      {
        locale: 'en',
        init: null,
        page: { current: view('news', 'News', '/en/news'), error: null, fetchedAt: 1 },
        ui: UiStore.snapshotFrom(persistence, 'desktop'),
        remotes: { revision: 1, list: [] },
        status: 200,
      },
    );
    document.title = 'News | Test University';
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <router.MemoryRouter initialEntries={['/en/news']}>
          <StoreProvider value={store}>
            <Navigator />
            <Page />
            <RouteAnnouncer />
          </StoreProvider>
        </router.MemoryRouter>,
      );
    });
    (container.querySelector('[data-link]') as HTMLElement).focus();
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const region = () => container.querySelector('[aria-live="polite"]')!;
  const nextFrame = () => act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));

  /** A client navigation as the shell does it: the address changes, then the loaded page is shown with its title. */
  async function goTo(path: string, shown: PageView | null, title: string) {
    await act(async () => container.querySelector<HTMLElement>(`[data-go="${path}"]`)!.click());
    (container.querySelector('[data-link]') as HTMLElement).focus();
    await act(async () => {
      document.title = title;
      if (shown) store.page.show(shown);
      else store.page.fail({ statusCode: 404, message: 'Not Found' });
    });
    await nextFrame();
  }

  it('says nothing and leaves focus alone on the first page', async () => {
    await nextFrame();
    expect(region().textContent).toBe('');
    expect(document.activeElement?.hasAttribute('data-link')).toBe(true);
  });

  it("moves focus to the new page's h1 (focusable, tabindex -1) and announces its title politely", async () => {
    await goTo('/en/events', view('events', 'Events', '/en/events'), 'Events | Test University');
    const heading = container.querySelector('h1')!;
    expect(heading.textContent).toBe('Events');
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(region().getAttribute('aria-atomic')).toBe('true');
    expect(region().textContent).toBe('Events | Test University');
  });

  it('focuses <main> when the new page has no heading', async () => {
    await goTo('/en/missing', null, '404 | Test University');
    expect(document.activeElement?.id).toBe('main');
    expect(region().textContent).toBe('404 | Test University');
  });

  it('treats a new query on the same page as the same page: focus stays where the visitor is', async () => {
    await goTo('/en/news?page=2', view('news', 'News', '/en/news', '?page=2'), 'News | Test University');
    expect(document.activeElement?.hasAttribute('data-link')).toBe(true);
    expect(region().textContent).toBe('');
  });
});
