import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { Person } from '@site/contracts/education';
import { Image, SiteLink } from '@site/ui';

/**
 * Not the shared Card: that one stretches its title link over the whole card, which would cover the email link.
 * Here the name and the email are two separate links, each its own target.
 */
const Frame = styled.article`
  display: grid;
  grid-template-columns: 6rem 1fr;
  gap: 1rem;
  align-items: start;
  height: 100%;
  padding: 1rem;
  border: 1px solid var(--site-border);
  border-radius: 0.75rem;
  img {
    aspect-ratio: 1;
  }
  h3 {
    margin: 0 0 0.25rem;
    font-size: 1.1rem;
  }
  p {
    margin: 0 0 0.25rem;
  }
  /* Name and email are the card's two targets: 44 px tall each (WCAG 2.5.8 asks 24, the house style 44). */
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

/** A person: photo (with its text alternative), name, position, department and email. */
export function PersonCard({ person }: { person: Person }) {
  return (
    <Frame data-person={person.id}>
      <Image image={person.photo} sizes="6rem" />
      <div>
        <h3>
          <SiteLink href={person.link}>{person.name}</SiteLink>
        </h3>
        <p>{person.position}</p>
        {person.department && <p>{person.department}</p>}
        {person.email && (
          <p>
            <FormattedMessage id="people.email" /> <SiteLink href={`mailto:${person.email}`}>{person.email}</SiteLink>
          </p>
        )}
      </div>
    </Frame>
  );
}
