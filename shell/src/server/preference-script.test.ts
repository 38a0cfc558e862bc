/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these; the design system's router import needs them at load time.
Object.assign(globalThis, { TextEncoder, TextDecoder });
// Loaded after the polyfills above, so a require rather than an import (imports are hoisted above them).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- must run after the polyfills
const { PREFERENCE_SCRIPT } = require('./document') as typeof import('./document');

/** The server HTML carries no preferences: this script applies what the visitor stored before first paint. */
function rootAfterScript(prepare: () => void): Element {
  const root = document.documentElement;
  root.removeAttribute('data-color-scheme');
  root.removeAttribute('data-font-scale');
  for (const name of ['data-letter-spacing', 'data-line-height', 'data-font-family', 'data-images', 'data-cookies-accepted']) root.removeAttribute(name);
  localStorage.clear();
  for (const cookie of document.cookie.split('; ')) document.cookie = `${cookie.split('=')[0]}=; Max-Age=0; path=/`;
  prepare();
  new Function(PREFERENCE_SCRIPT)();
  return root;
}

describe('preference script', () => {
  it('applies the colour scheme and font size from localStorage', () => {
    const root = rootAfterScript(() => {
      localStorage.setItem('colorScheme', 'sepia');
      localStorage.setItem('fontSize', '150');
    });
    expect(root.getAttribute('data-color-scheme')).toBe('sepia');
    expect(root.getAttribute('data-font-scale')).toBe('150');
  });

  it('falls back to the cookie mirror when storage has nothing', () => {
    const root = rootAfterScript(() => {
      document.cookie = 'colorScheme=lime; path=/';
      document.cookie = 'fontSize=200; path=/';
    });
    expect(root.getAttribute('data-color-scheme')).toBe('lime');
    expect(root.getAttribute('data-font-scale')).toBe('200');
  });

  it('ignores unknown values and the default size', () => {
    const root = rootAfterScript(() => {
      localStorage.setItem('colorScheme', 'neon" onload="x');
      localStorage.setItem('fontSize', '100');
    });
    expect(root.hasAttribute('data-color-scheme')).toBe(false);
    expect(root.hasAttribute('data-font-scale')).toBe(false);
  });

  it('applies letter spacing, line height, font family and images from localStorage or the cookie mirror', () => {
    const root = rootAfterScript(() => {
      localStorage.setItem('letterSpacing', 'wide');
      localStorage.setItem('lineHeight', '1.5');
      document.cookie = 'fontFamily=serif; path=/';
      document.cookie = 'images=hidden; path=/';
    });
    expect(root.getAttribute('data-letter-spacing')).toBe('wide');
    expect(root.getAttribute('data-line-height')).toBe('1.5');
    expect(root.getAttribute('data-font-family')).toBe('serif');
    expect(root.getAttribute('data-images')).toBe('hidden');
  });

  it('writes no attribute for a default or unknown reading preference', () => {
    const root = rootAfterScript(() => {
      localStorage.setItem('letterSpacing', 'normal');
      localStorage.setItem('lineHeight', '9');
      localStorage.setItem('fontFamily', 'sans');
      localStorage.setItem('images', '"><script>');
    });
    for (const name of ['data-letter-spacing', 'data-line-height', 'data-font-family', 'data-images']) expect(root.hasAttribute(name)).toBe(false);
  });

  it('marks the root when the cookies flag is stored, in localStorage or the cookie mirror, so the notice is never painted', () => {
    expect(rootAfterScript(() => localStorage.setItem('cookies', 'true')).hasAttribute('data-cookies-accepted')).toBe(true);
    expect(rootAfterScript(() => (document.cookie = 'cookies=true; path=/')).hasAttribute('data-cookies-accepted')).toBe(true);
    expect(rootAfterScript(() => localStorage.setItem('colorScheme', 'sepia')).hasAttribute('data-cookies-accepted')).toBe(false);
  });
});
