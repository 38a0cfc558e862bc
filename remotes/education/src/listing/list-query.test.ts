import { idFromQuery, idListFromQuery, pageCountOf, pageFromQuery, textFromQuery } from './list-query';

describe('reading list parameters from the page query', () => {
  it('takes a page number only when it is one', () => {
    expect(pageFromQuery('3')).toBe(3);
    for (const bad of [undefined, '', '0', '-2', '1.5', 'abc', '10001']) expect(pageFromQuery(bad)).toBe(1);
  });

  it('keeps well-formed ids once each, and trims and caps free text', () => {
    expect(idListFromQuery('beginner, advanced,beginner,Bad!,,')).toEqual(['beginner', 'advanced']);
    expect(idFromQuery(' physics ')).toBe('physics');
    expect(idFromQuery('../etc')).toBeUndefined();
    expect(textFromQuery(`  ${'a'.repeat(300)} `)).toHaveLength(200);
  });

  it('counts pages, at least one', () => {
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(90, 12)).toBe(8);
    expect(pageCountOf(24, 12)).toBe(2);
  });
});
