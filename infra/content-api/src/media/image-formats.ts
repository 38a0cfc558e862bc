import sharp from 'sharp';

/** Formats a resized image may be served in besides its own, best first: smaller files for the same picture. */
export type ModernFormat = 'avif' | 'webp';

export const MODERN_CONTENT_TYPES: Record<ModernFormat, string> = { avif: 'image/avif', webp: 'image/webp' };

/**
 * The best format the client says it accepts (`Accept: image/avif,image/webp,...` from browsers' image requests),
 * or null for the original format. A type refused with `q=0` does not count; `*\/*` alone does not either, since
 * it says nothing about what the client decodes.
 */
export function preferredFormat(accept: string | undefined): ModernFormat | null {
  if (!accept) return null;
  const accepted = new Set(
    accept
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([type]) => type),
  );
  if (accepted.has('image/avif')) return 'avif';
  if (accepted.has('image/webp')) return 'webp';
  return null;
}

/**
 * Writes a resized variant in the given format (or the source's own). Encoding effort is kept low: a variant is
 * made on the first request for it, and that visitor waits for it.
 */
export async function writeVariant(source: string, target: string, width: number, format: ModernFormat | null): Promise<void> {
  const resized = sharp(source).resize({ width, withoutEnlargement: true });
  if (format === 'avif') await resized.avif({ quality: 50, effort: 2 }).toFile(target);
  else if (format === 'webp') await resized.webp({ quality: 78, effort: 3 }).toFile(target);
  else await resized.toFile(target);
}
