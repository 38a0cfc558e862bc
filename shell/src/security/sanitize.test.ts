/**
 * @jest-environment jsdom
 */
import { createSanitizer } from './sanitize';

// The browser's sanitizer (the server's runs the same code over a jsdom window).
const sanitize = createSanitizer(window, ['images.example.edu']);

describe('stored HTML images', () => {
  it('keeps the site media and configured hosts, drops every other image source', () => {
    expect(sanitize('<img src="/media/images/campus.jpg" alt="Campus">')).toBe('<img src="/media/images/campus.jpg" alt="Campus">');
    expect(sanitize('<img src="https://images.example.edu/a.png" alt="">')).toBe('<img src="https://images.example.edu/a.png" alt="">');
    expect(sanitize('<img src="https://tracker.example/p.gif?u=1" alt="x">')).toBe('<img alt="x">');
    expect(sanitize('<img src="//tracker.example/p.gif" alt="x">')).toBe('<img alt="x">');
    expect(sanitize('<img src="http://images.example.edu/a.png" alt="x">')).toBe('<img alt="x">');
    expect(sanitize('<img alt="x" srcset="/media/a.jpg 1x, https://tracker.example/b.jpg 2x">')).toBe('<img alt="x" srcset="/media/a.jpg 1x">');
    expect(sanitize('<img alt="x" srcset="https://tracker.example/b.jpg 2x">')).toBe('<img alt="x">');
    expect(sanitize('<table background="https://tracker.example/bg.gif"><tbody><tr><td background="/media/bg.png">a</td></tr></tbody></table>')).toBe(
      '<table><tbody><tr><td background="/media/bg.png">a</td></tr></tbody></table>',
    );
  });
});
