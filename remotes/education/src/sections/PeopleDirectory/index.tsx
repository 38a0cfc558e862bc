import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, FilterLinks, Muted, Pagination, SectionTitle, hrefWithQuery, usePageLocation, titleIdOf } from '@site/ui';
import { TextQueryForm } from '../../components/TextQueryForm';
import { MAX_TEXT_QUERY_LENGTH, pageCountOf } from '../../listing/list-query';
import type { PeopleDirectoryData, PeopleDirectoryProps } from './load';
import { PersonCard } from './PersonCard';

/**
 * The page query parameters this section reads: only these reach it, and they key the cached page. It does not hydrate:
 * its search box is a GET form and its departments and pages are links, which the shell sends through the router
 * (the pages that show it watch these parameters).
 */
export const meta = { query: ['q', 'department', 'page'], hydrate: false };

export { load } from './load';

const DepartmentFilter = styled.div`
  margin-bottom: 1.5rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
`;

/** The people directory: search by name or position, a department filter, pages. */
export default function PeopleDirectory({ descriptor, data }: SectionProps<PeopleDirectoryProps, PeopleDirectoryData>) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const { people, q, department } = data;
  const fixedDepartment = Boolean(descriptor.props.department);
  const titleId = titleIdOf(descriptor);
  const departmentsLabel = intl.formatMessage({ id: 'people.departments' });
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="people.title" />}</SectionTitle>
      <TextQueryForm
        param="q"
        value={q}
        label={intl.formatMessage({ id: 'people.search.label' })}
        submitLabel={intl.formatMessage({ id: 'people.search.submit' })}
        path={path}
        search={search}
        maxLength={MAX_TEXT_QUERY_LENGTH}
      />
      {!fixedDepartment && people.departments.length > 0 && (
        <DepartmentFilter>
          <h3>{departmentsLabel}</h3>
          <FilterLinks
            label={departmentsLabel}
            options={[
              {
                id: 'all',
                label: intl.formatMessage({ id: 'people.allDepartments' }),
                active: !department,
                href: hrefWithQuery(path, search, { department: null, page: null }),
              },
              ...people.departments.map((entry) => ({
                id: entry.id,
                label: entry.label,
                active: entry.id === department,
                // One department at a time: choosing the chosen one again shows every department.
                href: hrefWithQuery(path, search, { department: entry.id === department ? null : entry.id, page: null }),
              })),
            ]}
          />
        </DepartmentFilter>
      )}
      <p role="status">
        <Muted>
          <FormattedMessage id="people.count" values={{ count: people.total }} />
        </Muted>
      </p>
      {people.items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={q || (department && !fixedDepartment) ? 'people.noMatch' : 'education.noData'} />
        </EmptyState>
      ) : (
        <CardGrid minColumnWidth="22rem" gap="1rem">
          {people.items.map((person) => (
            <li key={person.id} id={`person-${person.id}`}>
              <PersonCard person={person} />
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination
        page={people.page}
        pageCount={pageCountOf(people.total, people.pageSize)}
        hrefFor={(page) => hrefWithQuery(path, search, { page: page === 1 ? null : page })}
        label={intl.formatMessage({ id: 'people.pages' })}
        previousLabel={intl.formatMessage({ id: 'pagination.previous' })}
        nextLabel={intl.formatMessage({ id: 'pagination.next' })}
      />
    </div>
  );
}
