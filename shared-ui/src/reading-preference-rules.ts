/** The root attributes that carry the preferences. */
export const LETTER_SPACING_ATTRIBUTE = 'data-letter-spacing';
export const LINE_HEIGHT_ATTRIBUTE = 'data-line-height';
export const FONT_FAMILY_ATTRIBUTE = 'data-font-family';
export const IMAGES_ATTRIBUTE = 'data-images';

/** Letter and word spacing per choice: "wide" is the WCAG 1.4.12 minimum, "wider" twice it. */
export const LETTER_SPACING_VALUES: Record<'wide' | 'wider', { letter: string; word: string }> = {
  wide: { letter: '0.12em', word: '0.16em' },
  wider: { letter: '0.24em', word: '0.32em' },
};

/** The serif family: PT Serif pairs with the site's PT Sans, then the serif faces every system has. */
export const SERIF_FONT = "'PT Serif', Georgia, 'Times New Roman', Times, serif";

/**
 * The rules that apply the preferences. A chosen spacing, line height or family wins over what any section sets
 * (`!important` on every element under the body), as the panels of university sites do; the defaults change nothing.
 */
export const readingPreferenceRules = `
    :root[${LETTER_SPACING_ATTRIBUTE}='wide'] {
      --site-letter-spacing: ${LETTER_SPACING_VALUES.wide.letter};
      --site-word-spacing: ${LETTER_SPACING_VALUES.wide.word};
    }
    :root[${LETTER_SPACING_ATTRIBUTE}='wider'] {
      --site-letter-spacing: ${LETTER_SPACING_VALUES.wider.letter};
      --site-word-spacing: ${LETTER_SPACING_VALUES.wider.word};
    }
    :root[${LETTER_SPACING_ATTRIBUTE}] body,
    :root[${LETTER_SPACING_ATTRIBUTE}] body * {
      letter-spacing: var(--site-letter-spacing) !important;
      word-spacing: var(--site-word-spacing) !important;
    }
    :root[${LINE_HEIGHT_ATTRIBUTE}='1.5'] {
      --site-line-height: 1.5;
    }
    :root[${LINE_HEIGHT_ATTRIBUTE}='2'] {
      --site-line-height: 2;
    }
    :root[${LINE_HEIGHT_ATTRIBUTE}] body,
    :root[${LINE_HEIGHT_ATTRIBUTE}] body * {
      line-height: var(--site-line-height) !important;
    }
    :root[${FONT_FAMILY_ATTRIBUTE}='serif'] {
      --site-font: ${SERIF_FONT};
    }
    :root[${FONT_FAMILY_ATTRIBUTE}='serif'] body,
    :root[${FONT_FAMILY_ATTRIBUTE}='serif'] body * {
      font-family: var(--site-font) !important;
    }
    :root[${IMAGES_ATTRIBUTE}='hidden'] img,
    :root[${IMAGES_ATTRIBUTE}='hidden'] picture {
      display: none !important;
    }
    :root[${IMAGES_ATTRIBUTE}='greyscale'] img,
    :root[${IMAGES_ATTRIBUTE}='greyscale'] picture,
    :root[${IMAGES_ATTRIBUTE}='greyscale'] video {
      filter: grayscale(100%) !important;
    }
`;
