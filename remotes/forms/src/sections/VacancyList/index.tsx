import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, LinkTabs, SectionTitle, hrefWithQuery, usePageLocation, titleIdOf } from '@site/ui';
import { RESUME_ANCHOR, RESUME_PAGE_PATH, groupByCentre, type CentreGroup } from './centre-groups';
import type { VacancyListData, VacancyListProps } from './load';
import { VacancyCard } from './VacancyCard';

export { load } from './load';

/** The page's query parameter of the centre tab. */
export const CENTRE_PARAM = 'centre';

/**
 * The page query parameters this section reads: only these reach it, and they key the cached page. Static: its tabs
 * and cards are links only. A tab changes the query without reloading the page's data; the shell then renders the
 * list with its code from the new location (a static section keeps its server HTML only at the location the server
 * rendered), so the first view of the vacancies page loads none of it.
 */
export const meta = { query: [CENTRE_PARAM], hydrate: false };

const Groups = styled.div`
  display: grid;
  gap: 2rem;
  margin-top: 1.5rem;
  h3 {
    margin: 0 0 1rem;
    font-size: 1.35rem;
  }
`;

/** Vacancies grouped by centre, with a tab per centre (`?centre=`); a centre without vacancies says so. */
export default function VacancyList({ descriptor, data }: SectionProps<VacancyListProps, VacancyListData>) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const fixedCentre = descriptor.props.centreId;
  const selected = fixedCentre ?? new URLSearchParams(search).get(CENTRE_PARAM) ?? null;
  const groups = groupByCentre(data.centres, data.items).filter((group) => !fixedCentre || group.id === fixedCentre);
  const shown = selected ? groups.filter((group) => group.id === selected) : groups;
  const titleId = titleIdOf(descriptor);
  // The form sits on the vacancies page; there the link keeps the page's other parameters (the centre tab).
  const resumeHref = (vacancyId: string | number) =>
    `${hrefWithQuery(RESUME_PAGE_PATH, path === RESUME_PAGE_PATH ? search : '', { vacancyId })}#${RESUME_ANCHOR}`;

  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="vacancies.title" />}</SectionTitle>
      {groups.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="vacancies.noData" />
        </EmptyState>
      ) : (
        <>
          {!fixedCentre && (
            <LinkTabs
              label={intl.formatMessage({ id: 'vacancies.centres' })}
              tabs={[
                {
                  id: 'all',
                  label: intl.formatMessage({ id: 'vacancies.allCentres' }),
                  href: hrefWithQuery(path, search, { [CENTRE_PARAM]: null }),
                  active: !selected,
                  count: data.items.length,
                },
                ...groups.map((group) => ({
                  id: group.id,
                  label: group.title,
                  href: hrefWithQuery(path, search, { [CENTRE_PARAM]: group.id }),
                  active: group.id === selected,
                  count: group.vacancies.length,
                })),
              ]}
            />
          )}
          <Groups>
            {shown.length === 0 ? (
              <EmptyState>
                <FormattedMessage id="vacancies.noneAtCentre" />
              </EmptyState>
            ) : (
              shown.map((group) => <CentreVacancies key={group.id} group={group} sectionId={descriptor.id} resumeHref={resumeHref} />)
            )}
          </Groups>
        </>
      )}
    </div>
  );
}

function CentreVacancies({ group, sectionId, resumeHref }: { group: CentreGroup; sectionId: string; resumeHref: (id: string | number) => string }) {
  const headingId = `${sectionId}-centre-${group.id}`;
  return (
    <section aria-labelledby={headingId} data-centre={group.id}>
      <h3 id={headingId}>{group.title}</h3>
      {group.vacancies.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="vacancies.noneAtCentre" />
        </EmptyState>
      ) : (
        <CardGrid minColumnWidth="20rem" gap="1rem">
          {group.vacancies.map((vacancy) => (
            // The vacancy's anchor (`#vacancy-2`), where search hits lead.
            <li key={vacancy.id} id={`vacancy-${vacancy.id}`}>
              <VacancyCard vacancy={vacancy} resumeHref={resumeHref(vacancy.id)} />
            </li>
          ))}
        </CardGrid>
      )}
    </section>
  );
}
