import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { sendForm } from '../../submission/send-form';
import { contentApiForSuite, descriptorOf, loadContext, unreachableApi, controlTag, labelledControls, textOf } from '@site/test-support';
import ApplicationForm from './index';
import { load, type ApplicationFormData } from './load';
import { prepareApplicationForm } from './validation';

const MB = 1024 * 1024;
const PDF = '%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n';

function application(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return form;
}

/** A File that says it is this big without holding the bytes: the browser check reads only name and size. */
function fileOfSize(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const data: ApplicationFormData = {
  programs: [
    { id: 'ai', title: 'Artificial Intelligence' },
    { id: 'physics', title: 'Physics' },
  ],
  event: { id: '1', title: 'Open day' },
};
const person = { name: 'Anna Smirnova', email: 'anna@example.com', consent: 'on' };

describe('ApplicationForm', () => {
  it('takes the event and the program from the page query, names the event and preselects the program', () => {
    const html = renderSection(ApplicationForm, { props: {}, data }, en, { locale: 'en', path: '/en/apply?eventId=1&programId=physics' });
    expect(textOf(html)).toContain('Application for the event “Open day”');
    expect(controlTag(html, 'eventId')).toContain('value="1"');
    expect(html).toMatch(/<option value="physics" selected="">Physics<\/option>/);
    expect(labelledControls(html)).toMatchObject({ programId: 'Program (optional)', files: 'Files (optional)', message: 'Comment (optional)' });
    expect(controlTag(html, 'files')).toContain('accept=".pdf,.doc,.docx,.jpeg,.jpg,.png"');
    expect(controlTag(html, 'files')).toContain('aria-describedby=');
  });

  it('lets the followed link (the query) win over the page default, and keeps working in Russian without the program list', () => {
    const html = renderSection(ApplicationForm, { props: { eventId: 7, programId: 'ai' }, data: { programs: null, event: null } }, ru, {
      path: '/apply?eventId=12',
    });
    expect(controlTag(html, 'eventId')).toContain('value="12"');
    const withoutQuery = renderSection(ApplicationForm, { props: { eventId: 7 }, data: { programs: null, event: null } }, ru, { path: '/apply' });
    expect(controlTag(withoutQuery, 'eventId')).toContain('value="7"');
    expect(controlTag(html, 'programId')).toContain('type="hidden"');
    expect(textOf(html)).toContain('Подать заявку');
    expect(textOf(html)).toContain('pdf, doc, docx, jpeg, jpg или png; всего не больше 50 МБ');
  });

  it('offers no form for an event that is over or unknown, and says why in the page language', () => {
    const over = renderSection(ApplicationForm, { props: {}, data: { programs: null, event: { id: '3', title: 'Winter school' }, eventClosed: 'over' } }, en, {
      path: '/apply?eventId=3',
    });
    expect(textOf(over)).toContain('The event “Winter school” is over and no longer accepts applications.');
    expect(over).not.toContain('<form');
    const unknown = renderSection(ApplicationForm, { props: {}, data: { programs: null, event: null, eventClosed: 'unknown' } }, ru, {
      path: '/apply?eventId=999',
    });
    expect(textOf(unknown)).toContain('Мероприятие не найдено');
  });

  it('refuses a selection over 50 MB with the spec message, and files of other types by name', () => {
    const tooLarge = prepareApplicationForm(application(person, [fileOfSize('cv.pdf', 40 * MB), fileOfSize('diploma.png', 11 * MB)]));
    expect(tooLarge).toEqual({ ok: false, errors: { files: { id: 'forms.error.files.tooLarge' } } });
    expect(en['forms.error.files.tooLarge']).toBe('The size of the files for uploading should not exceed 50MB');
    const wrongType = prepareApplicationForm(application(person, [new File(['MZ'], 'setup.exe')]));
    expect(wrongType).toEqual({ ok: false, errors: { files: { id: 'forms.error.files.type', values: { names: 'setup.exe' } } } });
  });

  it('requires the consent and an email, and puts the files under the upload field', () => {
    const refused = prepareApplicationForm(application({ name: 'Anna', email: '' }));
    expect(refused.ok === false && refused.errors).toEqual({ email: { id: 'forms.error.email' }, consent: { id: 'forms.error.consent' } });
    const prepared = prepareApplicationForm(application({ ...person, programId: 'ai' }, [new File([PDF], 'cv.pdf')]));
    if (!prepared.ok) throw new Error('a valid application was refused');
    expect(prepared.withFiles).toBe(true);
    expect((prepared.body.get('files') as File).name).toBe('cv.pdf');
    expect(prepared.body.get('programId')).toBe('ai');
  });

  it('renders without the program choice when the programs cannot be loaded, and says why in the console', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await load(loadContext(unreachableApi, 'ru', { eventId: '1' }), descriptorOf('ApplicationForm', {}))).toEqual({ programs: null, event: null });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('loads the programs and the event named in the query', async () => {
      const loaded = await load(loadContext(server.api, 'en', { eventId: '1' }), descriptorOf('ApplicationForm', {}));
      expect(loaded.programs).toContainEqual({ id: 'ai', title: 'Artificial Intelligence' });
      expect(loaded.event?.id).toBe('1');
      expect(loaded.event?.title).toEqual(expect.any(String));
    });

    it('sends an application with a PDF and shows the intake thank-you text', async () => {
      const prepared = prepareApplicationForm(
        application({ ...person, eventId: '1', programId: 'ai' }, [new File([PDF], 'cv.pdf', { type: 'application/pdf' })]),
      );
      if (!prepared.ok) throw new Error('a valid application was refused');
      const outcome = await sendForm(
        server.api,
        { enabled: false, execute: async () => '' },
        { path: 'en/forms/application', body: prepared.body, captchaAction: 'application', idempotencyKey: 'application-test-0001' },
      );
      expect(outcome).toEqual({ kind: 'sent', message: 'Thank you! Your request has been received. We will contact you within three business days.' });
    });

    it('hears the intake refuse a file whose content is not its type', async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const prepared = prepareApplicationForm(application(person, [new File(['MZ not a pdf'], 'cv.pdf')]));
      if (!prepared.ok) throw new Error('the browser check cannot see content, it should pass');
      const outcome = await sendForm(
        server.api,
        { enabled: false, execute: async () => '' },
        { path: 'en/forms/application', body: prepared.body, captchaAction: 'application', idempotencyKey: 'application-test-0002' },
      );
      expect(outcome).toEqual({ kind: 'failed', reason: 'fileType' });
      error.mockRestore();
    });
  });
});
