import en from './en.json';
import ru from './ru.json';

describe('the forms team messages', () => {
  it('has the same keys in Russian and English, none empty', () => {
    expect(Object.keys(ru).sort()).toEqual(Object.keys(en).sort());
    for (const text of [...Object.values(ru), ...Object.values(en)]) expect(text.trim()).not.toBe('');
  });

  it('uses the spec texts word for word in English', () => {
    expect(en['forms.error.files.tooLarge']).toBe('The size of the files for uploading should not exceed 50MB');
    expect(en['forms.sendingFiles']).toBe('Wait, the files are being sent');
    expect(en['forms.failed']).toBe('Something went wrong...');
    expect(en['forms.captchaFailed']).toBe('There was an error with the captcha verification, try again');
    expect(en['vacancies.noneAtCentre']).toBe('There are currently no vacancies at this center');
    expect(en['vacancies.noData']).toBe('No data to display');
  });
});
