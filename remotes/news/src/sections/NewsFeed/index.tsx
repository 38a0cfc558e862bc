import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, hrefWithQuery, Muted, Pagination, SectionTitle, usePageLocation, editorTitleOf, titleIdOf } from '@site/ui';
import { NewsCard } from '../../news-items/NewsCard';
import { NewsFilterSelection } from './filter-selection';
import { FilterPanel } from './FilterPanel';
import type { NewsFeedData, NewsFeedProps } from './load';
import { NEWS_FILTER_GROUPS } from '@site/contracts/news';

/**
 * The page query parameters this section reads: only these reach it, and they key the cached page. It does not hydrate:
 * its filters and pages are links, and the pages that show it watch these parameters, so a click loads the next list
 * through the router (with this code, loaded then).
 */
export const meta = { query: ['page', 'date', ...NEWS_FILTER_GROUPS], hydrate: false };

export { load } from './load';

const Count = styled.p`
  margin: 0 0 1rem;
`;

const TITLE_MESSAGE: Record<NewsFeedData['type'], string> = { News: 'news.feed.title.news', Media: 'news.feed.title.media', All: 'news.feed.title.all' };

/** The news (or media) archive: filters, date selection, one page of cards, pagination. */
export default function NewsFeed({ descriptor, data }: SectionProps<NewsFeedProps, NewsFeedData>) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const titleId = titleIdOf(descriptor);
  const selection = new NewsFilterSelection(data.filters, data.active);
  const filtering = !selection.isEmpty || data.date !== 'all';
  const pageCount = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{editorTitleOf(descriptor) ?? <FormattedMessage id={TITLE_MESSAGE[data.type]} />}</SectionTitle>
      <FilterPanel idPrefix={descriptor.id} filters={data.filters} selection={selection} date={data.date} />
      {/* Announced after a filter link reloads the list, so screen-reader users hear what changed. */}
      <Count role="status">
        <Muted>
          <FormattedMessage id="news.feed.count" values={{ count: data.total }} />
        </Muted>
      </Count>
      {data.items.length === 0 ? (
        <EmptyState>
          <FormattedMessage id={filtering ? 'news.noMatch' : 'news.noData'} />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.items.map((item) => (
            <li key={item.id}>
              <NewsCard item={item} showType={data.type === 'All'} />
            </li>
          ))}
        </CardGrid>
      )}
      <Pagination
        page={data.page}
        pageCount={pageCount}
        hrefFor={(page) => hrefWithQuery(path, search, { page: page === 1 ? null : page })}
        label={intl.formatMessage({ id: 'news.feed.pages' })}
        previousLabel={intl.formatMessage({ id: 'news.feed.previous' })}
        nextLabel={intl.formatMessage({ id: 'news.feed.next' })}
      />
    </div>
  );
}
