import { renderSection } from '@site/ui/testing';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { sendForm } from '../../submission/send-form';
import { contentApiForSuite, controlTag, labelledControls, textOf } from '@site/test-support';
import ContactForm from './index';
import { prepareContactForm } from './validation';

function formData(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

const valid = {
  name: 'Анна Смирнова',
  email: 'anna@example.com',
  phone: '',
  topic: 'admissions',
  message: 'Когда начинается приём документов?',
  consent: 'on',
};

describe('ContactForm', () => {
  it('renders a posted form whose every control has a label, in Russian and in English', () => {
    const ruHtml = renderSection(ContactForm, { props: {}, data: undefined }, ru);
    expect(textOf(ruHtml)).toContain('Напишите нам');
    expect(labelledControls(ruHtml)).toEqual({
      name: 'Имя',
      email: 'Электронная почта',
      phone: 'Телефон (необязательно)',
      message: 'Сообщение',
      consent: 'Я принимаю условия и Положение об обработке персональных данных',
    });
    const enHtml = renderSection(ContactForm, { props: { topic: 'press' }, data: undefined }, en, { locale: 'en' });
    expect(labelledControls(enHtml).consent).toBe('I accept the terms and the personal data processing regulation');
    // Submitted before scripts run, it must not put personal data into a URL.
    expect(enHtml).toContain('method="post"');
    expect(controlTag(enHtml, 'topic')).toContain('value="press"');
  });

  it('reports each invalid field with its own message, the consent included', () => {
    const prepared = prepareContactForm(formData({ name: 'A', email: 'not-an-email', phone: 'call me', message: 'short' }));
    expect(prepared.ok).toBe(false);
    if (prepared.ok) return;
    expect(prepared.errors).toEqual({
      name: { id: 'forms.error.name' },
      email: { id: 'forms.error.email' },
      phone: { id: 'forms.error.phone' },
      message: { id: 'forms.error.message' },
      consent: { id: 'forms.error.consent' },
    });
    expect(en['forms.error.consent']).toBe('You need to accept the terms and the personal data processing regulation');
  });

  it('leaves an empty optional phone out and sends the consent as true', () => {
    const prepared = prepareContactForm(formData(valid));
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.body.has('phone')).toBe(false);
    expect(prepared.body.get('consent')).toBe('true');
    expect(prepared.withFiles).toBe(false);
  });

  describe('against the real content API', () => {
    const server = contentApiForSuite();

    it('is accepted and answered with the promise of contact within three business days', async () => {
      const prepared = prepareContactForm(formData(valid));
      if (!prepared.ok) throw new Error('the valid form did not pass');
      const outcome = await sendForm(
        server.api,
        { enabled: false, execute: async () => '' },
        { path: 'ru/forms/contact', body: prepared.body, captchaAction: 'contact', idempotencyKey: 'contact-test-0001' },
      );
      expect(outcome).toEqual({ kind: 'sent', message: 'Спасибо! Ваша заявка принята. Мы свяжемся с вами в течение трёх рабочих дней.' });
    });
  });
});
