import { createIntl } from 'react-intl';
import { shellMessages } from './messages';

describe('shell messages', () => {
  it('exist in Russian and English for every id', () => {
    expect(Object.keys(shellMessages.ru).sort()).toEqual(Object.keys(shellMessages.en).sort());
    for (const locale of ['ru', 'en'] as const) {
      for (const [id, text] of Object.entries(shellMessages[locale])) expect([locale, id, text.trim().length > 0]).toEqual([locale, id, true]);
    }
  });

  it('all format without an error in both locales', () => {
    for (const locale of ['ru', 'en'] as const) {
      const errors: string[] = [];
      const intl = createIntl({ locale, messages: shellMessages[locale], onError: (error) => errors.push(error.message) });
      for (const id of Object.keys(shellMessages[locale]))
        intl.formatMessage({ id }, { label: 'x', siteName: 'x', percent: 100, status: 404, theme: 'x', n: 1, remote: 'x', version: 'x' });
      expect(errors).toEqual([]);
    }
  });

  it('keep the spec texts word for word: English in English, the Russian ones in Russian', () => {
    expect(shellMessages.en['error.404.message']).toBe('Not Found');
    expect(shellMessages.en['error.401.message']).toBe('Not Authorized');
    expect(shellMessages.en['error.403.message']).toBe('No access');
    expect(shellMessages.en['error.500.message']).toBe('Server Error');
    expect(shellMessages.en['error.notFoundMessage']).toBe('This page could not be found');
    expect(shellMessages.en['section.missing']).toBe('Component missing');
    expect(shellMessages.en['section.unavailable']).toBe('Something went wrong...');
    expect(shellMessages.en['common.noData']).toBe('No data to display');
    expect(shellMessages.ru['error.action.auth']).toBe('Авторизация');
    expect(shellMessages.ru['error.action.home']).toBe('На главную');
  });
});
