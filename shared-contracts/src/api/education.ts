import { Type, type Static } from '@sinclair/typebox';
import { ImageSchema } from './common';

export const PROGRAM_LEVELS = ['bachelor', 'specialist', 'master', 'phd', 'continuing'] as const;
export type ProgramLevel = (typeof PROGRAM_LEVELS)[number];

export const ProgramSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  level: Type.Union(PROGRAM_LEVELS.map((level) => Type.Literal(level))),
  /** Human-readable duration, e.g. "4 года" / "4 years". */
  duration: Type.String(),
  format: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  image: Type.Optional(Type.Union([ImageSchema, Type.Null()])),
});
export type Program = Static<typeof ProgramSchema>;

export const CourseSchema = Type.Object({
  id: Type.Union([Type.String(), Type.Number()]),
  title: Type.String(),
  link: Type.String(),
  duration: Type.String(),
  durationWeeks: Type.Optional(Type.Integer({ minimum: 0 })),
  level: Type.String(),
  format: Type.String(),
  language: Type.String(),
  topics: Type.Optional(Type.Array(Type.String())),
  description: Type.Optional(Type.String()),
});
export type Course = Static<typeof CourseSchema>;
