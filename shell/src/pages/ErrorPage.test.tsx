/** @jest-environment jsdom */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { shellMessages } from '../i18n/messages';
import { ErrorPage } from './ErrorPage';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('error page fallback (spec point 8)', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  for (const [locale, text, home] of [
    ['ru', 'Не удалось показать страницу ошибки. Перейти на главную', '/'],
    ['en', 'The error page could not be shown. Go to the home page', '/en'],
  ] as const) {
    it(`shows a message with a link home (${locale}) when the error page itself fails`, async () => {
      const container = document.createElement('div');
      const root = createRoot(container);
      // Rendered without the stores it needs, the error page's content throws.
      await act(async () => {
        root.render(
          <IntlProvider locale={locale} messages={shellMessages[locale]}>
            <ErrorPage error={{ statusCode: 404, message: 'This page could not be found' }} />
          </IntlProvider>,
        );
      });
      const fallback = container.querySelector('[data-error-fallback]');
      expect(fallback?.getAttribute('role')).toBe('alert');
      expect(fallback?.textContent).toBe(text);
      expect(fallback?.querySelector('a')?.getAttribute('href')).toBe(home);
      expect(errors.mock.calls.some(([first]) => String(first).includes('The error page failed to render'))).toBe(true);
      act(() => root.unmount());
    });
  }
});
