import { styled } from '@linaria/react';
import type { Image as ImageData } from '@site/contracts';
import { useShell } from './shell-context';
import { RESPONSIVE_SCALE } from './tokens';

const Picture = styled.img`
  display: block;
  width: 100%;
  aspect-ratio: 16 / 9;
  object-fit: cover;
  border-radius: 0.5rem;
  background: var(--site-surface);
`;

const WIDTHS = [RESPONSIVE_SCALE.xs, RESPONSIVE_SCALE.sm, RESPONSIVE_SCALE.lg];

export interface ImageProps {
  image: ImageData | null | undefined;
  /** The layout width the image occupies, for `sizes`. */
  sizes?: string;
  /** Decorative images (next to a title saying the same) get an empty alt. */
  decorative?: boolean;
}

/** An image through the server-side optimiser (resized variants), or the site's placeholder when missing. */
export function Image({ image, sizes = '(min-width: 1024px) 33vw, 100vw', decorative = false }: ImageProps) {
  const shell = useShell();
  const source = image?.url ?? shell.imagePlaceholderUrl;
  if (!source) return null;
  const srcSet = WIDTHS.map((width) => `${shell.imageUrl(source, width)} ${width}w`).join(', ');
  return (
    <Picture
      src={shell.imageUrl(source, RESPONSIVE_SCALE.sm)}
      srcSet={source.startsWith('/media/') ? srcSet : undefined}
      sizes={sizes}
      alt={decorative ? '' : (image?.alt ?? '')}
      loading="lazy"
      decoding="async"
      width={image?.width ?? 640}
      height={image?.height ?? 360}
    />
  );
}
