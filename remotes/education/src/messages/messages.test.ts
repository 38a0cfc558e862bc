import en from './en.json';
import ru from './ru.json';

describe('the education team messages', () => {
  it('has the same keys in Russian and English, none empty', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(ru), ...Object.values(en)]) expect(text.trim()).not.toBe('');
  });

  it('uses the spec texts word for word in English', () => {
    expect(en['education.noData']).toBe('No data to display');
    expect(en['courses.noMatch']).toBe('No match on filtering results');
    expect(en['people.noMatch']).toBe('No match on filtering results');
  });
});
