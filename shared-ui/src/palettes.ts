/**
 * Palettes as CSS declarations: a themed area (a dark section, the error page's dark layout) redefines the
 * design's colour variables for everything inside it, so cards, links, buttons and focus rings follow.
 */
export const DARK_PALETTE = `
  --site-bg: var(--site-dark-bg);
  --site-text: var(--site-dark-text);
  --site-surface: #3a3d39;
  --site-muted: #d3d6d0;
  --site-border: #747870;
  --site-link: var(--site-dark-link);
  --site-focus: var(--site-dark-focus);
  --site-accent: var(--site-dark-link);
  --site-accent-text: #1d1f1c;
`;

/** An accessibility colour scheme wins over every palette: its background and text colour, nothing else. */
export const SCHEME_PALETTE = `
  --site-bg: var(--site-scheme-bg);
  --site-text: var(--site-scheme-text);
  --site-surface: var(--site-scheme-bg);
  --site-muted: var(--site-scheme-text);
  --site-border: var(--site-scheme-text);
  --site-link: var(--site-scheme-text);
  --site-focus: var(--site-scheme-text);
  --site-accent: var(--site-scheme-text);
  --site-accent-text: var(--site-scheme-bg);
`;
