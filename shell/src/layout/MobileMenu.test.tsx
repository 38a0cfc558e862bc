/** @jest-environment jsdom */
import './jsdom-text-encoder';
import { act, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import type { NavMenuItem } from '@site/contracts';
import { ShellContextProvider } from '@site/ui';
import { testShellContext } from '@site/ui/testing';
import { StoreProvider } from '../stores/contexts';
import { shellMessages } from '../i18n/messages';
import type { RootStore } from '../stores/root-store';
import { testRootStore } from '../testing/root-store';
import { MobileMenu } from './MobileMenu';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ITEMS: NavMenuItem[] = [
  { label: 'О нас', href: '/about', children: [{ label: 'История', href: '/history' }] },
  { label: 'Новости', href: '/news' },
  { label: 'Поиск', href: '/search' },
];

function newStore(): RootStore {
  return testRootStore({ breakpoint: 'mobile' });
}

/** The header's part of the menu: the button that opens it and hands focus back when it closes. */
function MenuWithButton({ items }: { items: NavMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <a href="#before">before</a>
      <button ref={button} type="button" aria-expanded={open} onClick={() => setOpen(!open)} data-menu-toggle>
        Меню
      </button>
      <MobileMenu
        id="menu"
        open={open}
        items={items}
        language={{ href: '/en', locale: 'en', onClick: () => undefined }}
        searchHref="/search"
        onClose={() => {
          setOpen(false);
          button.current?.focus();
        }}
      />
      <a href="#after" data-page-link>
        page behind
      </a>
    </>
  );
}

describe('the mobile menu', () => {
  let root: Root;
  let container: HTMLElement;

  async function render(items: NavMenuItem[]) {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => {
      root.render(
        <MemoryRouter initialEntries={['/news']}>
          <StoreProvider value={newStore()}>
            <IntlProvider locale="ru" messages={shellMessages.ru}>
              <ShellContextProvider value={{ ...testShellContext({ locale: 'ru' }), isServer: false }}>
                <MenuWithButton items={items} />
              </ShellContextProvider>
            </IntlProvider>
          </StoreProvider>
        </MemoryRouter>,
      );
    });
    await act(async () => (container.querySelector('[data-menu-toggle]') as HTMLElement).click());
    // The trap moves focus into the menu on the next task.
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });

  const menu = () => container.querySelector('[data-menu="mobile"]')!;
  const names = () => [...menu().querySelectorAll('a')].map((link) => link.textContent?.trim());
  const key = (name: string, shiftKey = false) =>
    act(async () => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: name, shiftKey, bubbles: true, cancelable: true }));
    });

  it('names search once when the content menu already has it, and adds it when the menu has not', async () => {
    await render(ITEMS);
    expect(names().filter((name) => name === 'Поиск')).toHaveLength(1);
    act(() => root.unmount());
    container.remove();
    await render(ITEMS.filter((item) => item.href !== '/search'));
    expect(names().filter((name) => name === 'Поиск')).toHaveLength(1);
  });

  it('keeps Tab inside the open menu: past the last entry back to the first, Shift+Tab from the first to the last', async () => {
    await render(ITEMS);
    const links = [...menu().querySelectorAll<HTMLElement>('a')];
    const [first, last] = [links[0]!, links[links.length - 1]!];
    expect(document.activeElement).toBe(first);
    last.focus();
    await key('Tab');
    expect(document.activeElement).toBe(first);
    await key('Tab', true);
    expect(document.activeElement).toBe(last);
    expect(container.querySelector('[data-page-link]')).not.toBe(document.activeElement);
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    await render(ITEMS);
    await key('Escape');
    expect(menu().hasAttribute('hidden')).toBe(true);
    expect(document.activeElement?.hasAttribute('data-menu-toggle')).toBe(true);
    expect(container.querySelector('[data-menu-toggle]')!.getAttribute('aria-expanded')).toBe('false');
  });
});
