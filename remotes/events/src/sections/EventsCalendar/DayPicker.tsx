import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { hrefWithQuery, SiteLink, VisuallyHidden, usePageLocation } from '@site/ui';
import { addDays } from '../../calendar/days';

const Picker = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  margin: 0 0 1.5rem;
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem;
    list-style: none;
    margin: 0;
    padding: 0;
  }
  a {
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    justify-content: center;
    min-width: 44px;
    min-height: 44px;
    padding: 0.25rem 0.6rem;
    border: 2px solid var(--site-border);
    border-radius: 0.5rem;
    text-decoration: none;
    line-height: 1.2;
  }
  a[aria-current='date'] {
    border-color: currentColor;
    font-weight: 700;
  }
  [data-has-events]::after {
    content: '';
    width: 0.4rem;
    height: 0.4rem;
    margin-top: 0.15rem;
    border-radius: 50%;
    background: currentColor;
  }
  small {
    font-size: 0.7rem;
  }
`;

export interface DayPickerProps {
  /** The chosen day, or null when a tab is shown. */
  selectedDay: string | null;
  today: string;
  week: string[];
  daysWithEvents: string[];
}

/** Day links (`?day=YYYY-MM-DD`): previous and next day, the week around the chosen day, and today. */
export function DayPicker({ selectedDay, today, week, daysWithEvents }: DayPickerProps) {
  const intl = useIntl();
  const { path, search } = usePageLocation();
  const dayHref = (day: string) => hrefWithQuery(path, search, { day, scope: null, page: null });
  const anchor = selectedDay ?? today;
  // Bare days are formatted in UTC so that no time zone shifts them to a neighbouring day.
  const dayName = (day: string) => intl.formatDate(day, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <Picker aria-label={intl.formatMessage({ id: 'events.calendar.days' })}>
      <SiteLink
        href={dayHref(addDays(anchor, -1))}
        aria-label={intl.formatMessage({ id: 'events.calendar.previousDay' }, { date: dayName(addDays(anchor, -1)) })}
      >
        <span aria-hidden="true">←</span>
      </SiteLink>
      <ul>
        {week.map((day) => {
          const hasEvents = daysWithEvents.includes(day);
          return (
            <li key={day}>
              <SiteLink href={dayHref(day)} aria-current={day === selectedDay ? 'date' : undefined} data-day={day}>
                <span aria-hidden="true">
                  <FormattedDate value={day} weekday="short" timeZone="UTC" />
                </span>
                <span aria-hidden="true" data-has-events={hasEvents ? '' : undefined}>
                  <FormattedDate value={day} day="numeric" timeZone="UTC" />
                </span>
                {day === today && (
                  <small aria-hidden="true">
                    <FormattedMessage id="events.calendar.isToday" />
                  </small>
                )}
                <VisuallyHidden>
                  {dayName(day)}
                  {day === today && `, ${intl.formatMessage({ id: 'events.calendar.isToday' })}`}
                  {hasEvents && `, ${intl.formatMessage({ id: 'events.calendar.hasEvents' })}`}
                </VisuallyHidden>
              </SiteLink>
            </li>
          );
        })}
      </ul>
      <SiteLink href={dayHref(addDays(anchor, 1))} aria-label={intl.formatMessage({ id: 'events.calendar.nextDay' }, { date: dayName(addDays(anchor, 1)) })}>
        <span aria-hidden="true">→</span>
      </SiteLink>
      <SiteLink href={dayHref(today)}>
        <FormattedMessage id="events.calendar.today" />
      </SiteLink>
    </Picker>
  );
}
