import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';

const Notice = styled.p`
  margin: 0;
  padding: 1.5rem;
  border: 1px dashed currentColor;
  border-radius: 0.5rem;
  opacity: 0.85;
`;

/** An unknown section name: the page says 'Component missing' in its place and the rest still renders. */
export function ComponentMissing({ name }: { name: string }) {
  return (
    <Notice role="note" data-fallback="missing" title={name}>
      <FormattedMessage id="section.missing" />
    </Notice>
  );
}

/** A section whose remote is down, too slow or threw: 'Something went wrong...' in its place, the rest of the page still renders. */
export function SectionUnavailable() {
  return (
    <Notice role="note" data-fallback="unavailable">
      <FormattedMessage id="section.unavailable" />
    </Notice>
  );
}

/** Keeps the section's place while its code or data is on the way. */
export const SectionPlaceholder = styled.div`
  min-height: 12rem;
  border-radius: 0.5rem;
  background: color-mix(in srgb, currentColor 6%, transparent);
`;
