import type { CSSProperties, ReactNode } from 'react';
import { styled } from '@linaria/react';
import type { SectionSize, SectionTheme, SliderType } from '@site/contracts';
import { CardGrid } from './Card';
import { DARK_PALETTE, SCHEME_PALETTE } from './palettes';
import { GRID_MEDIA } from './tokens';

/** In an accessibility colour mode, light and grey themes turn dark. */
export function effectiveTheme(theme: SectionTheme, colorMode: boolean): SectionTheme {
  return colorMode && (theme === 'light' || theme === 'grey') ? 'dark' : theme;
}

/**
 * A theme is a palette for everything inside the section: cards, links, buttons and focus rings take their colours
 * from these variables, so a section's content reads well on its background.
 */
const Container = styled.section`
  background: var(--site-bg);
  color: var(--site-text);
  padding: 2.5rem 1rem;
  @media ${GRID_MEDIA.large} {
    padding: 4rem 1.5rem;
  }

  &[data-theme='light'] {
    --site-bg: #ffffff;
  }
  &[data-theme='grey'] {
    /* Literal colours: a variable defined from another one on the same element would see the new value. */
    --site-bg: #f2f4f1;
    --site-surface: #ffffff;
  }
  &[data-theme='dark'] {
    ${DARK_PALETTE}
  }
  &[data-theme='secondary'] {
    --site-bg: #0b5cad;
    --site-text: #ffffff;
    --site-surface: #0a4f96;
    --site-muted: #e3edf8;
    --site-border: #8fb3da;
    --site-link: #ffffff;
    --site-focus: #ffdd00;
    --site-accent: #ffffff;
    --site-accent-text: #0b4f96;
  }
  &[data-theme='colorScheme'] {
    --site-bg: var(--scheme-bg, var(--site-dark-bg));
    --site-text: var(--scheme-text, var(--site-dark-text));
    --site-surface: var(--scheme-bg, var(--site-dark-bg));
    --site-muted: var(--scheme-text, var(--site-dark-text));
    --site-border: var(--scheme-text, var(--site-dark-text));
    --site-link: var(--scheme-color, var(--site-dark-text));
    --site-focus: var(--scheme-color, var(--site-dark-text));
    --site-accent: var(--scheme-color, var(--site-dark-text));
    --site-accent-text: var(--scheme-bg, var(--site-dark-bg));
  }
  /* An accessibility colour scheme wins over every theme: one background, one text colour. */
  [data-color-scheme] &[data-theme] {
    ${SCHEME_PALETTE}
    border-top: 1px solid var(--site-scheme-text);
  }
  &[data-size='medium'] > div {
    max-width: 60rem;
  }

  /* Slider types: on narrow screens a list of cards scrolls sideways, one card snapping after another. */
  &[data-slider] ${CardGrid} {
    @media (max-width: 1023px) {
      grid-template-columns: none;
      grid-auto-flow: column;
      overflow-x: auto;
      overscroll-behavior-x: contain;
      scroll-snap-type: x mandatory;
      padding-bottom: 0.75rem;
      > * {
        scroll-snap-align: start;
      }
    }
  }
  &[data-slider='cards'] ${CardGrid} {
    @media (max-width: 1023px) {
      grid-auto-columns: min(80%, 18rem);
    }
  }
  &[data-slider='gallery'] ${CardGrid} {
    @media (max-width: 1023px) {
      grid-auto-columns: min(90%, 28rem);
    }
  }
  &[data-slider='fullwidth'] ${CardGrid} {
    @media (max-width: 1023px) {
      grid-auto-columns: 100%;
    }
  }
`;

const Inner = styled.div`
  max-width: 80rem;
  margin: 0 auto;
`;

export interface SectionProps {
  theme?: SectionTheme;
  size?: SectionSize;
  slider?: SliderType;
  /** Colours of the `colorScheme` theme (from init `colors`). */
  schemeColors?: { bg: string; color: string; text: string };
  colorMode?: boolean;
  id?: string;
  labelledBy?: string;
  className?: string;
  children: ReactNode;
}

/** The container every section renders in: theme, size and slider type. */
export function Section({ theme = 'light', size, slider, schemeColors, colorMode = false, id, labelledBy, className, children }: SectionProps) {
  const style = schemeColors
    ? ({ '--scheme-bg': schemeColors.bg, '--scheme-color': schemeColors.color, '--scheme-text': schemeColors.text } as CSSProperties)
    : undefined;
  return (
    <Container
      id={id}
      className={className}
      aria-labelledby={labelledBy}
      data-theme={effectiveTheme(theme, colorMode)}
      data-size={size}
      data-slider={slider}
      style={style}
    >
      <Inner>{children}</Inner>
    </Container>
  );
}
