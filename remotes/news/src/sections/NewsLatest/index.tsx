import { FormattedDate, FormattedMessage } from 'react-intl';
import type { NewsItem, SectionProps } from '@site/contracts';
import { Card, CardGrid, EmptyState, Image, Muted, SectionTitle } from '@site/ui';
import type { NewsLatestProps } from './load';

export { load } from './load';

/** The latest news (or media) items as cards, newest first. */
export default function NewsLatest({ descriptor, data }: SectionProps<NewsLatestProps, NewsItem[]>) {
  const titleId = `${descriptor.id}-title`;
  const type = descriptor.props.type ?? 'All';
  return (
    <div aria-labelledby={titleId} role="region">
      <SectionTitle id={titleId}>
        {descriptor.props.title ?? <FormattedMessage id={type === 'Media' ? 'news.latest.mediaTitle' : 'news.latest.title'} />}
      </SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="news.noData" />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.map((item) => (
            <li key={item.id}>
              <Card
                title={item.title}
                href={item.link}
                media={<Image image={item.image} decorative />}
                eyebrow={
                  <Muted>
                    <FormattedDate value={item.date} day="numeric" month="long" year="numeric" />
                  </Muted>
                }
              >
                {item.lead && <p>{item.lead}</p>}
              </Card>
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}
