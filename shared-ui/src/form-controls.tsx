import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { css, cx } from '@linaria/core';
import { styled } from '@linaria/react';

/**
 * Form primitives every team uses: text controls, choices, file picker, and the label, hint and error that go with
 * a field. Themed by the site's custom properties, 44 px targets, borders of at least 3:1 (WCAG 1.4.11), errors
 * told by words, weight and a marker, never by colour alone.
 */

/**
 * The error colour: a dark red with ≥ 6:1 contrast on the light and grey section backgrounds. On dark,
 * secondary and colour-scheme sections its contrast is unknown, so errors take the section's own text colour
 * there.
 */
export const errorColour = css`
  color: #b3261e;
  [data-theme='dark'] &,
  [data-theme='secondary'] &,
  [data-theme='colorScheme'] &,
  :root[data-color-scheme] & {
    color: inherit;
  }
`;

/** Text controls (input, textarea, select) keep the page's colours, with the muted text colour as their border. */
export const controlClass = css`
  width: 100%;
  min-height: 44px;
  padding: 0.6rem 0.75rem;
  border: 2px solid var(--site-muted);
  border-radius: 0.5rem;
  background: var(--site-bg);
  color: var(--site-text);
  font: inherit;
  &[aria-invalid='true'] {
    border-width: 3px;
    border-color: #b3261e;
  }
  :root[data-color-scheme] &[aria-invalid='true'] {
    border-color: var(--site-text);
    border-style: dashed;
  }
`;

const textAreaClass = css`
  resize: vertical;
`;

const fileClass = css`
  padding: 0.5rem;
  cursor: pointer;
`;

/** A box of 1.5rem in the accent colour: big enough to hit, the label beside it widens the target to 44 px. */
const checkboxClass = css`
  width: 1.5rem;
  height: 1.5rem;
  flex: none;
  margin: 0;
  accent-color: var(--site-accent);
`;

export type TextInputProps = Omit<ComponentProps<'input'>, 'type'> & { type?: 'text' | 'email' | 'tel' | 'url' | 'search' | 'number' | 'date' | 'password' };

/** A one-line text control (type text unless told). */
export function TextInput({ className, ...rest }: TextInputProps) {
  return <input {...rest} className={cx(controlClass, className)} />;
}

/** A multi-line text control, resizable in height only. */
export function TextArea({ className, ...rest }: ComponentProps<'textarea'>) {
  return <textarea {...rest} className={cx(controlClass, textAreaClass, className)} />;
}

/** A choice from a list. */
export function Select({ className, ...rest }: ComponentProps<'select'>) {
  return <select {...rest} className={cx(controlClass, className)} />;
}

/** A file picker; what it accepts and how much is the caller's (the forms team checks the spec's limits). */
export function FileInput({ className, ...rest }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="file" {...rest} className={cx(controlClass, fileClass, className)} />;
}

/** A checkbox; put it in a {@link CheckRow} with its text. */
export function Checkbox({ className, ...rest }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" {...rest} className={cx(checkboxClass, className)} />;
}

/** A checkbox and its text as one label: a row of at least 44 px, all of it clickable. */
export const CheckRow = styled.label`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  min-height: 44px;
  margin: 0;
  font-weight: 400;
  cursor: pointer;
`;

/** A field's visible name. */
export const FieldLabel = styled.label`
  display: block;
  font-weight: 600;
  margin-bottom: 0.35rem;
`;

/** A hint under a label (allowed types, what is optional): the section's own text colour, so it reads on any theme. */
export const FieldHint = styled.p`
  margin: 0 0 0.35rem;
  font-size: 0.9rem;
`;

const ErrorParagraph = styled.p`
  margin: 0.35rem 0 0;
  font-weight: 700;
`;

/** A field's error, referenced by the field's aria-describedby so it is read when the field gets focus. */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <ErrorParagraph id={id} className={errorColour} data-field-error>
      <span aria-hidden="true">⚠ </span>
      {children}
    </ErrorParagraph>
  );
}

/** Ids of a field's parts, derived from the form's id so two forms on a page never collide. */
export function fieldIds(formId: string, name: string) {
  const control = `${formId}-${name}`;
  return { control, hint: `${control}-hint`, error: `${control}-error` };
}

/** The aria-describedby of a control: the ids that are present, or nothing. */
export function describedBy(...ids: Array<string | false | undefined | null>): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}

/** What a field hands its control: the id its label points at, and the accessibility state of its error. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

export interface FieldProps {
  formId: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The error's text; the field is invalid while it is present. */
  error?: ReactNode;
  children: (control: ControlProps) => ReactElement;
}

/** A labelled control with an optional hint and its error, tied together for assistive technology. */
export function Field({ formId, name, label, hint, error, children }: FieldProps) {
  const ids = fieldIds(formId, name);
  const invalid = error !== undefined && error !== null && error !== false;
  return (
    <div>
      <FieldLabel htmlFor={ids.control}>{label}</FieldLabel>
      {hint !== undefined && <FieldHint id={ids.hint}>{hint}</FieldHint>}
      {children({
        id: ids.control,
        name,
        'aria-invalid': invalid,
        'aria-describedby': describedBy(hint !== undefined && ids.hint, invalid && ids.error),
      })}
      {invalid && <FieldError id={ids.error}>{error}</FieldError>}
    </div>
  );
}

/** The title of a detail view inside a section (an article, an event), an h3 under the section's h2. */
export const SectionHeading = styled.h3`
  margin: 0 0 1rem;
  font-size: clamp(1.3rem, 1.1rem + 0.8vw, 1.75rem);
  line-height: 1.25;
`;
