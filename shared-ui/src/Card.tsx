import type { ReactNode } from 'react';
import { styled } from '@linaria/react';
import { SiteLink } from './SiteLink';

export interface CardGridProps {
  /**
   * The narrowest a column may get before the grid drops to fewer columns: 16rem suits a picture card, wider
   * widths suit cards with more text beside it (a person, an office, a vacancy).
   */
  minColumnWidth?: '16rem' | '20rem' | '22rem';
  /** The space between cards: 1.5rem, or 1rem for denser text cards. */
  gap?: '1.5rem' | '1rem';
}

/** A list of cards (each in its `li`) laid out in as many equal columns as fit, one column on a phone. */
export const CardGrid = styled.ul<CardGridProps>`
  display: grid;
  gap: ${(props) => props.gap ?? '1.5rem'};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${(props) => props.minColumnWidth ?? '16rem'}), 1fr));
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Frame = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  height: 100%;
  padding: 1rem;
  border: 1px solid var(--site-border);
  border-radius: 0.75rem;
  background: var(--site-bg);
  color: var(--site-text);
  h3 {
    margin: 0;
    font-size: 1.15rem;
    line-height: 1.3;
  }
  h3 a {
    color: inherit;
    text-decoration: none;
  }
  h3 a::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-within {
    outline: 3px solid var(--site-focus);
    outline-offset: 2px;
  }
  h3 a:focus-visible {
    outline: none;
  }
  &:hover h3 a {
    text-decoration: underline;
  }
`;

export interface CardProps {
  title: string;
  href: string;
  /** Shown above the title (a date, a category). */
  eyebrow?: ReactNode;
  media?: ReactNode;
  children?: ReactNode;
}

/** A clickable card: the whole card is the title's link target, so there is one tab stop per card. */
export function Card({ title, href, eyebrow, media, children }: CardProps) {
  return (
    <Frame>
      {media}
      {eyebrow && <div>{eyebrow}</div>}
      <h3>
        <SiteLink href={href}>{title}</SiteLink>
      </h3>
      {children}
    </Frame>
  );
}
