/** @jest-environment jsdom */
import './jsdom-text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import type { ApiClient, InitResponse } from '@site/contracts';
import { ShellContextProvider } from '@site/ui';
import { testShellContext } from '@site/ui/testing';

import { StoreProvider } from '../stores/contexts';
import { shellMessages } from '../i18n/messages';
import { normaliseInit } from '../stores/init-store';
import { MemoryPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import { BottomDock } from './BottomDock';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom lays nothing out and has no scrolling: opening the alerts scrolls their line into the dock's view.
Element.prototype.scrollIntoView = () => undefined;

/** The dock never calls the content API. */
const api: ApiClient = {
  get: () => Promise.reject(new Error('the dock needs no data')),
  post: () => Promise.reject(new Error('the dock posts nothing')),
};

const INIT = {
  data: {
    settings: { siteName: 'Test', cookiesContent: 'This site uses cookies to remember your settings.' },
    colors: [],
    redirects: [],
    alerts: [
      { id: 'admission', text: '<p>Applications are open for the <a href="/programs">programs</a>.</p>', link: { label: 'Apply now', href: '/apply' } },
      { id: 'library', text: '<p>The library is open <strong>around the clock</strong>.<br>Entry with a card.</p>', link: {} },
    ],
    cookies: { text: 'We use cookies.', link: { label: 'Personal data policy', href: '/about#privacy' }, btnLabel: 'Accept' },
  },
} as unknown as InitResponse;

async function renderDock(locale: 'ru' | 'en') {
  const persistence = new MemoryPersistence();
  const store = new RootStore(
    { api, persistence, isServer: false },
    {
      locale,
      init: normaliseInit(INIT, (html) => html),
      page: { current: null, error: null, fetchedAt: null },
      ui: UiStore.snapshotFrom(persistence, 'mobile'),
      remotes: { revision: 1, list: [] },
      status: 200,
    },
  );
  const container = document.createElement('div');
  document.body.append(container);
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <IntlProvider locale={locale} messages={shellMessages[locale]}>
        <ShellContextProvider value={testShellContext({ locale })}>
          <MemoryRouter>
            <StoreProvider value={store}>
              <BottomDock />
            </StoreProvider>
          </MemoryRouter>
        </ShellContextProvider>
      </IntlProvider>,
    );
  });
  const click = (selector: string) =>
    act(async () => {
      container.querySelector<HTMLElement>(selector)!.click();
    });
  return {
    container,
    store,
    persistence,
    click,
    unmount: () =>
      act(async () => {
        root!.unmount();
      }),
  };
}

describe('bottom dock', () => {
  it('shows the alerts only after the page has loaded, as one line (their count and the first text) that opens their cards', async () => {
    const { container, store, click, unmount } = await renderDock('ru');
    expect(container.querySelector('[data-alerts]')).toBeNull();
    await act(async () => {
      store.ui.markPageLoaded();
    });
    const toggle = container.querySelector('[data-alerts-toggle]')!;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.textContent).toBe('2 объявленияApplications are open for the programs.');
    expect(container.querySelectorAll('[data-alert-id]')).toHaveLength(0);
    await click('[data-alerts-toggle]');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.hasAttribute('hidden')).toBe(false);
    expect([...container.querySelectorAll('[data-alert-id]')].map((card) => card.getAttribute('data-alert-id'))).toEqual(['admission', 'library']);
    expect(container.querySelector('[data-alert-id="library"] strong')?.textContent).toBe('around the clock');
    expect(container.querySelector('[data-alerts-preview]')).toBeNull();
    await unmount();
  });

  it('closing an alert stores its id in hiddenAlerts; the line counts the rest, and a last closed alert leaves no line', async () => {
    const { container, store, persistence, click, unmount } = await renderDock('en');
    await act(async () => {
      store.ui.markPageLoaded();
    });
    await click('[data-alerts-toggle]');
    await click('[data-alert-id="admission"] [data-alert-close]');
    expect(persistence.get('hiddenAlerts')).toBe('["admission"]');
    expect(container.querySelector('[data-alerts-toggle]')?.textContent).toBe('1 announcement');
    await click('[data-alerts-toggle]');
    expect(container.querySelector('[data-alerts-preview]')?.textContent).toBe('The library is open around the clock. Entry with a card.');
    await click('[data-alerts-toggle]');
    await click('[data-alert-id="library"] [data-alert-close]');
    expect(persistence.get('hiddenAlerts')).toBe('["admission","library"]');
    expect(container.querySelector('[data-alerts]')).toBeNull();
    await unmount();
  });

  it('the cookie notice is compact: its text cut until "More", its link out of the tab order until then; accepting stores the flag', async () => {
    const { container, store, persistence, click, unmount } = await renderDock('en');
    const text = container.querySelector('[data-cookies-text]')!;
    const more = container.querySelector('[data-cookies-more]')!;
    expect(text.textContent).toBe('We use cookies. Personal data policyThis site uses cookies to remember your settings.');
    expect(text.getAttribute('data-expanded')).toBe('false');
    expect(more.textContent).toBe('More');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(text.id);
    expect(text.querySelector('a')?.getAttribute('tabindex')).toBe('-1');
    await click('[data-cookies-more]');
    expect(text.getAttribute('data-expanded')).toBe('true');
    expect(more.textContent).toBe('Less');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(text.querySelector('a')?.hasAttribute('tabindex')).toBe(false);
    await act(async () => {
      store.ui.markPageLoaded();
    });
    await click('[data-cookies-accept]');
    expect(persistence.get('cookies')).toBe('true');
    expect(container.querySelector('[data-cookie-notice]')).toBeNull();
    await unmount();
  });

  it('says "Подробнее" and "Свернуть" in Russian', async () => {
    const { container, click, unmount } = await renderDock('ru');
    expect(container.querySelector('[data-cookies-more]')?.textContent).toBe('Подробнее');
    await click('[data-cookies-more]');
    expect(container.querySelector('[data-cookies-more]')?.textContent).toBe('Свернуть');
    await unmount();
  });
});
