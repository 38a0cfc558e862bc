import { renderToStaticMarkup } from 'react-dom/server';
import { withShell } from '@site/ui/testing';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { textOf } from '@site/test-support';
import { FormFeedback } from './FormFeedback';
import { ThankYou } from './ThankYou';
import type { FormStatus } from './use-form-flow';

const feedback = (status: FormStatus, messages: Record<string, string>, invalidFieldCount = 0) =>
  renderToStaticMarkup(withShell(<FormFeedback status={status} invalidFieldCount={invalidFieldCount} />, messages, { locale: messages === en ? 'en' : 'ru' }));

describe('what a form says about itself', () => {
  it('asks to wait while files are being sent, in a polite live region', () => {
    const html = feedback({ kind: 'sending', withFiles: true }, en);
    expect(html).toMatch(/<p role="status" aria-live="polite"[^>]*>Wait, the files are being sent<\/p>/);
    expect(textOf(feedback({ kind: 'sending', withFiles: true }, ru))).toBe('Подождите, файлы отправляются');
    expect(textOf(feedback({ kind: 'sending', withFiles: false }, en))).toBe('Sending…');
  });

  it('counts the fields to correct, with plural forms in both languages', () => {
    expect(textOf(feedback({ kind: 'idle' }, en, 1))).toBe('1 field needs correcting');
    expect(textOf(feedback({ kind: 'idle' }, en, 3))).toBe('3 fields need correcting');
    expect(textOf(feedback({ kind: 'idle' }, ru, 5))).toBe('5 полей нужно исправить');
    expect(textOf(feedback({ kind: 'idle' }, ru, 2))).toBe('2 поля нужно исправить');
  });

  it('alerts the generic failure, the captcha failure and the upload refusals with their own texts', () => {
    const failure = (reason: 'captcha' | 'tooLarge' | 'fileType' | 'server') => feedback({ kind: 'failed', reason }, en);
    expect(failure('server')).toContain('role="alert"');
    expect(textOf(failure('server'))).toBe('Something went wrong... What you entered is kept: you can send the form again.');
    expect(textOf(failure('captcha'))).toContain('There was an error with the captcha verification, try again');
    expect(textOf(failure('tooLarge'))).toContain('The size of the files for uploading should not exceed 50MB');
    expect(textOf(failure('fileType'))).toContain('allowed types are pdf, doc, docx, jpeg, jpg, png');
    expect(textOf(feedback({ kind: 'failed', reason: 'server' }, ru))).toContain('Что-то пошло не так...');
  });

  it('thanks with the intake own message, or promises contact within three business days itself', () => {
    const thanks = (message: string | null, messages: Record<string, string>) =>
      textOf(renderToStaticMarkup(withShell(<ThankYou message={message} />, messages)));
    expect(thanks('Спасибо! Мы свяжемся с вами в течение трёх рабочих дней.', ru)).toBe(
      'Форма отправлена Спасибо! Мы свяжемся с вами в течение трёх рабочих дней.',
    );
    expect(thanks(null, en)).toBe('The form has been sent Thank you! Your request has been received. We will contact you within three business days.');
  });
});
