import { FormattedDate, FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, Muted, SectionTitle, SiteLink, editorTitleOf, titleIdOf } from '@site/ui';
import type { OfficeContactsData, OfficeContactsProps } from './load';
import { OfficeCard } from './OfficeCard';

export { load } from './load';

/** Each office has its own page under the contacts page: its card and its latest news. */
const OFFICE_PAGES = '/contacts';

const OfficeNewsList = styled.ul`
  display: grid;
  gap: 0.75rem;
  margin: 0;
  padding-left: 1.25rem;
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
        <>
          <OfficeCard office={only} showTitle={Boolean(editorTitle)} />
          {data.news && data.news.length > 0 && (
            <section aria-labelledby={`${titleId}-news`} data-office-news="">
              <h3 id={`${titleId}-news`}>
                <FormattedMessage id="news.offices.news" values={{ office: only.title }} />
              </h3>
              <OfficeNewsList>
                {data.news.map((item) => (
                  <li key={item.id}>
                    <SiteLink href={item.link}>{item.title}</SiteLink>{' '}
                    <Muted>
                      <time dateTime={item.date.slice(0, 10)}>
                        <FormattedDate value={item.date} year="numeric" month="long" day="numeric" />
                      </time>
                    </Muted>
                  </li>
                ))}
              </OfficeNewsList>
            </section>
          )}
        </>
      ) : data.offices.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="news.noData" />
        </EmptyState>
      ) : (
        <CardGrid minColumnWidth="20rem">
          {data.offices.map((office) => (
            <li key={office.id}>
              <OfficeCard office={office} showTitle pageHref={`${OFFICE_PAGES}/${office.slug}`} />
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
