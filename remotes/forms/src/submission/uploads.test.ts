import { UPLOAD_MAX_TOTAL_BYTES } from '@site/contracts/forms';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { UPLOAD_ACCEPT, chosenFiles, uploadProblem } from './uploads';

const MB = 1024 * 1024;

describe('checking chosen files before sending', () => {
  it('accepts the six allowed types, in any letter case', () => {
    const files = ['cv.pdf', 'cv.doc', 'cv.DOCX', 'photo.jpeg', 'photo.JPG', 'scan.png'].map((name) => ({ name, size: MB }));
    expect(uploadProblem(files)).toBeNull();
    expect(UPLOAD_ACCEPT).toBe('.pdf,.doc,.docx,.jpeg,.jpg,.png');
  });

  it('refuses other extensions and names the refused files', () => {
    const problem = uploadProblem([
      { name: 'cv.pdf', size: 10 },
      { name: 'setup.exe', size: 10 },
      { name: 'cv.pdf.zip', size: 10 },
      { name: 'README', size: 10 },
    ]);
    expect(problem).toEqual({ id: 'forms.error.files.type', values: { names: 'setup.exe, cv.pdf.zip, README' } });
    expect(en['forms.error.files.type']).toBe('These files cannot be sent: {names}. Allowed types: pdf, doc, docx, jpeg, jpg, png');
  });

  it('allows exactly 50 MB in total and refuses one byte more with the spec message', () => {
    expect(
      uploadProblem([
        { name: 'a.pdf', size: 30 * MB },
        { name: 'b.png', size: 20 * MB },
      ]),
    ).toBeNull();
    const problem = uploadProblem([
      { name: 'a.pdf', size: 30 * MB },
      { name: 'b.png', size: 20 * MB + 1 },
    ]);
    expect(problem).toEqual({ id: 'forms.error.files.tooLarge' });
    expect(en['forms.error.files.tooLarge']).toBe('The size of the files for uploading should not exceed 50MB');
    expect(ru['forms.error.files.tooLarge']).toBe('Размер загружаемых файлов не должен превышать 50 МБ');
    expect(UPLOAD_MAX_TOTAL_BYTES).toBe(50 * MB);
  });

  it('ignores the empty entry an untouched file input submits', () => {
    const form = new FormData();
    form.append('files', new File([], ''));
    form.append('files', new File(['%PDF-1.7'], 'cv.pdf'));
    form.append('files', 'not a file');
    expect(chosenFiles(form.getAll('files')).map((file) => file.name)).toEqual(['cv.pdf']);
  });
});
