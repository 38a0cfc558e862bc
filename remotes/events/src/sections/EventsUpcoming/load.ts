import { EventListResponseSchema, type Event } from '@site/contracts/events';
import { parseContract, type SectionLoader } from '@site/contracts';

export interface EventsUpcomingProps {
  limit?: number;
  recommendedOnly?: boolean;
  title?: string;
}

const DEFAULT_LIMIT = 6;

export const load: SectionLoader<EventsUpcomingProps, Event[]> = async ({ api, locale, signal }, { props }) => {
  const limit = Number.isInteger(props.limit) && props.limit! > 0 ? Math.min(props.limit!, 24) : DEFAULT_LIMIT;
  const path = `${locale}/events`;
  const response = await api.get(path, {
    params: { scope: 'upcoming', pageSize: limit, recommended: props.recommendedOnly ? 'true' : undefined },
    signal,
  });
  return parseContract(path, EventListResponseSchema, response).data.items.slice(0, limit);
};
