import type { Locale } from '@site/contracts';

/** What the intake tells a visitor, in the request's locale. */
export const FORM_MESSAGES = {
  accepted: {
    ru: 'Спасибо! Ваша заявка принята. Мы свяжемся с вами в течение трёх рабочих дней.',
    en: 'Thank you! Your request has been received. We will contact you within three business days.',
  },
  subscribed: {
    ru: 'Вы подписаны на рассылку вакансий. Мы будем присылать новые вакансии на указанный адрес.',
    en: 'You are subscribed to the vacancy mailing list. We will send new vacancies to this address.',
  },
  consentRequired: {
    ru: 'Необходимо согласие с условиями и положением об обработке персональных данных',
    en: 'Consent to the terms and the personal-data processing regulation is required',
  },
  captchaFailed: {
    ru: 'Ошибка проверки капчи. Попробуйте ещё раз.',
    en: 'There was an error with the captcha verification. Please try again.',
  },
  tooManyRequests: {
    ru: 'Слишком много отправок. Попробуйте позже.',
    en: 'Too many submissions. Please try again later.',
  },
  fileType: {
    ru: 'Допустимые типы файлов: pdf, doc, docx, jpeg, jpg, png',
    en: 'Allowed file types: pdf, doc, docx, jpeg, jpg, png',
  },
  fileContent: {
    ru: 'Содержимое файла не соответствует его расширению',
    en: 'The file content does not match its extension',
  },
  fileNameTooLong: {
    ru: 'Слишком длинное имя файла: не больше 255 символов',
    en: 'The file name is too long: 255 characters at most',
  },
  eventUnknown: {
    ru: 'Мероприятие не найдено: откройте форму со страницы мероприятия.',
    en: 'The event was not found: open the form from the event page.',
  },
  eventOver: {
    ru: 'Мероприятие уже прошло, заявки на него не принимаются.',
    en: 'The event is over and no longer accepts applications.',
  },
  eventNoApplications: {
    ru: 'На это мероприятие заявки через сайт не принимаются.',
    en: 'This event does not take applications through the site.',
  },
  invalidField: {
    ru: 'Поле заполнено неверно',
    en: 'The field is not valid',
  },
} satisfies Record<string, Record<Locale, string>>;

export function formMessage(key: keyof typeof FORM_MESSAGES, locale: Locale): string {
  return FORM_MESSAGES[key][locale];
}
