/** @jest-environment jsdom */
import './jsdom-fetch';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import * as router from 'react-router-dom';
import { StoreProvider } from '../stores/contexts';
import { useLeaveGuard } from '../browser/leave-guard';
import { shellMessages } from '../i18n/messages';
import type { RootStore } from '../stores/root-store';
import { testRootStore } from '../testing/root-store';
import { LeaveDialog } from './LeaveDialog';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function newStore(): RootStore {
  return testRootStore({ locale: 'en' });
}

function Probe({ store }: { store: RootStore }) {
  useLeaveGuard(store.leaveGuards, window);
  const location = router.useLocation();
  const navigate = router.useNavigate();
  return (
    <>
      <output data-location>{`${location.pathname}${location.search}`}</output>
      <button type="button" data-go="news" onClick={() => navigate('/en/news')}>
        news
      </button>
      <button type="button" data-go="query" onClick={() => navigate('/en/vacancies?vacancyId=3')}>
        query
      </button>
    </>
  );
}

describe('the leave dialog and the router navigation it blocks', () => {
  let root: Root;
  let container: HTMLElement;
  let store: RootStore;

  beforeEach(async () => {
    store = newStore();
    const memory = router.createMemoryRouter([{ path: '*', element: <Probe store={store} /> }], { initialEntries: ['/en/vacancies'] });
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <StoreProvider value={store}>
          <IntlProvider locale="en" messages={shellMessages.en}>
            <router.RouterProvider router={memory} />
            <LeaveDialog />
          </IntlProvider>
        </StoreProvider>,
      );
    });
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const location = () => container.querySelector('[data-location]')!.textContent;
  const click = (selector: string) => act(async () => (container.querySelector(selector) as HTMLElement).click());
  const dialog = () => container.querySelector('[role="dialog"]');

  it('lets a navigation go when no section has unsaved input', async () => {
    await click('[data-go="news"]');
    expect(location()).toBe('/en/news');
    expect(dialog()).toBeNull();
  });

  it('holds a navigation to another page behind an accessible dialog; "stay" keeps the page, "leave" goes', async () => {
    store.leaveGuards.register(() => true);
    await click('[data-go="news"]');
    expect(location()).toBe('/en/vacancies');
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)?.textContent).toBe('Leave this page?');
    expect(document.activeElement?.textContent).toBe('Stay on the page');
    expect(store.loadingBar.paused).toBe(true);

    await act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).toBeNull();
    expect(location()).toBe('/en/vacancies');

    await click('[data-go="news"]');
    await click('[data-leave-confirm]');
    expect(dialog()).toBeNull();
    expect(location()).toBe('/en/news');
    expect(store.loadingBar.paused).toBe(false);
  });

  it('keeps focus inside the dialog with Tab and Shift+Tab', async () => {
    store.leaveGuards.register(() => true);
    await click('[data-go="news"]');
    const tab = (shiftKey: boolean) =>
      act(async () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey, bubbles: true, cancelable: true })));
    (container.querySelector('[data-leave-confirm]') as HTMLElement).focus();
    await tab(false);
    expect(document.activeElement?.hasAttribute('data-leave-stay')).toBe(true);
    await tab(true);
    expect(document.activeElement?.hasAttribute('data-leave-confirm')).toBe(true);
  });

  it('does not ask for a change of the query on the same page: the form stays', async () => {
    store.leaveGuards.register(() => true);
    await click('[data-go="query"]');
    expect(location()).toBe('/en/vacancies?vacancyId=3');
    expect(dialog()).toBeNull();
  });

  it('asks the browser before unloading while there is unsaved input', () => {
    const quiet = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(quiet);
    expect(quiet.defaultPrevented).toBe(false);
    store.leaveGuards.register(() => true);
    const guarded = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(guarded);
    expect(guarded.defaultPrevented).toBe(true);
  });
});
