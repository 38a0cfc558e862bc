import { css } from '@linaria/core';
import { COLOR_SCHEMES, GRID_BREAKPOINT_NAMES, GRID_MEDIA, SCROLL_PADDING, TYPE_SCALE } from './tokens';
import { TOUCH_HIGHLIGHT_ATTRIBUTE } from './touch-highlight';
import { readingPreferenceRules } from './reading-preference-rules';

/**
 * A colour scheme applies wherever the attribute is: on the root for the whole site (the accessibility panel), or
 * on one element for a preview (the UI kit). Every colour of the design follows the scheme's pair.
 */
const schemeRules = Object.entries(COLOR_SCHEMES)
  .map(
    ([name, { background, text }]) => `
    [data-color-scheme='${name}'] {
      --site-scheme-bg: ${background};
      --site-scheme-text: ${text};
      --site-bg: ${background};
      --site-text: ${text};
      --site-surface: ${background};
      --site-muted: ${text};
      --site-accent: ${text};
      --site-accent-text: ${background};
      --site-link: ${text};
      --site-border: ${text};
      --site-focus: ${text};
      --site-dark-bg: ${background};
      --site-dark-text: ${text};
      --site-dark-link: ${text};
      --site-dark-focus: ${text};
    }`,
  )
  .join('\n');

const typeScaleRules = GRID_BREAKPOINT_NAMES.map((breakpoint) => {
  const scale = TYPE_SCALE[breakpoint];
  return `@media ${GRID_MEDIA[breakpoint]} {
      :root {
        --site-base-size: ${scale.root}px;
        --site-text-h1: ${scale.h1}rem;
        --site-text-h2: ${scale.h2}rem;
        --site-text-h3: ${scale.h3}rem;
        --site-text-lead: ${scale.lead}rem;
        --site-text-small: ${scale.small}rem;
      }
    }`;
}).join('\n');

/**
 * Design tokens as CSS custom properties, the colour-scheme overrides, the font scale per width and per visitor
 * choice, and base element styles. Imported once by the shell; sections use the variables.
 */
export const globalStyles = css`
  :global() {
    :root {
      --site-bg: #ffffff;
      --site-text: #2f312e;
      --site-surface: #f2f4f1;
      --site-muted: #575a55;
      --site-accent: #0b5cad;
      --site-accent-text: #ffffff;
      --site-link: #0a55a0;
      --site-border: #c9ccc6;
      --site-dark-bg: #2f312e;
      --site-dark-text: #fdfffc;
      --site-dark-link: #a9d1ff;
      --site-dark-focus: #ffdd00;
      --site-focus: #c2410c;
      --site-radius: 0.75rem;
      --site-shadow: 0 0.25rem 1.25rem rgb(47 49 46 / 12%);
      --site-font: 'PT Sans', 'Segoe UI', Roboto, Arial, sans-serif;
      --site-font-scale: 1;
      --site-base-size: 16px;
      --site-text-h1: 2rem;
      --site-text-h2: 1.5rem;
      --site-text-h3: 1.2rem;
      --site-text-lead: 1.1rem;
      --site-text-small: 0.875rem;
      font-size: calc(var(--site-base-size) * var(--site-font-scale));
      scroll-behavior: smooth;
      /* The bottom dock (alerts, cookie notice) adds its height to the bottom one while it shows (BottomDock), so it
         never hides a focused element (WCAG 2.4.11). */
      scroll-padding-bottom: ${SCROLL_PADDING};
      scroll-padding-top: ${SCROLL_PADDING};
    }

    ${typeScaleRules}

    @media (prefers-reduced-motion: reduce) {
      :root {
        scroll-behavior: auto;
      }
    }

    :root[data-font-scale='125'] {
      --site-font-scale: 1.25;
    }
    :root[data-font-scale='150'] {
      --site-font-scale: 1.5;
    }
    :root[data-font-scale='175'] {
      --site-font-scale: 1.75;
    }
    :root[data-font-scale='200'] {
      --site-font-scale: 2;
    }

    ${schemeRules}

    ${readingPreferenceRules}

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
      /* A word longer than its line breaks anywhere, and counts so when boxes size to their content (grid tracks,
         flex items): at 200 % text on a 320 px screen a long word never widens the page (WCAG 1.4.10). */
      overflow-wrap: anywhere;
      -webkit-text-size-adjust: 100%;
    }

    h1 {
      font-size: var(--site-text-h1);
      line-height: 1.15;
    }

    h2 {
      font-size: var(--site-text-h2);
      line-height: 1.2;
    }

    h3 {
      font-size: var(--site-text-h3);
      line-height: 1.3;
    }

    a {
      color: var(--site-link);
      text-underline-offset: 0.15em;
      -webkit-tap-highlight-color: transparent;
    }

    button {
      -webkit-tap-highlight-color: transparent;
    }

    :focus-visible {
      outline: 3px solid var(--site-focus);
      outline-offset: 2px;
    }

    /* A touched control stays highlighted for a moment, so a tap is seen (500 ms). */
    [${TOUCH_HIGHLIGHT_ATTRIBUTE}] {
      box-shadow: inset 0 0 0 100vmax color-mix(in srgb, currentColor 14%, transparent);
    }

    img {
      max-width: 100%;
      height: auto;
    }
  }
`;
