import { FormattedMessage } from 'react-intl';
import type { NewsItem } from '@site/contracts/news';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, SectionTitle, editorTitleOf, titleIdOf } from '@site/ui';
import { NewsCard } from '../../news-items/NewsCard';
import type { NewsLatestProps } from './load';

export { load } from './load';

/** The latest news (or media) items as cards, newest first. */
export default function NewsLatest({ descriptor, data }: SectionProps<NewsLatestProps, NewsItem[]>) {
  const titleId = titleIdOf(descriptor);
  const type = descriptor.props.type ?? 'All';
  return (
    <div aria-labelledby={titleId} role="region">
      <SectionTitle id={titleId}>
        {editorTitleOf(descriptor) ?? <FormattedMessage id={type === 'Media' ? 'news.latest.mediaTitle' : 'news.latest.title'} />}
      </SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="news.noData" />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.map((item) => (
            <li key={item.id}>
              <NewsCard item={item} showType={type === 'All'} />
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
