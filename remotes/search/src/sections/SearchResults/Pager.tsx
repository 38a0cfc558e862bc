import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { SiteLink } from '@site/ui';
import { searchHref } from './search-href';

const PagerList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  list-style: none;
  padding: 0;
  margin: 1.5rem 0 0;
  a,
  span {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0 0.75rem;
    border: 2px solid var(--site-border);
    border-radius: 0.5rem;
  }
  a {
    text-decoration: none;
  }
  [aria-current='page'] {
    border-color: currentColor;
    font-weight: 700;
  }
`;

/** First and last result numbers shown on a page, for "results 21–40 of 57". */
export function resultRange(results: { total: number; results: unknown[]; pageSize?: number | undefined }, page: number): { from: number; to: number; total: number } {
  const pageSize = Math.max(1, results.pageSize ?? results.results.length);
  const from = Math.min(results.total, (page - 1) * pageSize + 1);
  return { from, to: Math.min(results.total, from + results.results.length - 1), total: results.total };
}

/** Page numbers to offer: the first, the last, and two either side of the current one; gaps as null. */
export function pagesToOffer(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount]);
  for (let candidate = page - 2; candidate <= page + 2; candidate += 1) if (candidate >= 1 && candidate <= pageCount) wanted.add(candidate);
  const sorted = [...wanted].sort((a, b) => a - b);
  const offered: (number | null)[] = [];
  sorted.forEach((value, index) => {
    if (index > 0 && value - sorted[index - 1]! > 1) offered.push(null);
    offered.push(value);
  });
  return offered;
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
    <nav aria-label={intl.formatMessage({ id: 'search.pages' })} data-search-pager="">
      <PagerList>
        {page > 1 && (
          <li>
            <SiteLink href={searchHref(query, category, page - 1)} rel="prev">
              <FormattedMessage id="search.previous" />
            </SiteLink>
          </li>
        )}
        {pagesToOffer(page, pageCount).map((value, index) =>
          value === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              <span>…</span>
            </li>
          ) : (
            <li key={value}>
              <SiteLink href={searchHref(query, category, value)} aria-current={value === page ? 'page' : undefined} aria-label={intl.formatMessage({ id: 'search.pageNumber' }, { page: value })}>
                {value}
              </SiteLink>
            </li>
          ),
        )}
        {page < pageCount && (
          <li>
            <SiteLink href={searchHref(query, category, page + 1)} rel="next">
              <FormattedMessage id="search.next" />
            </SiteLink>
          </li>
        )}
      </PagerList>
    </nav>
  );
}
