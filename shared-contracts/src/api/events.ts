import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema, IsoDateSchema } from './common';

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
