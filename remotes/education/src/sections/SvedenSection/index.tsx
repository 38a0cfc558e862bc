import { FormattedMessage, useIntl } from 'react-intl';
import type { SectionProps } from '@site/contracts';
import { EmptyState, Muted, SectionTitle } from '@site/ui';
import { SvedenBlocks } from '../../sveden/SvedenBlocks';
import { SvedenNav } from '../../sveden/SvedenNav';
import type { SvedenSectionData, SvedenSectionProps } from './load';

export { load } from './load';

/**
 * One subsection of "Сведения об образовательной организации" (`/sveden/{id}`): the links to its siblings, then its
 * items, each carrying the `itemprop` the format of Rosobrnadzor order No. 1493 of 04.08.2023 prescribes.
 */
export default function SvedenSection({ descriptor, data }: SectionProps<SvedenSectionProps, SvedenSectionData>) {
  const intl = useIntl();
  const { subsection, index } = data;
  const titleId = `${descriptor.id}-title`;
  const updated = intl.formatDate(new Date(`${subsection.updatedAt}T12:00:00Z`), { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
  return (
    <div role="region" aria-labelledby={titleId} data-sveden={subsection.id}>
      <SvedenNav items={index.items} current={subsection.id} />
      <SectionTitle id={titleId}>{subsection.title}</SectionTitle>
      {subsection.blocks.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="education.noData" />
        </EmptyState>
      ) : (
        <SvedenBlocks blocks={subsection.blocks} idPrefix={descriptor.id} />
      )}
      <p>
        <Muted>
          <FormattedMessage id="sveden.updated" values={{ date: <time dateTime={subsection.updatedAt}>{updated}</time> }} />
        </Muted>
      </p>
    </div>
  );
}
