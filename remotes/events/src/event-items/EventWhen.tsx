import { FormattedDate, FormattedTime } from 'react-intl';
import type { Event } from '@site/contracts/events';
import { dayIn, isBareDay, UNIVERSITY_TIME_ZONE } from '../calendar/days';

/** A day or an instant as a `time` element, formatted as on campus; bare days stay the day they name. */
export function EventDate({ value, withTime = !isBareDay(value), withDate = true }: { value: string; withTime?: boolean; withDate?: boolean }) {
  const timeZone = isBareDay(value) ? 'UTC' : UNIVERSITY_TIME_ZONE;
  return (
    <time dateTime={value}>
      {withDate && <FormattedDate value={value} day="numeric" month="long" timeZone={timeZone} />}
      {withDate && withTime && ', '}
      {withTime && <FormattedTime value={value} hour="numeric" minute="2-digit" timeZone={timeZone} />}
    </time>
  );
}

/** When an event runs: its start, and its end (only the time when it ends the same day). */
export function EventWhen({ event }: { event: Pick<Event, 'startsAt' | 'endsAt'> }) {
  const { startsAt, endsAt } = event;
  if (!endsAt || endsAt === startsAt) return <EventDate value={startsAt} />;
  const sameDay = dayIn(startsAt) === dayIn(endsAt);
  return (
    <>
      <EventDate value={startsAt} />
      {sameDay ? '–' : ' – '}
      <EventDate value={endsAt} withDate={!sameDay} withTime={!isBareDay(endsAt)} />
    </>
  );
}
