import { styled } from '@linaria/react';

/** The layout every form of the team uses: one column of fields, readable width, 44 px targets. */
export const FormFrame = styled.form`
  display: grid;
  gap: 1.25rem;
  max-width: 40rem;
  legend {
    display: block;
    font-weight: 600;
    margin-bottom: 0.35rem;
  }
  fieldset {
    margin: 0;
    padding: 0;
    border: 0;
    min-width: 0;
  }
`;

/** A hint under a label or a note in a form (the design system's field hint). */
export { FieldHint as Hint } from '@site/ui';
