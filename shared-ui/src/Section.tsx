import type { CSSProperties, ReactNode } from 'react';
import { styled } from '@linaria/react';
import type { SectionSize, SectionTheme, SliderType } from '@site/contracts';

/** In an accessibility colour mode, light and grey themes turn dark (spec point 2). */
export function effectiveTheme(theme: SectionTheme, colorMode: boolean): SectionTheme {
  return colorMode && (theme === 'light' || theme === 'grey') ? 'dark' : theme;
}

const Container = styled.section`
  --section-bg: var(--site-bg);
  --section-text: var(--site-text);
  background: var(--section-bg);
  color: var(--section-text);
  padding: 3rem 1rem;

  &[data-theme='dark'] {
    --section-bg: var(--site-dark-bg);
    --section-text: var(--site-dark-text);
    --site-link: var(--site-dark-text);
  }
  &[data-theme='grey'] {
    --section-bg: var(--site-surface);
  }
  &[data-theme='secondary'] {
    --section-bg: var(--site-accent);
    --section-text: var(--site-accent-text);
    --site-link: var(--site-accent-text);
  }
  &[data-theme='colorScheme'] {
    --section-bg: var(--scheme-bg, var(--site-dark-bg));
    --section-text: var(--scheme-text, var(--site-dark-text));
    --site-link: var(--scheme-color, var(--site-dark-text));
  }
  :root[data-color-scheme] &[data-theme] {
    --section-bg: var(--site-bg);
    --section-text: var(--site-text);
    --site-link: var(--site-text);
    outline: 1px solid var(--site-border);
  }
  &[data-size='medium'] > div {
    max-width: 60rem;
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
  children: ReactNode;
}

/** The container every section renders in: theme, size and slider type (spec point 2). */
export function Section({ theme = 'light', size, slider, schemeColors, colorMode = false, id, labelledBy, children }: SectionProps) {
  const style = schemeColors
    ? ({ '--scheme-bg': schemeColors.bg, '--scheme-color': schemeColors.color, '--scheme-text': schemeColors.text } as CSSProperties)
    : undefined;
  return (
    <Container
      id={id}
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
