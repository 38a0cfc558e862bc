import { FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { CardGrid, EmptyState, hrefWithQuery, LinkTabs, Pagination, SectionTitle, SiteLink, usePageLocation, editorTitleOf, titleIdOf } from '@site/ui';
import { EventCard } from '../../event-items/EventCard';
import { DayPicker } from './DayPicker';
import type { CalendarScope, CalendarView, EventsCalendarData, EventsCalendarProps } from './load';

/**
 * The page query parameters this section reads: only these reach it, and they key the cached page. It does not hydrate:
 * its days, tabs and pages are links, and the pages that show it watch these parameters.
 */
export const meta = { query: ['day', 'scope', 'page'], hydrate: false };

export { load } from './load';

const ListHeading = styled.h3`
  margin: 0 0 1rem;
  font-size: 1.25rem;
`;

const TABS: { scope: CalendarScope; message: string }[] = [
  { scope: 'upcoming', message: 'events.calendar.tab.upcoming' },
  { scope: 'today', message: 'events.calendar.tab.today' },
  { scope: 'all', message: 'events.calendar.tab.all' },
];

/** The list's heading and its empty message, per view: an empty day says so, each tab has its own words. */
function viewMessages(view: CalendarView): { heading: string; empty: string } {
  if (view.kind === 'day') return { heading: 'events.calendar.heading.day', empty: 'events.calendar.empty.day' };
  return { heading: `events.calendar.heading.${view.scope}`, empty: `events.calendar.empty.${view.scope}` };
}

/** Events by day (a day picker) or by tab (upcoming, today, all), with pagination. */
export default function EventsCalendar({ descriptor, data }: SectionProps<EventsCalendarProps, EventsCalendarData>) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const titleId = titleIdOf(descriptor);
  const listId = `${descriptor.id}-list`;
  const { view } = data;
  const messages = viewMessages(view);
  const selectedDay = view.kind === 'day' ? view.day : null;
  const date = selectedDay ? intl.formatDate(selectedDay, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : '';
  const tabHref = (scope: CalendarScope) => hrefWithQuery(path, search, { scope: scope === 'upcoming' ? null : scope, day: null, page: null });
  return (
    <div role="region" aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{editorTitleOf(descriptor) ?? <FormattedMessage id="events.calendar.title" />}</SectionTitle>
      <LinkTabs
        label={intl.formatMessage({ id: 'events.calendar.tabs' })}
        tabs={TABS.map(({ scope, message }) => ({
          id: scope,
          label: intl.formatMessage({ id: message }),
          href: tabHref(scope),
          active: view.kind === 'scope' && view.scope === scope,
        }))}
      />
      <DayPicker selectedDay={selectedDay} today={data.today} week={data.week} daysWithEvents={data.daysWithEvents} />
      <div role="region" aria-labelledby={listId}>
        <ListHeading id={listId}>
          <FormattedMessage id={messages.heading} values={{ date }} />
        </ListHeading>
        {data.items.length === 0 ? (
          <EmptyState
            action={
              !(view.kind === 'scope' && view.scope === 'upcoming') && (
                <SiteLink href={tabHref('upcoming')}>
                  <FormattedMessage id="events.calendar.showUpcoming" />
                </SiteLink>
              )
            }
          >
            <FormattedMessage id={messages.empty} values={{ date }} />
          </EmptyState>
        ) : (
          <CardGrid>
            {data.items.map((event) => (
              <li key={event.id}>
                <EventCard event={event} />
              </li>
            ))}
          </CardGrid>
        )}
      </div>
      <Pagination
        page={data.page}
        pageCount={Math.max(1, Math.ceil(data.total / data.pageSize))}
        hrefFor={(page) => hrefWithQuery(path, search, { page: page === 1 ? null : page })}
        label={intl.formatMessage({ id: 'events.calendar.pages' })}
        previousLabel={intl.formatMessage({ id: 'events.calendar.previous' })}
        nextLabel={intl.formatMessage({ id: 'events.calendar.next' })}
      />
    </div>
  );
}
