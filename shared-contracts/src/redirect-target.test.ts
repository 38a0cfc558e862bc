import { redirectTarget } from './redirect-target';

describe('stored redirect targets', () => {
  test.each([
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\t//evil.example'],
    ['//evil.example\\@site'],
    ['/\\\\evil.example'],
    ['/.//evil.example'],
    ['javascript:alert(1)'],
    ['https://evil.example/x'],
    ['https://user:pass@docs.university.example/'],
    ['news'],
    [''],
  ])('%j is refused', (to) => {
    expect(redirectTarget(to, ['docs.university.example'])).toBeNull();
  });

  test('paths on the site pass, normalised; allowed hosts pass as absolute URLs', () => {
    expect(redirectTarget('/news?x=1#top', [])).toEqual({ kind: 'path', path: '/news?x=1#top' });
    expect(redirectTarget('/a/../people', [])).toEqual({ kind: 'path', path: '/people' });
    expect(redirectTarget('https://Docs.University.example/guide', ['docs.university.example'])).toEqual({
      kind: 'absolute',
      url: 'https://docs.university.example/guide',
    });
  });
});
