import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { ErrorMessage } from '../submission/field-errors';
import { errorColour } from './form-styles';

const ErrorParagraph = styled.p`
  margin: 0.35rem 0 0;
  font-weight: 700;
`;

/** A field's error, referenced by the field's aria-describedby so it is read when the field gets focus. */
export function FieldError({ id, error }: { id: string; error: ErrorMessage }) {
  return (
    <ErrorParagraph id={id} className={errorColour} data-field-error>
      <span aria-hidden="true">⚠ </span>
      <FormattedMessage id={error.id} values={error.values} />
    </ErrorParagraph>
  );
}
