import type { NewsItem } from '@site/contracts/news';

/** A contract-valid news item; tests override what they are about. */
export function newsItem(overrides: Partial<NewsItem> & Pick<NewsItem, 'id'>): NewsItem {
  return {
    title: `News ${overrides.id}`,
    link: `/news/${overrides.id}`,
    date: '2026-03-10T10:00:00+03:00',
    type: 'News',
    isFeatured: false,
    featureSort: 'NotSet',
    image: null,
    ...overrides,
  };
}
