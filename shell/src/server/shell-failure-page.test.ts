import { shellFailurePage } from './shell-failure-page';

describe('the page sent when the shell itself fails', () => {
  it('follows the path locale, with its home link', () => {
    const en = shellFailurePage('en');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<a href="/en/">Home page</a>');
    expect(en).not.toMatch(/[а-я]/i);
    const ru = shellFailurePage('ru');
    expect(ru).toContain('<html lang="ru">');
    expect(ru).toContain('<a href="/">На главную</a>');
  });
});
