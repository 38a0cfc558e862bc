import { CAPTCHA_TOKEN_FIELD } from '@site/contracts/forms';
import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { sendForm } from '../../submission/send-form';
import { contentApiForSuite, descriptorOf, loadContext, unreachableApi, labelledControls, textOf } from '@site/test-support';
import VacancySubscription from './index';
import { load } from './load';
import { prepareSubscription } from './validation';

const centres = [
  { id: 'quantum-centre', title: 'Quantum Technologies Centre', vacancyCount: 5 },
  { id: 'sports-centre', title: 'Sports Centre', vacancyCount: 0 },
];

function subscription(email: string, centreIds: string[], consent: boolean): FormData {
  const form = new FormData();
  form.append('email', email);
  for (const id of centreIds) form.append('centreIds', id);
  if (consent) form.append('consent', 'on');
  return form;
}

describe('VacancySubscription', () => {
  it('offers the centres as an optional group of checkboxes, and the consent', () => {
    const html = renderSection(VacancySubscription, { props: {}, data: { centres } }, en, { locale: 'en' });
    expect(textOf(html)).toContain('Vacancy mailing list');
    expect(html).toMatch(/<fieldset aria-describedby="[^"]+-centreIds-hint"><legend>Centres \(optional\)<\/legend>/);
    expect(textOf(html)).toContain('Sports Centre');
    expect(labelledControls(html)).toEqual({ email: 'Email', consent: 'I accept the terms and the personal data processing regulation' });
    expect(textOf(renderSection(VacancySubscription, { props: {}, data: { centres } }, ru))).toContain('Рассылка вакансий');
  });

  it('works without the centre choice when the centres cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loaded = await load(loadContext(unreachableApi, 'en'), descriptorOf('VacancySubscription', {}));
    warn.mockRestore();
    expect(loaded).toEqual({ centres: null });
    const html = renderSection(VacancySubscription, { props: {}, data: loaded }, en, { locale: 'en' });
    expect(html).not.toContain('<fieldset');
    expect(html).toContain('name="email"');
  });

  it('sends JSON: the email, the centres only if some are ticked, and the consent', () => {
    expect(prepareSubscription(subscription('anna@example.com', [], true))).toEqual({
      ok: true,
      withFiles: false,
      body: { email: 'anna@example.com', consent: true },
    });
    expect(prepareSubscription(subscription(' anna@example.com ', ['quantum-centre'], true))).toEqual({
      ok: true,
      withFiles: false,
      body: { email: 'anna@example.com', centreIds: ['quantum-centre'], consent: true },
    });
    expect(prepareSubscription(subscription('anna@', [], false))).toEqual({
      ok: false,
      errors: { email: { id: 'forms.error.email' }, consent: { id: 'forms.error.consent' } },
    });
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('lists every centre, the one without vacancies too', async () => {
      const loaded = await load(loadContext(server.api, 'en'), descriptorOf('VacancySubscription', {}));
      expect(loaded.centres).toContainEqual({ id: 'sports-centre', title: 'Sports Centre', vacancyCount: 0 });
    });

    it('subscribes and shows the intake confirmation', async () => {
      const prepared = prepareSubscription(subscription('subscriber@example.com', ['quantum-centre', 'library'], true));
      if (!prepared.ok) throw new Error('a valid subscription was refused');
      const captcha = { enabled: false, execute: async () => '' };
      const outcome = await sendForm(server.api, captcha, {
        path: 'en/subscriptions/vacancies',
        body: prepared.body,
        captchaAction: 'subscription',
        idempotencyKey: 'subscription-test-0001',
      });
      expect(outcome).toEqual({ kind: 'sent', message: 'You are subscribed to the vacancy mailing list. We will send new vacancies to this address.' });
      expect(prepared.body).not.toHaveProperty(CAPTCHA_TOKEN_FIELD);
    });
  });
});
