import { localizePath, type Locale } from '@site/contracts';
import { SITE_COLORS } from '@site/ui';

/** An icon of the web app manifest; `maskable` ones keep the emblem inside the safe zone (the inner 80% circle). */
interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: 'any' | 'maskable';
}

/** The university's icons, served at the site root by site-icons.ts. */
const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: '/icon-48.png', sizes: '48x48', type: 'image/png', purpose: 'any' },
  { src: '/icon-96.png', sizes: '96x96', type: 'image/png', purpose: 'any' },
  { src: '/icon-144.png', sizes: '144x144', type: 'image/png', purpose: 'any' },
  { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icon-384.png', sizes: '384x384', type: 'image/png', purpose: 'any' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The manifest's address per locale: `/manifest.webmanifest`, `/en/manifest.webmanifest`. */
export function manifestPath(locale: Locale): string {
  return localizePath('/manifest.webmanifest', locale);
}

export interface ManifestInput {
  locale: Locale;
  name: string;
  shortName?: string;
  description?: string;
}

/** The web app manifest of one locale: installs the site in that language, in the design's colours. */
export function webManifest({ locale, name, shortName, description }: ManifestInput): Record<string, unknown> {
  const start = localizePath('/', locale);
  return {
    id: start,
    name,
    short_name: shortName ?? name,
    ...(description ? { description } : {}),
    lang: locale,
    dir: 'ltr',
    start_url: start,
    scope: '/',
    display: 'standalone',
    theme_color: SITE_COLORS.header,
    background_color: SITE_COLORS.background,
    icons: MANIFEST_ICONS,
  };
}
