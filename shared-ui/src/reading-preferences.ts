/**
 * Reading preferences of the accessible version, beyond the colour scheme and the font size: letter spacing, line
 * height, the font family and how images show. They follow GOST R 52872-2019 (the Russian text of WCAG 2.1: 1.4.12
 * "Text spacing" gives letter spacing of at least 0.12em, word spacing 0.16em and line height 1.5) and the options
 * the "версия для слабовидящих" panels of Russian university sites offer (the lidrekon "special" module and
 * finevision used by many of them: "Интервал между буквами: стандартный / средний / большой", "Межстрочный интервал",
 * "Шрифт: без засечек / с засечками", "Изображения: включены / выключены / чёрно-белые").
 *
 * Each is a root attribute (absent for the default), set before first paint by the shell's preference script and
 * kept in step by the shell's store; the rules of `reading-preference-rules.ts` (part of the global styles) make
 * every section follow it.
 */
import { FONT_FAMILY_ATTRIBUTE, IMAGES_ATTRIBUTE, LETTER_SPACING_ATTRIBUTE, LINE_HEIGHT_ATTRIBUTE } from './reading-preference-rules';

export const LETTER_SPACINGS = ['normal', 'wide', 'wider'] as const;
export type LetterSpacing = (typeof LETTER_SPACINGS)[number];

export const LINE_HEIGHTS = ['normal', '1.5', '2'] as const;
export type LineHeight = (typeof LINE_HEIGHTS)[number];

export const FONT_FAMILIES = ['sans', 'serif'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const IMAGE_MODES = ['shown', 'hidden', 'greyscale'] as const;
export type ImageMode = (typeof IMAGE_MODES)[number];

export interface ReadingPreferences {
  letterSpacing: LetterSpacing;
  lineHeight: LineHeight;
  fontFamily: FontFamily;
  images: ImageMode;
}

export type ReadingPreferenceName = keyof ReadingPreferences;

/** Each preference: the root attribute that carries it, its values (the first is the default, never written). */
export const READING_PREFERENCES: { [Name in ReadingPreferenceName]: { attribute: string; values: readonly ReadingPreferences[Name][] } } = {
  letterSpacing: { attribute: LETTER_SPACING_ATTRIBUTE, values: LETTER_SPACINGS },
  lineHeight: { attribute: LINE_HEIGHT_ATTRIBUTE, values: LINE_HEIGHTS },
  fontFamily: { attribute: FONT_FAMILY_ATTRIBUTE, values: FONT_FAMILIES },
  images: { attribute: IMAGES_ATTRIBUTE, values: IMAGE_MODES },
};

export const READING_PREFERENCE_NAMES = Object.keys(READING_PREFERENCES) as ReadingPreferenceName[];

export const DEFAULT_READING_PREFERENCES: ReadingPreferences = {
  letterSpacing: 'normal',
  lineHeight: 'normal',
  fontFamily: 'sans',
  images: 'shown',
};

/** `value` when it is one of the preference's values, else the default. */
export function readingPreferenceValue<Name extends ReadingPreferenceName>(name: Name, value: unknown): ReadingPreferences[Name] {
  const values = READING_PREFERENCES[name].values as readonly unknown[];
  return (values.includes(value) ? value : DEFAULT_READING_PREFERENCES[name]) as ReadingPreferences[Name];
}
