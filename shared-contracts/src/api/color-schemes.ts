// No schema here: browser builds compile the schema modules into checkers (scripts/compile-checkers.js), functions stay source.

/** The alternative colour schemes of the accessibility mode. */
export const COLOR_SCHEME_NAMES = ['gray', 'black', 'lime', 'sepia'] as const;
export type ColorSchemeName = (typeof COLOR_SCHEME_NAMES)[number];
export function isColorSchemeName(value: unknown): value is ColorSchemeName {
  return typeof value === 'string' && (COLOR_SCHEME_NAMES as readonly string[]).includes(value);
}
