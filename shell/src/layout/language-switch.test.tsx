/** @jest-environment jsdom */
import './jsdom-text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { StoreProvider } from '../stores/contexts';
import { testRootStore } from '../testing/root-store';
import { useLanguageSwitch } from './language-switch';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Switch() {
  const language = useLanguageSwitch();
  const location = useLocation();
  return (
    <>
      <Link to={language.href} hrefLang={language.locale} onClick={language.onClick} data-language-switch>
        English
      </Link>
      <output data-location>{`${location.pathname}${location.search}${location.hash}`}</output>
    </>
  );
}

describe('the language switch', () => {
  let root: Root;
  let container: HTMLElement;

  async function render(entry: string) {
    const store = testRootStore();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <MemoryRouter initialEntries={[entry]}>
          <StoreProvider value={store}>
            <Switch />
          </StoreProvider>
        </MemoryRouter>,
      );
    });
  }

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    window.history.replaceState(null, '', '/');
  });

  const link = () => container.querySelector<HTMLAnchorElement>('[data-language-switch]')!;

  it('keeps the anchor and the query of the page: /about#privacy → /en/about#privacy', async () => {
    window.history.replaceState(null, '', '/about#privacy');
    await render('/about?tab=2#privacy');
    expect(link().getAttribute('href')).toBe('/en/about?tab=2#privacy');
    expect(link().getAttribute('hreflang')).toBe('en');
  });

  it('follows the anchor an in-page link set after the page was rendered', async () => {
    await render('/about');
    window.history.pushState(null, '', '/about#privacy');
    await act(async () => link().click());
    expect(container.querySelector('[data-location]')!.textContent).toBe('/en/about#privacy');
  });
});
