import type { TSchema } from '@sinclair/typebox';
import { check } from '../check.browser';
import { PaginatedAnySchema, SectionDescriptorWithAnyPropsSchema } from './factory-bases';
import type * as Source from './schema-factories';

/**
 * The browser's factories (see `schema-factories.ts`): every schema there is a checker compiled at build time, so a
 * factory composes the checker of what it builds with any value where its argument goes (`factory-bases.ts`) with the
 * argument's own checker.
 */

export const sectionDescriptorSchemaWithProps = ((props: TSchema) => (value: unknown) =>
  check(SectionDescriptorWithAnyPropsSchema, value) &&
  check(props, (value as { props: unknown }).props)) as unknown as typeof Source.sectionDescriptorSchemaWithProps;

export const PaginatedSchema = ((item: TSchema) => (value: unknown) =>
  check(PaginatedAnySchema, value) &&
  [...(value as { items: unknown[] }).items].every((entry) => check(item, entry))) as unknown as typeof Source.PaginatedSchema;
