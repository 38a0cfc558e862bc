import { LATEST_NEWS_PER_TYPE, NewsListResponseSchema, type NewsItem } from '@site/contracts/news';
import { parseContract, type SectionLoader } from '@site/contracts';
import { newestFirst } from '../../news-items/order';

export interface NewsLatestProps {
  type?: 'News' | 'Media' | 'All';
  limit?: number;
  title?: string;
}

/** Latest news per type: four by default, at most twelve. */
const DEFAULT_LIMIT = LATEST_NEWS_PER_TYPE;
const MAX_LIMIT = 12;

function limitOf(props: NewsLatestProps): number {
  const limit = Number(props.limit ?? DEFAULT_LIMIT);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, MAX_LIMIT) : DEFAULT_LIMIT;
}

export const load: SectionLoader<NewsLatestProps, NewsItem[]> = async ({ api, locale, signal }, { props }) => {
  const type = props.type === 'News' || props.type === 'Media' ? props.type : 'All';
  const path = `${locale}/news`;
  const response = await api.get(path, { params: { type, pageSize: limitOf(props), page: 1 }, signal });
  const items = parseContract(path, NewsListResponseSchema, response).data.items;
  // Newest first, whatever order the backend used.
  return newestFirst(items).slice(0, limitOf(props));
};
