import { FormattedMessage } from 'react-intl';
import type { Event } from '@site/contracts/events';
import { Badge, BadgeList, Card, Muted } from '@site/ui';
import { EventWhen } from './EventWhen';

/** Recommended and paid/free marks, in words (never by colour alone). */
export function EventBadges({ event }: { event: Pick<Event, 'isRecommended' | 'isPaid'> }) {
  return (
    <BadgeList>
      {event.isRecommended && (
        <Badge>
          <FormattedMessage id="events.recommended" />
        </Badge>
      )}
      <Badge>
        <FormattedMessage id={event.isPaid ? 'events.paid' : 'events.free'} />
      </Badge>
    </BadgeList>
  );
}

/** An event as a card: when and where, title (the link), marks and co-organisers. */
export function EventCard({ event }: { event: Event }) {
  return (
    <Card
      title={event.title}
      href={event.link}
      eyebrow={
        <Muted>
          <EventWhen event={event} />
          {event.place ? ` · ${event.place}` : ''}
        </Muted>
      }
    >
      <EventBadges event={event} />
      {event.coOrganizers.length > 0 && (
        <Muted>
          <FormattedMessage id="events.coOrganizers" values={{ names: event.coOrganizers.join(', ') }} />
        </Muted>
      )}
    </Card>
  );
}
