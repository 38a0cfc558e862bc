/** @jest-environment jsdom */
import './jsdom-text-encoder';
import { act, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RawIntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { runInAction } from 'mobx';
import { ShellContextProvider } from '@site/ui';
import { testShellContext } from '@site/ui/testing';
import { StoreProvider } from '../stores/contexts';
import { intlFor } from '../i18n/intl-cache';
import { shellMessages } from '../i18n/messages';
import type { InitSnapshot } from '../stores/init-store';
import type { RootStore } from '../stores/root-store';
import { testRootStore } from '../testing/root-store';
import { Footer } from './Footer';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const INIT: InitSnapshot = {
  settings: { siteName: 'Научно-технологический университет' },
  colors: [],
  redirects: [],
  header: null,
  footer: {
    fullName: 'Федеральное государственное автономное образовательное учреждение',
    navigation: [
      { label: 'Новости', href: '/news' },
      { label: 'Контакты', href: '/contacts' },
    ],
    socials: [{ label: 'Telegram', href: 'https://t.me/university' }],
    copyright: '© Университет',
  },
  alerts: [],
  cookies: null,
  notify: null,
  extra: {},
};

function newStore(isServer: boolean): RootStore {
  return testRootStore({ isServer, init: INIT, breakpoint: 'mobile' });
}

function footer(store: RootStore): ReactElement {
  return (
    <StoreProvider value={store}>
      <RawIntlProvider value={intlFor('ru', shellMessages.ru)}>
        <ShellContextProvider value={{ ...testShellContext({ locale: 'ru' }), isServer: store.env.isServer }}>
          <MemoryRouter>
            <Footer />
          </MemoryRouter>
        </ShellContextProvider>
      </RawIntlProvider>
    </StoreProvider>
  );
}

/** Clicks the footer's link to `href`; whether code on the link handled it (prevented the browser's navigation). */
function clickHandledByLinkCode(container: HTMLElement, href: string): boolean {
  const link = container.querySelector<HTMLAnchorElement>(`footer a[href="${href}"]`)!;
  const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
  // jsdom does not navigate; what matters is whether a handler below the document took the click. A link's code
  // navigates the router when it takes it: inside act, so React applies that update before the test goes on.
  act(() => {
    link.dispatchEvent(click);
  });
  return click.defaultPrevented;
}

/** A container holding the footer's server HTML, hydrated with a browser store; the store and the served element. */
async function hydratedFooter() {
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(footer(newStore(true)));
  const served = container.querySelector('footer')!;
  const servedLinks = [...served.querySelectorAll('a')];
  const store = newStore(false);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  await act(async () => {
    root = hydrateRoot(container, footer(store));
  });
  const hydrationErrors = errors.mock.calls.length;
  errors.mockRestore();
  return { container, store, served, servedLinks, hydrationErrors, unmount: () => act(async () => root!.unmount()) };
}

describe('the footer in the browser', () => {
  it('keeps its server HTML through the hydration: the same elements, links and texts, marked for the link handlers', async () => {
    const { container, served, servedLinks, hydrationErrors, unmount } = await hydratedFooter();
    expect(hydrationErrors).toBe(0);
    const footerElement = container.querySelector('footer')!;
    expect(footerElement).toBe(served);
    expect([...footerElement.querySelectorAll('a')]).toEqual(servedLinks);
    expect(servedLinks.map((link) => link.getAttribute('href'))).toEqual(expect.arrayContaining(['/news', '/contacts', 'https://t.me/university']));
    expect(footerElement.textContent).toContain('© Университет');
    expect(footerElement.hasAttribute('data-static-layout')).toBe(true);
    // No code of its own on the links: the document's handlers for server HTML route the click.
    expect(clickHandledByLinkCode(container, '/news')).toBe(false);
    await unmount();
  });

  it('keeps it when the page has loaded, and renders with its code from the first change of colour scheme on', async () => {
    const { container, store, served, unmount } = await hydratedFooter();
    await act(async () => store.ui.markPageLoaded());
    expect(container.querySelector('footer')?.firstElementChild).toBe(served.firstElementChild);
    await act(async () => store.ui.setColorScheme('black'));
    const logo = container.querySelector('footer [data-logo-variant]');
    expect(logo?.getAttribute('data-logo-variant')).toBe('ru-black');
    expect(clickHandledByLinkCode(container, '/news')).toBe(true);
    expect(container.querySelector('footer')?.textContent).toContain('© Университет');
    // Back to the scheme it was served with: still rendered, never emptied.
    await act(async () => store.ui.setColorScheme(null));
    expect(container.querySelector('footer [data-logo-variant]')?.getAttribute('data-logo-variant')).toBe('ru-default');
    expect([...container.querySelectorAll('footer a')].map((link) => link.getAttribute('href'))).toContain('/news');
    await unmount();
  });

  it("renders with its code when the site's texts change (another language's init data)", async () => {
    const { container, store, unmount } = await hydratedFooter();
    await act(async () => runInAction(() => store.init.set({ ...INIT, footer: { ...INIT.footer, copyright: '© University' } })));
    expect(container.querySelector('footer [data-copyright]')?.textContent).toBe('© University');
    await unmount();
  });

  it('renders with its code when it is mounted after the page has loaded (no server HTML to keep)', async () => {
    const store = newStore(false);
    store.ui.markPageLoaded();
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => root.render(footer(store)));
    expect([...container.querySelectorAll('footer a')].map((link) => link.getAttribute('href'))).toEqual(expect.arrayContaining(['/news', '/contacts']));
    await act(async () => root.unmount());
  });
});
