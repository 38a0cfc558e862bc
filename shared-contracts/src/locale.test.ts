import { isLocale, localeOfRouteName, localizePath, routeName, splitLocaleFromPath } from './locale';
import { apiPaths } from './paths';

describe('locales and paths', () => {
  it('accepts only ru and en', () => {
    expect(isLocale('ru')).toBe(true);
    expect(isLocale('en')).toBe(true);
    expect(isLocale('de')).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it('localises internal paths: no prefix in Russian, /en in English; hashes and queries are kept', () => {
    expect(localizePath('/about', 'ru')).toBe('/about');
    expect(localizePath('/about?x=1#team', 'en')).toBe('/en/about?x=1#team');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('news', 'en')).toBe('/en/news');
    expect(localizePath('#top', 'en')).toBe('#top');
  });

  it('reads the locale from the path', () => {
    expect(splitLocaleFromPath('/en/news/1')).toEqual({ locale: 'en', path: '/news/1' });
    expect(splitLocaleFromPath('/en')).toEqual({ locale: 'en', path: '/' });
    expect(splitLocaleFromPath('/english')).toEqual({ locale: 'ru', path: '/english' });
    expect(splitLocaleFromPath('/news')).toEqual({ locale: 'ru', path: '/news' });
  });

  it('puts the locale after a triple underscore in route names', () => {
    expect(routeName('search', 'en')).toBe('search___en');
    expect(localeOfRouteName('dev-student-life___ru')).toBe('ru');
    expect(localeOfRouteName('nameless')).toBeNull();
  });

  it("builds the spec's API paths, URL-encoding the search query and keeping slashes in slugs", () => {
    expect(apiPaths.page('ru', 'dev/student-life')).toBe('ru/pages/dev/student-life');
    expect(apiPaths.search('en', 'a/b c?', 'news')).toBe('en/pages/search/a%2Fb%20c%3F/news');
    expect(apiPaths.search('ru', 'студенты')).toBe(`ru/pages/search/${encodeURIComponent('студенты')}`);
  });
});
