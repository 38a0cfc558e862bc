import { FormattedMessage } from 'react-intl';
import type { Image as ImageData, SectionProps } from '@site/contracts';
import { Card, CardGrid, Image, SectionTitle, VisuallyHidden, editorTitleOf, titleIdOf } from '@site/ui';

export interface LinkCard {
  title: string;
  text?: string;
  href: string;
  image?: ImageData | null;
}

export interface LinkCardsProps {
  items: LinkCard[];
  title?: string;
}

function isLinkCard(value: unknown): value is LinkCard {
  const card = value as Partial<LinkCard> | null;
  return typeof card?.title === 'string' && card.title.trim() !== '' && typeof card.href === 'string' && card.href !== '';
}

/** A grid of link cards (sections of the site, related pages). */
export default function LinkCards({ descriptor }: SectionProps<LinkCardsProps, undefined>) {
  const items = Array.isArray(descriptor.props.items) ? descriptor.props.items.filter(isLinkCard) : [];
  const title = editorTitleOf(descriptor);
  const titleId = titleIdOf(descriptor);
  const anyImage = items.some((item) => item.image);
  return (
    <div role="region" aria-labelledby={titleId}>
      {/* The cards' h3 titles need an h2 above them; without an editor's title it is for screen readers only. */}
      {title ? (
        <SectionTitle id={titleId}>{title}</SectionTitle>
      ) : (
        <VisuallyHidden as="h2" id={titleId}>
          <FormattedMessage id="news.linkCards.title" />
        </VisuallyHidden>
      )}
      <CardGrid>
        {items.map((item) => (
          <li key={`${item.href}-${item.title}`}>
            <Card
              title={item.title}
              href={item.href}
              // Cards of one grid keep one height rhythm: when some have images, the others get the placeholder.
              media={anyImage ? <Image image={item.image} decorative /> : undefined}
            >
              {item.text && <p>{item.text}</p>}
            </Card>
          </li>
        ))}
      </CardGrid>
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
