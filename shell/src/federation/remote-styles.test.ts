import { inlineableCss } from './remote-styles';

describe('remote stylesheets carried inside the page', () => {
  const href = 'https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/expose.css';

  it('resolves relative references against where the stylesheet was published, and leaves absolute ones', () => {
    const css =
      '.a{background:url(img/a.png)}.b{background:url(\'../b.svg\')}.c{background:url("data:image/png;base64,xx")}.d{src:url(https://fonts.example/f.woff2)}.e{mask:url(#m)}';
    expect(inlineableCss(css, href)).toBe(
      ".a{background:url(https://cdn.example/remotes/news/1.0.0-aaaaaaaaaa/img/a.png)}.b{background:url('https://cdn.example/remotes/news/b.svg')}" +
        '.c{background:url("data:image/png;base64,xx")}.d{src:url(https://fonts.example/f.woff2)}.e{mask:url(#m)}',
    );
  });

  it('cannot close the style element it sits in', () => {
    expect(inlineableCss('.x::after{content:"</style><script>alert(1)</script>"}', href)).not.toMatch(/<\/style/i);
  });
});
