/** @jest-environment jsdom */
import './jsdom-text-encoder';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import type { ApiClient } from '@site/contracts';

import { StoreProvider } from '../stores/contexts';
import { shellMessages } from '../i18n/messages';
import { MemoryPersistence } from '../stores/persistence';
import { RootStore } from '../stores/root-store';
import { UiStore } from '../stores/ui-store';
import { AccessibilityPanel } from './AccessibilityPanel';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The panel never calls the content API. */
const api: ApiClient = {
  get: () => Promise.reject(new Error('the panel needs no data')),
  post: () => Promise.reject(new Error('the panel posts nothing')),
};

async function renderPanel(locale: 'ru' | 'en') {
  const persistence = new MemoryPersistence();
  const store = new RootStore(
    { api, persistence, isServer: false },
    {
      locale,
      init: null,
      page: { current: null, error: null, fetchedAt: null },
      ui: UiStore.snapshotFrom(persistence, 'desktop'),
      remotes: { revision: 1, list: [] },
      status: 200,
    },
  );
  const container = document.createElement('div');
  document.body.append(container);
  const closed: string[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <IntlProvider locale={locale} messages={shellMessages[locale]}>
        <StoreProvider value={store}>
          <AccessibilityPanel onClose={() => closed.push('closed')} />
        </StoreProvider>
      </IntlProvider>,
    );
  });
  return { container, store, persistence, closed, unmount: () => act(() => root!.unmount()) };
}

const groupTexts = (container: HTMLElement) =>
  [...container.querySelectorAll('fieldset')].map((fieldset) => [
    fieldset.querySelector('legend')?.textContent,
    [...fieldset.querySelectorAll('button')].map((button) => `${button.textContent}${button.getAttribute('aria-pressed') === 'true' ? '*' : ''}`),
  ]);

describe('accessibility panel', () => {
  it('offers every option as a group with a legend, the current value pressed (ru)', async () => {
    const { container, unmount } = await renderPanel('ru');
    expect(groupTexts(container).slice(2)).toEqual([
      ['Интервал между буквами', ['Стандартный*', 'Средний', 'Большой']],
      ['Межстрочный интервал', ['Стандартный*', 'Полуторный', 'Двойной']],
      ['Шрифт', ['Без засечек*', 'С засечками']],
      ['Изображения', ['Показывать*', 'Скрыть', 'Чёрно-белые']],
    ]);
    unmount();
  });

  it('a choice presses its button and is stored; reset brings every default back (en)', async () => {
    const { container, store, persistence, unmount } = await renderPanel('en');
    const option = (name: string, value: string) => container.querySelector<HTMLButtonElement>(`[data-a11y-option="${name}"][data-value="${value}"]`)!;
    await act(async () => option('lineHeight', '2').click());
    await act(async () => option('images', 'greyscale').click());
    expect(option('lineHeight', '2').getAttribute('aria-pressed')).toBe('true');
    expect(option('lineHeight', 'normal').getAttribute('aria-pressed')).toBe('false');
    expect(store.ui.reading).toMatchObject({ lineHeight: '2', images: 'greyscale' });
    expect(persistence.get('lineHeight')).toBe('2');
    expect(groupTexts(container).slice(3)).toEqual([
      ['Line spacing', ['Standard', '1.5 lines', 'Double*']],
      ['Font', ['Sans serif*', 'Serif']],
      ['Images', ['Shown', 'Hidden', 'Greyscale*']],
    ]);
    await act(async () => container.querySelector<HTMLButtonElement>('[data-a11y-reset]')!.click());
    expect(option('lineHeight', 'normal').getAttribute('aria-pressed')).toBe('true');
    expect(persistence.values.size).toBe(0);
    unmount();
  });

  it('Escape anywhere in the panel closes it', async () => {
    const { container, closed, unmount } = await renderPanel('ru');
    const button = container.querySelector<HTMLButtonElement>('[data-a11y-option="fontFamily"][data-value="serif"]')!;
    button.focus();
    await act(async () => button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(closed).toEqual(['closed']);
    unmount();
  });

  it('offers no reading aloud where the browser cannot speak (jsdom has no speech synthesis)', async () => {
    expect('speechSynthesis' in window).toBe(false);
    const { container, unmount } = await renderPanel('ru');
    expect(container.querySelector('[data-a11y-group="speech"]')).toBeNull();
    expect(container.querySelectorAll('fieldset')).toHaveLength(6);
    unmount();
  });
});
