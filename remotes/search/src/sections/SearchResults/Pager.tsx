import { useIntl } from 'react-intl';
import { Pagination } from '@site/ui';
import { searchHref } from './search-href';

/** First and last result numbers shown on a page, for "results 21–40 of 57". */
export function resultRange(
  results: { total: number; results: unknown[]; pageSize?: number | undefined },
  page: number,
): { from: number; to: number; total: number } {
  const pageSize = Math.max(1, results.pageSize ?? results.results.length);
  const from = Math.min(results.total, (page - 1) * pageSize + 1);
  return { from, to: Math.min(results.total, from + results.results.length - 1), total: results.total };
}

/**
 * Links to the other pages of results: plain links keeping the query and the category tab, so they work on the
 * server-rendered page before (or without) the browser's script.
 */
export function Pager({ query, category, page, pageSize, total }: { query: string; category: string | null; page: number; pageSize: number; total: number }) {
  const intl = useIntl();
  const pageCount = Math.ceil(total / Math.max(1, pageSize));
  if (pageCount <= 1) return null;
  return (
    <div data-search-pager="">
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefFor={(target) => searchHref(query, category, target)}
        label={intl.formatMessage({ id: 'search.pages' })}
        previousLabel={intl.formatMessage({ id: 'search.previous' })}
        nextLabel={intl.formatMessage({ id: 'search.next' })}
        pageLabel={(target) => intl.formatMessage({ id: 'search.pageNumber' }, { page: target })}
      />
    </div>
  );
}
