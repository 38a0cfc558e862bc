import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { CAPTCHA_TOKEN_FIELD, FormAcceptedSchema, validate, type SectionProps } from '@site/contracts';
import { Button, SectionTitle, useShell } from '@site/ui';
import { contactFormErrors, readContactForm, type ContactField } from './validation';

export interface ContactFormProps {
  topic?: string;
  title?: string;
}

export const meta = { lazy: true };

const Form = styled.form`
  display: grid;
  gap: 1.25rem;
  max-width: 40rem;
  label {
    display: block;
    font-weight: 600;
    margin-bottom: 0.35rem;
  }
  input[type='text'],
  input[type='email'],
  input[type='tel'],
  textarea {
    width: 100%;
    min-height: 44px;
    padding: 0.6rem 0.75rem;
    border: 2px solid var(--site-border);
    border-radius: 0.5rem;
    background: var(--site-bg);
    color: var(--site-text);
    font: inherit;
  }
  [aria-invalid='true'] {
    border-color: #b3261e;
  }
  .consent {
    display: flex;
    gap: 0.75rem;
    align-items: flex-start;
    font-weight: 400;
  }
  .consent input {
    width: 1.5rem;
    height: 1.5rem;
    flex: none;
  }
`;

const ErrorText = styled.p`
  margin: 0.35rem 0 0;
  color: #b3261e;
  font-weight: 600;
  :root[data-color-scheme] & {
    color: inherit;
    text-decoration: underline;
  }
`;

type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; reason: 'captcha' | 'server' };

function Field({ id, name, label, error, children }: { id: string; name: ContactField; label: string; error?: string; children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement }) {
  const errorId = `${id}-${name}-error`;
  return (
    <div>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {children({ id: `${id}-${name}`, 'aria-invalid': Boolean(error), ...(error ? { 'aria-describedby': errorId } : {}) })}
      {error && (
        <ErrorText id={errorId}>
          <FormattedMessage id={error} />
        </ErrorText>
      )}
    </div>
  );
}

/** The contact form: validated in the browser with the contract's rules, sent to the intake, thanked for. */
export default function ContactFormSection({ descriptor }: SectionProps<ContactFormProps>) {
  const intl = useIntl();
  const shell = useShell();
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const label = (key: string) => intl.formatMessage({ id: key });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const { value, errors: found } = contactFormErrors(readContactForm(form));
    setErrors(found);
    if (!value) {
      const first = Object.keys(found)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    let captchaToken = '';
    try {
      if (shell.captcha.enabled) captchaToken = await shell.captcha.execute('contact');
    } catch {
      setStatus({ kind: 'failed', reason: 'captcha' });
      return;
    }
    try {
      const body = new FormData();
      for (const [key, entry] of Object.entries(value)) body.append(key, String(entry));
      if (captchaToken) body.append(CAPTCHA_TOKEN_FIELD, captchaToken);
      const response = await shell.api.post(`${shell.locale}/forms/contact`, body, {
        headers: { 'idempotency-key': crypto.randomUUID?.() ?? String(Date.now()) },
      });
      const accepted = validate(FormAcceptedSchema, (response as { data?: unknown })?.data ?? response);
      setStatus({ kind: 'sent', message: accepted.ok ? accepted.value.message : label('forms.thanks') });
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      setStatus({ kind: 'failed', reason: status === 403 ? 'captcha' : 'server' });
    }
  }

  if (status.kind === 'sent') {
    return (
      <div role="status" data-form-result="sent">
        <SectionTitle>
          <FormattedMessage id="forms.thanks" />
        </SectionTitle>
        <p>{status.message}</p>
      </div>
    );
  }

  return (
    <div>
      <SectionTitle id={`${id}-title`}>{descriptor.props.title ?? <FormattedMessage id="forms.contact.title" />}</SectionTitle>
      <Form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} data-form="contact">
        <Field id={id} name="name" label={label('forms.field.name')} error={errors.name}>
          {(props) => <input {...props} name="name" type="text" autoComplete="name" required />}
        </Field>
        <Field id={id} name="email" label={label('forms.field.email')} error={errors.email}>
          {(props) => <input {...props} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field id={id} name="phone" label={label('forms.field.phone')} error={errors.phone}>
          {(props) => <input {...props} name="phone" type="tel" autoComplete="tel" />}
        </Field>
        <input type="hidden" name="topic" value={descriptor.props.topic ?? ''} />
        <Field id={id} name="message" label={label('forms.field.message')} error={errors.message}>
          {(props) => <textarea {...props} name="message" rows={6} required />}
        </Field>
        <div>
          <label className="consent" htmlFor={`${id}-consent`}>
            <input id={`${id}-consent`} name="consent" type="checkbox" aria-invalid={Boolean(errors.consent)} aria-describedby={errors.consent ? `${id}-consent-error` : undefined} />
            <FormattedMessage id="forms.field.consent" />
          </label>
          {errors.consent && (
            <ErrorText id={`${id}-consent-error`}>
              <FormattedMessage id={errors.consent} />
            </ErrorText>
          )}
        </div>
        {status.kind === 'failed' && (
          <ErrorText role="alert">
            <FormattedMessage id={status.reason === 'captcha' ? 'forms.captchaFailed' : 'forms.failed'} />
          </ErrorText>
        )}
        <div>
          <Button type="submit" disabled={status.kind === 'sending'}>
            <FormattedMessage id={status.kind === 'sending' ? 'forms.sending' : 'forms.submit'} />
          </Button>
        </div>
      </Form>
    </div>
  );
}
