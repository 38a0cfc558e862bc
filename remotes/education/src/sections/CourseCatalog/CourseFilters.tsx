import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { COURSE_FACETS, type FacetValue } from '@site/contracts/education';
import { FilterLinks, SiteLink, hrefWithQuery, toggleInList } from '@site/ui';
import type { ActiveFacets } from './load';

const Facets = styled.div`
  display: grid;
  gap: 1rem;
  margin-bottom: 1.5rem;
  h3 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
  > a {
    justify-self: start;
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

export interface CourseFiltersProps {
  facets: Record<string, FacetValue[]>;
  active: ActiveFacets;
  path: string;
  search: string;
}

/** Every facet as toggle links with the count each value would give; choosing one returns to the first page. */
export function CourseFilters({ facets, active, path, search }: CourseFiltersProps) {
  const intl = useIntl();
  const anyActive = COURSE_FACETS.some((facet) => active[facet].length > 0);
  return (
    <Facets>
      {COURSE_FACETS.filter((facet) => (facets[facet] ?? []).length > 0).map((facet) => {
        const label = intl.formatMessage({ id: `courses.facet.${facet}` });
        return (
          <div key={facet} data-facet={facet}>
            <h3>{label}</h3>
            <FilterLinks
              label={label}
              options={(facets[facet] ?? []).map((value) => ({
                id: value.id,
                label: value.label,
                count: value.count,
                active: active[facet].includes(value.id),
                href: hrefWithQuery(path, search, { [facet]: toggleInList(active[facet], value.id), page: null }),
              }))}
            />
          </div>
        );
      })}
      {anyActive && (
        <SiteLink href={hrefWithQuery(path, search, { ...Object.fromEntries(COURSE_FACETS.map((facet) => [facet, null])), page: null })}>
          <FormattedMessage id="courses.resetFilters" />
        </SiteLink>
      )}
    </Facets>
  );
}
