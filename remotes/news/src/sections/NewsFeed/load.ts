import {
  NEWS_FILTER_GROUPS,
  NewsFiltersResponseSchema,
  NewsListResponseSchema,
  type ContentKind,
  type DateSelection,
  type NewsFilterGroup,
  type NewsFilters,
  type NewsItem,
} from '@site/contracts/news';
import { parseContract, type SectionLoader } from '@site/contracts';
import { listParam } from '@site/ui';
import { newestFirst } from '../../news-items/order';
import { NewsFilterSelection, type ActiveFilterIds } from './filter-selection';

export interface NewsFeedProps {
  type?: ContentKind;
  pageSize?: number;
  title?: string;
}

export interface NewsFeedData {
  type: 'News' | 'Media' | 'All';
  items: NewsItem[];
  total: number;
  page: number;
  pageSize: number;
  filters: NewsFilters;
  active: ActiveFilterIds;
  date: DateSelection;
}

const DEFAULT_PAGE_SIZE = 12;
/** The API's largest page. */
const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 10_000;
/** The ids the API accepts; anything else in a hand-edited URL is never sent (it would fail the request), only reported. */
const FILTER_ID = /^[a-z0-9-]{1,64}$/;

function pageSizeOf(props: NewsFeedProps): number {
  const size = Number(props.pageSize ?? DEFAULT_PAGE_SIZE);
  return Number.isInteger(size) && size > 0 ? Math.min(size, MAX_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
}

function pageOf(query: Readonly<Record<string, string>>): number {
  const page = Number(query.page ?? 1);
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

function dateSelectionOf(query: Readonly<Record<string, string>>): DateSelection {
  return query.date === 'last-week' ? 'last-week' : 'all';
}

function requestedFilterIds(query: Readonly<Record<string, string>>, accept: (id: string) => boolean = () => true): ActiveFilterIds {
  const requested = {} as ActiveFilterIds;
  for (const group of NEWS_FILTER_GROUPS) requested[group] = listParam(query[group]).filter(accept);
  return requested;
}

function filterParams(ids: ActiveFilterIds): Record<NewsFilterGroup, string | undefined> {
  const params = {} as Record<NewsFilterGroup, string | undefined>;
  for (const group of NEWS_FILTER_GROUPS) params[group] = [...new Set(ids[group])].join(',') || undefined;
  return params;
}

function sameIds(a: ActiveFilterIds, b: ActiveFilterIds): boolean {
  return NEWS_FILTER_GROUPS.every((group) => [...new Set(a[group])].join(',') === b[group].join(','));
}

/**
 * One page of the news feed under the page's filters (`categories`, `formats`, `themes`, `targets`), date selection
 * and page number. The filters and the news are fetched together; only when the URL names ids the filters do not
 * know is the news fetched again without them, so the list always matches the filters shown as active.
 */
export const load: SectionLoader<NewsFeedProps, NewsFeedData> = async ({ api, locale, query, signal }, { props }) => {
  const type = props.type === 'News' || props.type === 'Media' ? props.type : 'All';
  const page = pageOf(query);
  const pageSize = pageSizeOf(props);
  const date = dateSelectionOf(query);
  const requested = requestedFilterIds(query);
  const sendable = requestedFilterIds(query, (id) => FILTER_ID.test(id));
  const newsPath = `${locale}/news`;
  const filtersPath = `${locale}/news/filters`;
  const fetchNews = (ids: ActiveFilterIds) =>
    api
      .get(newsPath, { params: { type, date, page, pageSize, ...filterParams(ids) }, signal })
      .then((response) => parseContract(newsPath, NewsListResponseSchema, response).data);

  const [filtersResponse, firstList] = await Promise.all([api.get(filtersPath, { signal }), fetchNews(sendable)]);
  const filters = parseContract(filtersPath, NewsFiltersResponseSchema, filtersResponse).data;
  const selection = new NewsFilterSelection(filters);
  for (const group of NEWS_FILTER_GROUPS) {
    for (const id of requested[group]) {
      if (selection.isAvailable(group, id)) selection.add(group, id);
      else console.warn(`NewsFeed: unknown ${group} filter "${id}" in the page URL is ignored`);
    }
  }
  const active = selection.activeIds;
  const list = sameIds(sendable, active) ? firstList : await fetchNews(active);
  return { type, items: newestFirst(list.items), total: list.total, page, pageSize, filters, active, date };
};
