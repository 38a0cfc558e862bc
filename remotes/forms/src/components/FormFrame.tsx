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
  textarea {
    resize: vertical;
  }
  input[type='file'] {
    padding: 0.5rem;
    cursor: pointer;
  }
`;

/** A field's visible name. */
export const FieldLabel = styled.label`
  display: block;
  font-weight: 600;
  margin-bottom: 0.35rem;
`;

/** A hint under a label (allowed types, what is optional): the section's own text colour, so it reads on any theme. */
export const Hint = styled.p`
  margin: 0 0 0.35rem;
  font-size: 0.9rem;
`;
