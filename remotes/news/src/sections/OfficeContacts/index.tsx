import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { EmptyState, SectionTitle } from '@site/ui';
import { editorTitleOf, titleIdOf } from '../../components/section-heading';
import type { OfficeContactsData, OfficeContactsProps } from './load';
import { OfficeCard } from './OfficeCard';

export { load } from './load';

const OfficeList = styled.ul`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 20rem), 1fr));
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** The offices' opening hours, contacts, campus location and VR map; `officeSlug` narrows it to one office. */
export default function OfficeContacts({ descriptor, data }: SectionProps<OfficeContactsProps, OfficeContactsData>) {
  const titleId = titleIdOf(descriptor);
  const editorTitle = editorTitleOf(descriptor);
  const only = data.single ? data.offices[0] : undefined;
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{editorTitle ?? only?.title ?? <FormattedMessage id="news.offices.title" />}</SectionTitle>
      {only ? (
        // One office: the section title already names it (or the editor's title heads it).
        <OfficeCard office={only} showTitle={Boolean(editorTitle)} />
      ) : data.offices.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="news.noData" />
        </EmptyState>
      ) : (
        <OfficeList>
          {data.offices.map((office) => (
            <li key={office.id}>
              <OfficeCard office={office} showTitle />
            </li>
          ))}
        </OfficeList>
      )}
    </div>
  );
}
