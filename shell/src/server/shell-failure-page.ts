import { localePrefix, type Locale } from '@site/contracts';

const TEXT: Record<Locale, { title: string; message: string; home: string }> = {
  ru: { title: 'Ошибка сервера', message: 'Server Error. Сервер не смог показать страницу, попробуйте обновить её чуть позже.', home: 'На главную' },
  en: { title: 'Server Error', message: 'Server Error. The server could not show this page; please reload it in a moment.', home: 'Home page' },
};

/**
 * The page sent when the shell itself fails to render: plain HTML with no script or style of the site (they may
 * be what failed), in the path's language, with a link to that language's home page.
 */
export function shellFailurePage(locale: Locale): string {
  const text = TEXT[locale];
  const home = `${localePrefix(locale)}/`;
  return `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>500 | ${text.title}</title><main><h1>500</h1><p>${text.message}</p><p><a href="${home}">${text.home}</a></p></main></html>`;
}

const BUSY_TEXT: Record<Locale, { title: string; message: string }> = {
  ru: { title: 'Слишком много запросов', message: 'С вашего адреса пришло слишком много запросов новых страниц. Повторите попытку через несколько секунд.' },
  en: { title: 'Too many requests', message: 'Too many requests for new pages came from your address. Please try again in a few seconds.' },
};

/** The page sent to a client over its budget of pages the cache did not hold: plain HTML, in the path's language. */
export function tooManyRequestsPage(locale: Locale): string {
  const text = BUSY_TEXT[locale];
  return `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>429 | ${text.title}</title><main><h1>429</h1><p>${text.message}</p><p><a href="${localePrefix(locale)}/">${TEXT[locale].home}</a></p></main></html>`;
}
