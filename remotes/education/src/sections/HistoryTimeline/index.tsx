import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { HistoryEntry } from '@site/contracts/education';
import type { SectionProps } from '@site/contracts';
import { EmptyState, Image, SectionTitle, titleIdOf } from '@site/ui';
import { oldestFirst } from './load';

export { load } from './load';

/** A vertical line with a marker per year; the line and markers are decoration, the list order is the meaning. */
const Timeline = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0 0 0 1.5rem;
  border-left: 3px solid var(--site-border);
  display: grid;
  gap: 2rem;
  > li {
    position: relative;
    max-width: 48rem;
  }
  > li::before {
    content: '';
    position: absolute;
    left: calc(-1.5rem - 9px);
    top: 0.4rem;
    width: 15px;
    height: 15px;
    border-radius: 50%;
    background: currentColor;
  }
  time {
    display: block;
    font-size: 1.5rem;
    font-weight: 700;
    line-height: 1.2;
  }
  h3 {
    margin: 0.25rem 0 0.5rem;
    font-size: 1.15rem;
  }
  p {
    margin: 0 0 0.75rem;
  }
  img {
    max-width: 24rem;
  }
`;

/** The university's history as an ordered timeline, oldest first, each entry under its year. */
export default function HistoryTimeline({ descriptor, data }: SectionProps<{ title?: string }, HistoryEntry[]>) {
  const titleId = titleIdOf(descriptor);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="history.title" />}</SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="education.noData" />
        </EmptyState>
      ) : (
        <Timeline>
          {oldestFirst(data).map((entry) => (
            <li key={entry.id} id={`history-${entry.id}`}>
              <time dateTime={String(entry.year)}>{entry.year}</time>
              <h3>{entry.title}</h3>
              <p>{entry.text}</p>
              {entry.image && <Image image={entry.image} sizes="24rem" />}
            </li>
          ))}
        </Timeline>
      )}
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
