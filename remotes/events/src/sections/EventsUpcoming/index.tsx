import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl';
import { styled } from '@linaria/react';
import type { Event, SectionProps } from '@site/contracts';
import { Card, CardGrid, EmptyState, Muted, SectionTitle } from '@site/ui';
import type { EventsUpcomingProps } from './load';

export { load } from './load';

const Badges = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin: 0;
  span {
    padding: 0.1rem 0.6rem;
    border: 1px solid currentColor;
    border-radius: 1rem;
    font-size: 0.8rem;
  }
`;

function EventWhen({ event }: { event: Event }) {
  return (
    <Muted>
      <time dateTime={event.startsAt}>
        <FormattedDate value={event.startsAt} day="numeric" month="long" />
        {event.startsAt.length > 10 && (
          <>
            {', '}
            <FormattedTime value={event.startsAt} />
          </>
        )}
      </time>
      {event.place ? ` · ${event.place}` : ''}
    </Muted>
  );
}

/** Upcoming events, soonest first, with their recommended, paid/free and co-organiser marks. */
export default function EventsUpcoming({ descriptor, data }: SectionProps<EventsUpcomingProps, Event[]>) {
  const titleId = `${descriptor.id}-title`;
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="events.upcoming.title" />}</SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="events.upcoming.empty" />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.map((event) => (
            <li key={event.id}>
              <Card title={event.title} href={event.link} eyebrow={<EventWhen event={event} />}>
                <Badges>
                  {event.isRecommended && (
                    <span>
                      <FormattedMessage id="events.recommended" />
                    </span>
                  )}
                  <span>
                    <FormattedMessage id={event.isPaid ? 'events.paid' : 'events.free'} />
                  </span>
                </Badges>
                {event.coOrganizers.length > 0 && (
                  <Muted>
                    <FormattedMessage id="events.coOrganizers" values={{ names: event.coOrganizers.join(', ') }} />
                  </Muted>
                )}
              </Card>
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}
