import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { EmptyState, SectionTitle, SiteLink, titleIdOf } from '@site/ui';
import type { SvedenIndexData } from '../../sveden/load';

export { load } from './load';

const List = styled.ol`
  margin: 0 0 1.5rem;
  padding-left: 1.5rem;
  display: grid;
  gap: 0.5rem;
  font-size: 1.1rem;
`;

/**
 * `/sveden`: the index of "Сведения об образовательной организации", every subsection п. 6 of the Requirements
 * approved by Rosobrnadzor order No. 1493 of 04.08.2023 prescribes, linked under its fixed address `/sveden/{id}`.
 */
export default function SvedenIndex({ descriptor, data }: SectionProps<{ title?: string }, SvedenIndexData>) {
  const titleId = titleIdOf(descriptor);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="sveden.subsections" />}</SectionTitle>
      {data.items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="education.noData" />
        </EmptyState>
      ) : (
        <List>
          {data.items.map((item) => (
            <li key={item.id}>
              <SiteLink href={`/sveden/${item.id}`}>{item.title}</SiteLink>
            </li>
          ))}
        </List>
      )}
      <p>
        <FormattedMessage id="sveden.order" />
      </p>
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
