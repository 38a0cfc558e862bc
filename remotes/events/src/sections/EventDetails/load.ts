import { EventDetailsResponseSchema, type EventDetails } from '@site/contracts/events';
import { parseContract, statusOfError, type SectionLoader } from '@site/contracts';

export interface EventDetailsProps {
  id: string | number;
  title?: string;
  /** A query parameter whose id, when present, wins over `id` (the application page shows the event applied to). */
  queryParam?: string;
}

const EVENT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * One event with its description. An event that is gone (404) or a malformed id gives null: the section then says
 * 'No data to display' instead of taking the page down; the log says which.
 */
export const load: SectionLoader<EventDetailsProps, EventDetails | null> = async ({ api, locale, signal, query }, { id: sectionId, props }) => {
  const fromQuery = props.queryParam ? query[props.queryParam]?.trim() : undefined;
  const id = fromQuery || String(props.id ?? '').trim();
  if (!EVENT_ID.test(id)) {
    console.error(`EventDetails section "${sectionId}": props.id "${id}" is not an event id`);
    return null;
  }
  const path = `${locale}/events/${id}`;
  try {
    return parseContract(path, EventDetailsResponseSchema, await api.get(path, { signal })).data;
  } catch (error) {
    if (statusOfError(error) !== 404) throw error;
    console.warn(`EventDetails section "${sectionId}": event ${id} does not exist in ${locale}`);
    return null;
  }
};
