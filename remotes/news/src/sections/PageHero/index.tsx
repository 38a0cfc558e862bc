import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { Image as ImageData, Link, SectionProps } from '@site/contracts';
import { Image, NewTabHint, SectionTitle, SiteLink, titleIdOf } from '@site/ui';

export interface PageHeroProps {
  title: string;
  lead?: string;
  image?: ImageData | null;
  links?: Link[];
}

const Layout = styled.div`
  display: grid;
  gap: 2rem;
  align-items: center;
  &[data-with-image='true'] {
    @media (min-width: 1024px) {
      grid-template-columns: 3fr 2fr;
    }
  }
  h2 {
    margin-bottom: 1rem;
    font-size: clamp(2rem, 1.4rem + 2.4vw, 3.25rem);
  }
`;

const HeroLead = styled.p`
  max-width: 44rem;
  margin: 0;
  font-size: 1.25rem;
  line-height: 1.5;
`;

const HeroLinks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  list-style: none;
  padding: 0;
  margin: 1.5rem 0 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0.5rem 1.25rem;
    border: 2px solid currentColor;
    border-radius: 2rem;
    color: inherit;
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

function isLink(value: unknown): value is Link {
  const link = value as Partial<Link> | null;
  return typeof link?.label === 'string' && link.label.trim() !== '' && typeof link.href === 'string' && link.href !== '';
}

/** The page's opening: its title (the visible heading of the page), a lead, an image and a few links. */
export default function PageHero({ descriptor }: SectionProps<PageHeroProps, undefined>) {
  const intl = useIntl();
  const { title, lead, image } = descriptor.props;
  // Backend entries that are not links are left out rather than rendered broken.
  const links = Array.isArray(descriptor.props.links) ? descriptor.props.links.filter(isLink) : [];
  const titleId = titleIdOf(descriptor);
  return (
    <Layout role="region" aria-labelledby={titleId} data-with-image={image ? 'true' : 'false'}>
      <div>
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {lead && <HeroLead>{lead}</HeroLead>}
        {links.length > 0 && (
          <nav aria-label={intl.formatMessage({ id: 'news.hero.links' }, { title })}>
            <HeroLinks>
              {links.map((link) => (
                <li key={`${link.href}-${link.label}`}>
                  <SiteLink href={link.href}>
                    {link.label}
                    <NewTabHint href={link.href}>
                      <FormattedMessage id="news.opensInNewTab" />
                    </NewTabHint>
                  </SiteLink>
                </li>
              ))}
            </HeroLinks>
          </nav>
        )}
      </div>
      {image && <Image image={image} sizes="(min-width: 1024px) 40vw, 100vw" priority />}
    </Layout>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
