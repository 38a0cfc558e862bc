import { FormattedMessage } from 'react-intl';
import type { NewsItem } from '@site/contracts/news';
import { Badge, BadgeList, Card, Image, Muted } from '@site/ui';
import { NewsDate } from './NewsDate';

export interface NewsCardProps {
  item: NewsItem;
  /** Lists that mix news and media say which one an item is (in words, not by colour). */
  showType?: boolean;
}

/** A news item as a card: image, date, title (the link), lead. */
export function NewsCard({ item, showType = false }: NewsCardProps) {
  return (
    <Card
      title={item.title}
      href={item.link}
      media={<Image image={item.image} decorative />}
      eyebrow={
        <Muted>
          <NewsDate date={item.date} />
        </Muted>
      }
    >
      {showType && (item.type === 'News' || item.type === 'Media') && (
        <BadgeList>
          <Badge>
            <FormattedMessage id={item.type === 'Media' ? 'news.type.media' : 'news.type.news'} />
          </Badge>
        </BadgeList>
      )}
      {item.lead && <p>{item.lead}</p>}
    </Card>
  );
}
