import { css } from '@linaria/core';

/**
 * The error colour: a dark red with ≥ 6:1 contrast on the light and grey section backgrounds. On dark,
 * secondary and colour-scheme sections its contrast is unknown, so errors take the section's own text colour
 * there; the words, the weight and the marker carry the meaning in every case, never the colour alone.
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

/** Inputs keep the page's colours and a border of at least 3:1 (WCAG 1.4.11): the muted text colour, not the divider one. */
export const controlStyles = css`
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
