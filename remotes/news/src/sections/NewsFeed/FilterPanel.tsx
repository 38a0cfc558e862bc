import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { DATE_SELECTIONS, NEWS_FILTER_GROUPS, type DateSelection, type NewsFilters } from '@site/contracts/news';
import { FilterLinks, hrefWithQuery, SiteLink, usePageLocation } from '@site/ui';
import type { NewsFilterSelection } from './filter-selection';

const Panel = styled.div`
  display: grid;
  gap: 1.25rem;
  margin-bottom: 2rem;
  h3 {
    margin: 0;
    font-size: 1.15rem;
  }
  h4 {
    margin: 0 0 0.5rem;
    font-size: 1rem;
  }
`;

const ResetLink = styled.p`
  margin: 0;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
  }
`;

const DATE_MESSAGE: Record<DateSelection, string> = { all: 'news.feed.date.all', 'last-week': 'news.feed.date.lastWeek' };

export interface FilterPanelProps {
  idPrefix: string;
  filters: NewsFilters;
  selection: NewsFilterSelection;
  date: DateSelection;
}

/**
 * The four filter groups and the date selection as toggle links: each link is the page with that filter switched
 * and the page number dropped (a new selection starts on its first page).
 */
export function FilterPanel({ idPrefix, filters, selection, date }: FilterPanelProps) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const anyActive = !selection.isEmpty || date !== 'all';
  const resetHref = hrefWithQuery(path, search, { categories: null, formats: null, themes: null, targets: null, date: null, page: null });
  return (
    <Panel role="region" aria-labelledby={`${idPrefix}-filters`}>
      <h3 id={`${idPrefix}-filters`}>
        <FormattedMessage id="news.feed.filters" />
      </h3>
      {NEWS_FILTER_GROUPS.filter((group) => filters[group].length > 0).map((group) => {
        const label = intl.formatMessage({ id: `news.feed.group.${group}` });
        return (
          <div key={group}>
            <h4>{label}</h4>
            <FilterLinks
              label={label}
              options={filters[group].map((entry) => ({
                id: entry.id,
                label: entry.label,
                active: selection.has(group, entry.id),
                href: hrefWithQuery(path, search, { ...selection.toggled(group, entry.id).toQuery(), page: null }),
              }))}
            />
          </div>
        );
      })}
      <div>
        <h4>{intl.formatMessage({ id: 'news.feed.date' })}</h4>
        <FilterLinks
          label={intl.formatMessage({ id: 'news.feed.date' })}
          options={DATE_SELECTIONS.map((choice) => ({
            id: choice,
            label: intl.formatMessage({ id: DATE_MESSAGE[choice] }),
            active: choice === date,
            href: hrefWithQuery(path, search, { date: choice === 'all' ? null : choice, page: null }),
          }))}
        />
      </div>
      {anyActive && (
        <ResetLink>
          <SiteLink href={resetHref}>
            <FormattedMessage id="news.feed.reset" />
          </SiteLink>
        </ResetLink>
      )}
    </Panel>
  );
}
