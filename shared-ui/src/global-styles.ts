import { css } from '@linaria/core';
import { COLOR_SCHEMES, GRID_BREAKPOINTS } from './tokens';

const schemeRules = Object.entries(COLOR_SCHEMES)
  .map(
    ([name, { background, text }]) => `
    :root[data-color-scheme='${name}'] {
      --site-bg: ${background};
      --site-text: ${text};
      --site-surface: ${background};
      --site-muted: ${text};
      --site-accent: ${text};
      --site-accent-text: ${background};
      --site-link: ${text};
      --site-border: ${text};
      --site-focus: ${text};
    }`,
  )
  .join('\n');

/**
 * Design tokens as CSS custom properties, the colour-scheme overrides on the root attribute, the font scale,
 * and base element styles. Imported once by the shell; sections use the variables.
 */
export const globalStyles = css`
  :global() {
    :root {
      --site-bg: #ffffff;
      --site-text: #2f312e;
      --site-surface: #f4f5f3;
      --site-muted: #5d605b;
      --site-accent: #0b5cad;
      --site-accent-text: #ffffff;
      --site-link: #0a55a0;
      --site-border: #c9ccc6;
      --site-dark-bg: #2f312e;
      --site-dark-text: #fdfffc;
      --site-focus: #d4351c;
      --site-font: 'PT Sans', 'Segoe UI', Roboto, Arial, sans-serif;
      --site-font-scale: 1;
      --site-base-size: 16px;
      font-size: calc(var(--site-base-size) * var(--site-font-scale));
      scroll-behavior: smooth;
      scroll-padding-top: 5rem;
    }

    @media (min-width: ${GRID_BREAKPOINTS.mediumMin}px) {
      :root {
        --site-base-size: 17px;
      }
    }

    @media (min-width: ${GRID_BREAKPOINTS.largeMin}px) {
      :root {
        --site-base-size: 18px;
      }
    }

    @media (prefers-reduced-motion: reduce) {
      :root {
        scroll-behavior: auto;
      }
    }

    :root[data-font-scale='125'] { --site-font-scale: 1.25; }
    :root[data-font-scale='150'] { --site-font-scale: 1.5; }
    :root[data-font-scale='175'] { --site-font-scale: 1.75; }
    :root[data-font-scale='200'] { --site-font-scale: 2; }

    ${schemeRules}

    :root[data-color-scheme] {
      --site-dark-bg: var(--site-bg);
      --site-dark-text: var(--site-text);
    }

    *,
    *::before,
    *::after {
      box-sizing: border-box;
    }

    body {
      margin: 0;
      background: var(--site-bg);
      color: var(--site-text);
      font-family: var(--site-font);
      line-height: 1.5;
      overflow-wrap: break-word;
    }

    a {
      color: var(--site-link);
    }

    :focus-visible {
      outline: 3px solid var(--site-focus);
      outline-offset: 2px;
    }

    img {
      max-width: 100%;
      height: auto;
    }
  }
`;
