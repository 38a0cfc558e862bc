import { styled } from '@linaria/react';
import { preload } from 'react-dom';
import type { Image as ImageData } from '@site/contracts';
import { useShell } from './shell-context';
import { useSectionPlacement } from './section-placement';
import { RESPONSIVE_SCALE } from './tokens';

const Picture = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: 0.5rem;
  background: var(--site-surface);
`;

/**
 * The variants offered: a full-width image on a phone of 360 to 412 CSS pixels at a device pixel ratio near 2 needs
 * 720 to 830 pixels, which 768 covers at about 60% of the bytes of 1024.
 */
const WIDTHS = [RESPONSIVE_SCALE.xs, RESPONSIVE_SCALE.sm, RESPONSIVE_SCALE.md, RESPONSIVE_SCALE.lg];

export interface ImageProps {
  image: ImageData | null | undefined;
  /** The layout width the image occupies, for `sizes`. */
  sizes?: string;
  /** Decorative images (next to a title saying the same) get an empty alt. */
  decorative?: boolean;
  /**
   * The page's main image, likely its largest paint (a hero at the top): loaded at once with high priority and
   * preloaded from the head, instead of lazily when layout reaches it. Honoured in the page's first section only
   * (see SectionPlacement): the same section further down a page loads its image lazily.
   */
  priority?: boolean;
}

/** An image through the server-side optimiser (resized variants), or the site's placeholder when missing. */
export function Image({ image, sizes = '(min-width: 1024px) 33vw, 100vw', decorative = false, priority: asked = false }: ImageProps) {
  const shell = useShell();
  const placement = useSectionPlacement();
  const priority = asked && placement.leadsPage;
  const source = image?.url ?? shell.imagePlaceholderUrl;
  if (!source) return null;
  const src = shell.imageUrl(source, RESPONSIVE_SCALE.sm);
  const srcSet = source.startsWith('/media/') ? WIDTHS.map((width) => `${shell.imageUrl(source, width)} ${width}w`).join(', ') : undefined;
  // Called during render so the server puts the preload in the head, ahead of the stylesheets and scripts.
  if (priority) preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: srcSet ? sizes : undefined });
  return (
    <Picture
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={decorative ? '' : (image?.alt ?? '')}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'auto' : 'async'}
      width={image?.width ?? 640}
      height={image?.height ?? 360}
    />
  );
}
