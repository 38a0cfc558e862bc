import { styled } from '@linaria/react';

/** A small label (recommended, free, a category). Colour never carries the meaning alone: the text does. */
export const Badge = styled.span`
  display: inline-block;
  padding: 0.1rem 0.6rem;
  border: 1px solid currentColor;
  border-radius: 1rem;
  font-size: 0.8rem;
  line-height: 1.5;
`;

export const BadgeList = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  margin: 0;
`;
