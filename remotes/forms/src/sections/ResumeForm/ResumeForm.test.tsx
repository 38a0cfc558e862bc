import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { sendForm } from '../../submission/send-form';
import {
  CONTENT_API_START_TIMEOUT_MS,
  descriptorOf,
  loadContext,
  startCaptchaVerifier,
  startContentApi,
  unreachableApi,
  type RunningContentApi,
  controlTag,
  labelledControls,
  textOf,
} from '@site/test-support';
import ResumeForm from './index';
import { load, type ResumeFormData } from './load';
import { prepareResumeForm } from './validation';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const data: ResumeFormData = {
  vacancies: [
    { id: '3', title: 'Research Fellow', centre: 'Quantum Technologies Centre' },
    { id: '5', title: 'Systems Administrator', centre: 'IT Department' },
    { id: '9', title: 'Research Engineer', centre: 'Quantum Technologies Centre' },
  ],
};

function resume(fields: Record<string, string>, files: File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file);
  return form;
}

describe('ResumeForm', () => {
  it('preselects the vacancy of the link that was followed (`/vacancies?vacancyId=…#resume`), grouped by centre', () => {
    const html = renderSection(ResumeForm, { props: {}, data }, en, { locale: 'en', path: '/en/vacancies?centre=it-department&vacancyId=9' });
    expect(html).toMatch(/<option value="9" selected="">Research Engineer<\/option>/);
    expect(html).toContain(
      '<optgroup label="Quantum Technologies Centre"><option value="3">Research Fellow</option><option value="9" selected="">Research Engineer</option></optgroup>',
    );
    expect(labelledControls(html)).toMatchObject({ vacancyId: 'Vacancy', coverLetter: 'Cover letter (optional)', files: 'Resume and other files (optional)' });
    expect(textOf(html)).toContain('Send your resume');
  });

  it('offers an open application when no vacancy is named, in Russian', () => {
    const html = renderSection(ResumeForm, { props: {}, data }, ru, { path: '/vacancies' });
    expect(html).toContain('<option value="" selected="">Инициативное резюме, без конкретной вакансии</option>');
    expect(textOf(html)).toContain('Отправить резюме');
  });

  it('still sends the vacancy of the page when the list could not be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loaded = await load(loadContext(unreachableApi, 'ru'), descriptorOf('ResumeForm', {}));
    expect(loaded).toEqual({ vacancies: null });
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
    const html = renderSection(ResumeForm, { props: { vacancyId: 12 }, data: loaded }, ru);
    expect(controlTag(html, 'vacancyId')).toMatch(/type="hidden".*value="12"|value="12".*type="hidden"/);
  });

  it('checks the cover letter length and the files before sending', () => {
    const prepared = prepareResumeForm(
      resume({ name: 'Ivan Petrov', email: 'ivan@example.com', coverLetter: 'x'.repeat(5001), consent: 'on' }, [new File(['x'], 'cv.txt')]),
    );
    expect(prepared).toEqual({
      ok: false,
      errors: { coverLetter: { id: 'forms.error.coverLetter' }, files: { id: 'forms.error.files.type', values: { names: 'cv.txt' } } },
    });
  });

  describe('against the real content API with the captcha on', () => {
    let server: RunningContentApi;
    let verifier: Awaited<ReturnType<typeof startCaptchaVerifier>>;
    beforeAll(async () => {
      verifier = await startCaptchaVerifier();
      server = await startContentApi({ enabled: true, secret: 'test-secret', verifyUrl: verifier.verifyUrl, expectedActions: { resume: 'resume' } });
    }, CONTENT_API_START_TIMEOUT_MS);
    afterAll(async () => {
      await server.stop();
      await verifier.stop();
    });

    it('loads every vacancy for the choice', async () => {
      const loaded = await load(loadContext(server.api, 'en'), descriptorOf('ResumeForm', {}));
      expect(loaded.vacancies?.length).toBeGreaterThan(0);
      expect(loaded.vacancies?.[0]).toEqual({ id: expect.any(String), title: expect.any(String), centre: expect.any(String) });
    });

    it('sends a resume with the token made for the resume action, and is thanked', async () => {
      const prepared = prepareResumeForm(
        resume({ name: 'Ivan Petrov', email: 'ivan@example.com', vacancyId: '3', consent: 'on' }, [new File([PNG], 'photo.png')]),
      );
      if (!prepared.ok) throw new Error('a valid resume was refused');
      const captcha = { enabled: true, execute: async (action: string) => `good-token:${action}` };
      const outcome = await sendForm(server.api, captcha, {
        path: 'ru/forms/resume',
        body: prepared.body,
        captchaAction: 'resume',
        idempotencyKey: 'resume-test-0001',
      });
      expect(outcome).toEqual({ kind: 'sent', message: expect.stringContaining('в течение трёх рабочих дней') });
    });

    it('shows the captcha failure when the intake refuses the token', async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const prepared = prepareResumeForm(resume({ name: 'Ivan Petrov', email: 'ivan@example.com', consent: 'on' }));
      if (!prepared.ok) throw new Error('a valid resume was refused');
      const captcha = { enabled: true, execute: async () => 'forged-token' };
      const outcome = await sendForm(server.api, captcha, {
        path: 'en/forms/resume',
        body: prepared.body,
        captchaAction: 'resume',
        idempotencyKey: 'resume-test-0002',
      });
      expect(outcome).toEqual({ kind: 'failed', reason: 'captcha' });
      error.mockRestore();
    });
  });
});
