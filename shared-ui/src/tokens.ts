import type { BreakpointType, ColorSchemeName } from '@site/contracts';

/** Breakpoint type switch points: mobile under 767 px, tablet under 1023 px. */
export const BREAKPOINT_SWITCH = { mobileBelow: 767, tabletBelow: 1023 } as const;

/** Grid breakpoints: small up to 767 px, medium 768–1023 px, large from 1024 px. */
export const GRID_BREAKPOINTS = { smallMax: 767, mediumMin: 768, mediumMax: 1023, largeMin: 1024 } as const;
export const GRID_COLUMNS = 12;

/** Which grid breakpoint a width falls in. */
export type GridBreakpoint = 'small' | 'medium' | 'large';
export const GRID_BREAKPOINT_NAMES: readonly GridBreakpoint[] = ['small', 'medium', 'large'];

/** The media query of each grid breakpoint, exclusive of the others. */
export const GRID_MEDIA: Record<GridBreakpoint, string> = {
  small: `(max-width: ${GRID_BREAKPOINTS.smallMax}px)`,
  medium: `(min-width: ${GRID_BREAKPOINTS.mediumMin}px) and (max-width: ${GRID_BREAKPOINTS.mediumMax}px)`,
  large: `(min-width: ${GRID_BREAKPOINTS.largeMin}px)`,
};

export function gridBreakpointForWidth(width: number): GridBreakpoint {
  if (width <= GRID_BREAKPOINTS.smallMax) return 'small';
  if (width <= GRID_BREAKPOINTS.mediumMax) return 'medium';
  return 'large';
}

/**
 * Fonts scaled per width: the root size in px and the heading sizes in rem for each grid
 * breakpoint. Everything is in rem, so the visitor's font-size choice scales it all.
 */
export const TYPE_SCALE: Record<GridBreakpoint, { root: number; h1: number; h2: number; h3: number; lead: number; small: number }> = {
  small: { root: 16, h1: 2, h2: 1.5, h3: 1.2, lead: 1.1, small: 0.875 },
  medium: { root: 17, h1: 2.5, h2: 1.8, h3: 1.3, lead: 1.15, small: 0.875 },
  large: { root: 18, h1: 2.9, h2: 2.05, h3: 1.35, lead: 1.2, small: 0.875 },
};

/** The image widths of the responsive scale, in px. */
export const RESPONSIVE_SCALE = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

/** The room the root's scroll padding keeps above and below what the browser scrolls into view (focus, anchors). */
export const SCROLL_PADDING = '1rem';

/** How often scroll/resize and breakpoint handlers may run, and how long a touched control stays highlighted, in ms. */
export const SCROLL_RESIZE_THROTTLE_MS = 66;
export const BREAKPOINT_RESIZE_THROTTLE_MS = 300;
export const TOUCH_HIGHLIGHT_MS = 500;

export function breakpointTypeForWidth(width: number): BreakpointType {
  if (width < BREAKPOINT_SWITCH.mobileBelow) return 'mobile';
  if (width < BREAKPOINT_SWITCH.tabletBelow) return 'tablet';
  return 'desktop';
}

/** The alternative colour schemes: background and text colour. */
export const COLOR_SCHEMES: Record<ColorSchemeName, { background: string; text: string }> = {
  gray: { background: '#FDFFFC', text: '#2F312E' },
  black: { background: '#2F312E', text: '#FDFFFC' },
  lime: { background: '#382819', text: '#B4E165' },
  sepia: { background: '#F6F3D9', text: '#4D4B44' },
};

/** The root attribute that carries the colour scheme. */
export const COLOR_SCHEME_ATTRIBUTE = 'data-color-scheme';
/** The root attribute that carries the font scale, in percent. */
export const FONT_SCALE_ATTRIBUTE = 'data-font-scale';

/** Font sizes the accessibility panel offers, in percent of the base size (up to 200%, WCAG 1.4.4). */
export const FONT_SCALES = [100, 125, 150, 175, 200] as const;
export type FontScale = (typeof FONT_SCALES)[number];
export const DEFAULT_FONT_SCALE: FontScale = 100;

export function isFontScale(value: unknown): value is FontScale {
  return (FONT_SCALES as readonly number[]).includes(Number(value));
}

/**
 * The design's page background and its dark header, as `globalStyles` sets `--site-bg` and `--site-dark-bg`: the
 * colours browsers paint around the site (the web app manifest's background and theme colours).
 */
export const SITE_COLORS = { background: '#ffffff', header: '#2f312e' } as const;
