import { styled } from '@linaria/react';
import { FormattedMessage } from 'react-intl';
import type { NewsItem, SectionLoader, SectionProps } from '@site/contracts';

const Title = styled.h2`
  font-size: 2rem;
  color: var(--site-text, #111);
`;

export const load: SectionLoader<Record<string, unknown>, NewsItem[]> = async () => [
  { id: 1, title: 'hello', link: '/news/1', date: '2026-01-01', type: 'News', isFeatured: false, featureSort: 'NotSet' },
];

export default function NewsLatest({ data }: SectionProps<Record<string, unknown>, NewsItem[]>) {
  return (
    <div>
      <Title>
        <FormattedMessage id="news.latest.title" />
      </Title>
      <ul>{data.map((item) => <li key={item.id}>{item.title}</li>)}</ul>
    </div>
  );
}
