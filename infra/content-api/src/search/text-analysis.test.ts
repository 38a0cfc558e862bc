import { analyseText, excerptOf, foldText, queryTerms, stemWord, stripHtml } from './text-analysis';

describe('text analysis', () => {
  test('Russian forms of a word share a stem (Snowball)', () => {
    expect(stemWord('студенты')).toBe(stemWord('студентов'));
    expect(stemWord('новости')).toBe(stemWord('новостями'));
    expect(stemWord('университета')).toBe(stemWord('университет'));
  });

  test('English forms of a word share a stem (Snowball)', () => {
    expect(stemWord('students')).toBe(stemWord('student'));
    expect(stemWord('universities')).toBe(stemWord('university'));
  });

  test('ё is folded to е before stemming, in documents and queries alike', () => {
    expect(foldText('Учёные')).toBe('ученые');
    expect(queryTerms('учёные')).toEqual(queryTerms('ученые'));
  });

  test('keeps the surface form for highlighting and drops stop words', () => {
    const words = analyseText('Студенты и <b>учёные</b> в лаборатории');
    expect(words.map((word) => word.surface)).toEqual(['Студенты', 'учёные', 'лаборатории']);
  });

  test('strips HTML and cuts excerpts at a word boundary', () => {
    expect(stripHtml('<p>Один&nbsp;<a href="/x">два</a></p>')).toBe('Один два');
    const excerpt = excerptOf('слово '.repeat(100), 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
