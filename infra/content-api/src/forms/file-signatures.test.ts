import { allowedExtensionOf, contentMatchesExtension } from './file-signatures';

describe('upload type checks', () => {
  test('only the allowed extensions pass, whatever the case', () => {
    expect(allowedExtensionOf('cv.PDF')).toBe('pdf');
    expect(allowedExtensionOf('photo.jpeg')).toBe('jpeg');
    expect(allowedExtensionOf('letter.docx')).toBe('docx');
    expect(allowedExtensionOf('virus.exe')).toBeNull();
    expect(allowedExtensionOf('archive.pdf.zip')).toBeNull();
    expect(allowedExtensionOf('noextension')).toBeNull();
  });

  test('names with separators or control characters are refused', () => {
    expect(allowedExtensionOf('../../etc/passwd.pdf')).toBeNull();
    expect(allowedExtensionOf('cv\u0000.pdf')).toBeNull();
  });

  test('content must carry the signature its extension promises', () => {
    expect(contentMatchesExtension(Buffer.from('%PDF-1.7\n'), 'pdf')).toBe(true);
    expect(contentMatchesExtension(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'pdf')).toBe(false);
    expect(contentMatchesExtension(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 'png')).toBe(true);
    expect(contentMatchesExtension(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'jpg')).toBe(true);
    expect(contentMatchesExtension(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'docx')).toBe(true);
    expect(contentMatchesExtension(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'doc')).toBe(false);
    expect(contentMatchesExtension(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'doc')).toBe(true);
    expect(contentMatchesExtension(Buffer.from('%P'), 'pdf')).toBe(false);
  });
});
