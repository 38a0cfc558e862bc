import { MAX_FEATURED_NEWS, type NewsItem } from '@site/contracts/news';
import { newestFirst } from '../../news-items/order';

export interface FeaturedSlots {
  first: NewsItem | null;
  second: NewsItem | null;
}

/**
 * Puts featured news into the first and second slots by their featureSort; featured items without a slot fill
 * the free ones, newest first. Warns in the console when nothing is featured or more than two are:
 * editors then see why the section looks different from what they set. `featuredTotal` is the backend's count.
 */
export function pickFeaturedSlots(items: readonly NewsItem[], featuredTotal?: number): FeaturedSlots {
  const featured = newestFirst(items.filter((item) => item.isFeatured));
  // The backend's total counts featured items beyond the page that was fetched.
  const count = Math.max(featuredTotal ?? 0, featured.length);
  if (count === 0) console.warn('NewsFeatured: no news is featured; the section shows the latest news only');
  if (count > MAX_FEATURED_NEWS) {
    console.warn(`NewsFeatured: ${count} news items are featured, at most ${MAX_FEATURED_NEWS} are shown (ids ${featured.map((item) => item.id).join(', ')})`);
  }
  let first = featured.find((item) => item.featureSort === 'First') ?? null;
  let second = featured.find((item) => item.featureSort === 'Second') ?? null;
  const unslotted = featured.filter((item) => item !== first && item !== second);
  first ??= unslotted.shift() ?? null;
  second ??= unslotted.shift() ?? null;
  return { first, second };
}
