import { FormattedMessage } from 'react-intl';
import type { Event } from '@site/contracts/events';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, SectionTitle, editorTitleOf, titleIdOf } from '@site/ui';
import { EventCard } from '../../event-items/EventCard';
import type { EventsUpcomingProps } from './load';

export { load } from './load';

/** Upcoming events, soonest first, with their recommended, paid/free and co-organiser marks. */
export default function EventsUpcoming({ descriptor, data }: SectionProps<EventsUpcomingProps, Event[]>) {
  const titleId = titleIdOf(descriptor);
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{editorTitleOf(descriptor) ?? <FormattedMessage id="events.upcoming.title" />}</SectionTitle>
      {data.length === 0 ? (
        <EmptyState>
          <FormattedMessage id="events.upcoming.empty" />
        </EmptyState>
      ) : (
        <CardGrid>
          {data.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </CardGrid>
      )}
    </div>
  );
}

/** Links and text only: the server HTML is final, the browser needs no code for it on a server-rendered page. */
export const meta = { hydrate: false };
