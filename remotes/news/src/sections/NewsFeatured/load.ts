import { LATEST_NEWS_PER_TYPE, MAX_FEATURED_NEWS, NewsListResponseSchema, type NewsItem } from '@site/contracts/news';
import { parseContract, type SectionLoader } from '@site/contracts';
import { newestFirst } from '../../news-items/order';
import { pickFeaturedSlots, type FeaturedSlots } from './featured-slots';

export interface NewsFeaturedProps {
  title?: string;
}

export interface NewsFeaturedData extends FeaturedSlots {
  /** The latest news beside the featured ones, without them: four. */
  latest: NewsItem[];
}

/** Enough featured items to notice when editors featured more than the two slots hold. */
const FEATURED_PAGE_SIZE = 12;

export const load: SectionLoader<NewsFeaturedProps, NewsFeaturedData> = async ({ api, locale, signal }) => {
  const path = `${locale}/news`;
  const [featuredResponse, latestResponse] = await Promise.all([
    api.get(path, { params: { featured: 'true', pageSize: FEATURED_PAGE_SIZE, page: 1 }, signal }),
    // The featured ones may be among the newest: ask for enough to still have four without them.
    api.get(path, { params: { type: 'All', pageSize: LATEST_NEWS_PER_TYPE + MAX_FEATURED_NEWS, page: 1 }, signal }),
  ]);
  const featured = parseContract(`${path}?featured=true`, NewsListResponseSchema, featuredResponse).data;
  const slots = pickFeaturedSlots(featured.items, featured.total);
  const shownIds = new Set([slots.first?.id, slots.second?.id].filter((id) => id !== undefined).map(String));
  const latest = newestFirst(parseContract(path, NewsListResponseSchema, latestResponse).data.items)
    .filter((item) => !shownIds.has(String(item.id)))
    .slice(0, LATEST_NEWS_PER_TYPE);
  return { ...slots, latest };
};
