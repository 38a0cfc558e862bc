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

describe('links in stored HTML on a page of another locale', () => {
  const english = { localizePath: (path: string) => (path === '/' ? '/en' : `/en${path}`) };

  it('gives links to pages of the site the page locale, and leaves files, other sites and prefixed links alone', () => {
    expect(sanitize('<a href="/pdf-redirect?url=/api/media/documents/license.pdf">PDF</a>', english)).toBe(
      '<a href="/en/pdf-redirect?url=/api/media/documents/license.pdf">PDF</a>',
    );
    expect(sanitize('<a href="/about#privacy">policy</a>', english)).toBe('<a href="/en/about#privacy">policy</a>');
    expect(sanitize('<a href="/en/news/3">news</a>', english)).toBe('<a href="/en/news/3">news</a>');
    expect(sanitize('<a href="/media/documents/a.pdf">a</a><a href="/api/media/b.pdf">b</a>', english)).toBe(
      '<a href="/media/documents/a.pdf">a</a><a href="/api/media/b.pdf">b</a>',
    );
    expect(sanitize('<a href="//elsewhere.example/x">x</a><a href="https://elsewhere.example/">y</a><a href="#grid">z</a>', english)).toBe(
      '<a href="//elsewhere.example/x">x</a><a href="https://elsewhere.example/">y</a><a href="#grid">z</a>',
    );
  });

  it('changes nothing without a locale to add, and forgets the locale after each call', () => {
    expect(sanitize('<a href="/about">about</a>', english)).toBe('<a href="/en/about">about</a>');
    expect(sanitize('<a href="/about">about</a>')).toBe('<a href="/about">about</a>');
  });
});
