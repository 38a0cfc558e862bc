import { FormattedDate } from 'react-intl';
import { UNIVERSITY_TIME_ZONE } from './dates';

/** A news date as a machine-readable `time` element, formatted in the university's time zone. */
export function NewsDate({ date }: { date: string }) {
  return (
    <time dateTime={date}>
      <FormattedDate value={date} day="numeric" month="long" year="numeric" timeZone={UNIVERSITY_TIME_ZONE} />
    </time>
  );
}
