import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { ErrorMessage } from '../submission/field-errors';
import { describedBy, fieldIds } from './Field';
import { FieldError } from './FieldError';

const ConsentLabel = styled.label`
  display: flex;
  gap: 0.75rem;
  align-items: center;
  min-height: 44px;
  font-weight: 400;
  cursor: pointer;
  input {
    width: 1.5rem;
    height: 1.5rem;
    flex: none;
    margin: 0;
    accent-color: var(--site-accent);
  }
`;

/** The required consent to the terms and the personal-data processing regulation (spec point 5). */
export function ConsentField({ formId, error }: { formId: string; error?: ErrorMessage | undefined }) {
  const ids = fieldIds(formId, 'consent');
  return (
    <div>
      <ConsentLabel htmlFor={ids.control}>
        <input id={ids.control} name="consent" type="checkbox" aria-invalid={Boolean(error)} aria-describedby={describedBy(error && ids.error)} />
        <span>
          <FormattedMessage id="forms.field.consent" />
        </span>
      </ConsentLabel>
      {error && <FieldError id={ids.error} error={error} />}
    </div>
  );
}
