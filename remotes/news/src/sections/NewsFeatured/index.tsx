import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { Feature, NewsItem } from '@site/contracts/news';
import type { SectionProps } from '@site/contracts';
import { EmptyState, SectionTitle, SiteLink, editorTitleOf, titleIdOf } from '@site/ui';
import { NewsCard } from '../../news-items/NewsCard';
import { NewsDate } from '../../news-items/NewsDate';
import type { NewsFeaturedData, NewsFeaturedProps } from './load';

export { load } from './load';

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  @media (min-width: 1024px) {
    grid-template-columns: 2fr 1fr;
  }
`;

const FeaturedList = styled.ul`
  display: grid;
  gap: 1.5rem;
  list-style: none;
  margin: 0;
  padding: 0;
  @media (min-width: 768px) {
    grid-template-columns: 3fr 2fr;
  }
  li[data-feature='first-feature'] h3 {
    font-size: 1.4rem;
  }
`;

const LatestList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    padding: 0.75rem 0;
    border-bottom: 1px solid var(--site-border);
  }
  a {
    display: inline-block;
    padding: 0.25rem 0;
    min-height: 24px;
    font-weight: 600;
  }
  time {
    font-size: 0.9rem;
  }
`;

const LatestHeading = styled.h3`
  margin: 0 0 0.5rem;
  font-size: 1.15rem;
`;

function slotsOf(data: NewsFeaturedData): { feature: Feature; item: NewsItem }[] {
  const slots: { feature: Feature; item: NewsItem | null }[] = [
    { feature: 'first-feature', item: data.first },
    { feature: 'second-feature', item: data.second },
  ];
  return slots.filter((slot): slot is { feature: Feature; item: NewsItem } => slot.item !== null);
}

/** The two featured news (first and second slot) as large cards, the latest news beside them. */
export default function NewsFeatured({ descriptor, data }: SectionProps<NewsFeaturedProps, NewsFeaturedData>) {
  const titleId = titleIdOf(descriptor);
  const latestId = `${descriptor.id}-latest`;
  const featured = slotsOf(data);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{editorTitleOf(descriptor) ?? <FormattedMessage id="news.featured.title" />}</SectionTitle>
      {featured.length === 0 && data.latest.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="news.noData" />
        </EmptyState>
      ) : (
        <Layout>
          {featured.length > 0 && (
            <FeaturedList>
              {featured.map(({ feature, item }) => (
                <li key={item.id} data-feature={feature}>
                  <NewsCard item={item} showType />
                </li>
              ))}
            </FeaturedList>
          )}
          {data.latest.length > 0 && (
            <div role="region" aria-labelledby={latestId}>
              <LatestHeading id={latestId}>
                <FormattedMessage id="news.featured.latest" />
              </LatestHeading>
              <LatestList>
                {data.latest.map((item) => (
                  <li key={item.id}>
                    <NewsDate date={item.date} />
                    <SiteLink href={item.link}>{item.title}</SiteLink>
                  </li>
                ))}
              </LatestList>
            </div>
          )}
        </Layout>
      )}
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
