import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema, IsoDateSchema } from '../api/common';
import { PostalAddressSchema } from '../api/discovery';

export const EVENT_APPLICATION_TYPES = ['none', 'link', 'form'] as const;

export const EventSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  startsAt: IsoDateSchema,
  endsAt: Type.Optional(IsoDateSchema),
  place: Type.Optional(Type.String()),
  lead: Type.Optional(Type.String()),
  image: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
  coOrganizers: Type.Array(Type.String()),
  isRecommended: Type.Boolean(),
  /** The period during which the event is promoted on listings. */
  promotion: Type.Optional(Type.Object({ from: IsoDateSchema, to: IsoDateSchema })),
  isPaid: Type.Boolean(),
  price: Type.Optional(Type.String()),
  application: Type.Object({
    type: Type.Union(EVENT_APPLICATION_TYPES.map((type) => Type.Literal(type))),
    url: Type.Optional(Type.String()),
  }),
  categories: Type.Optional(Type.Array(Type.String())),
});
export type Event = Static<typeof EventSchema>;

export const EVENT_SCOPES = ['upcoming', 'today', 'all'] as const;
export type EventScope = (typeof EVENT_SCOPES)[number];

/**
 * `GET {locale}/events`: by `scope` (upcoming, today, all), by `day=YYYY-MM-DD` or by a `from`/`to` range.
 * `day` echoes the requested day, so that an empty day can say so.
 */
export const EventListResponseSchema = Type.Object({
  data: Type.Object({
    items: Type.Array(EventSchema),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
    scope: Type.Optional(Type.Union(EVENT_SCOPES.map((scope) => Type.Literal(scope)))),
    day: Type.Optional(IsoDateSchema),
    /** Days (YYYY-MM-DD) of the listed range that have at least one event, for the calendar. */
    daysWithEvents: Type.Optional(Type.Array(IsoDateSchema)),
  }),
});
export type EventListResponse = Static<typeof EventListResponseSchema>;

/** One event with its description (HTML) and organiser. */
export const EventDetailsSchema = Type.Composite([
  EventSchema,
  Type.Object({
    body: Type.String(),
    organizer: Type.Optional(Type.String()),
    /** The postal address of the venue (`place` names the room): the location search engines show. Added in 1.1.0. */
    address: Type.Optional(PostalAddressSchema),
    /** When the event's page last changed (ISO time). Added in 1.1.0. */
    updatedAt: Type.Optional(Type.String()),
  }),
]);
export type EventDetails = Static<typeof EventDetailsSchema>;

/** `GET {locale}/events/{id}`. */
export const EventDetailsResponseSchema = Type.Object({ data: EventDetailsSchema });
export type EventDetailsResponse = Static<typeof EventDetailsResponseSchema>;
