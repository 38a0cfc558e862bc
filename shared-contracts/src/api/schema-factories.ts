import { Type, type TSchema } from '@sinclair/typebox';
import { SectionDescriptorSchema } from './page';

/**
 * Schemas built from another schema at run time. In the browser build of the package (scripts/compile-checkers.js)
 * every schema is a checker compiled at build time, and each factory composes the checker of what it builds with any
 * value where its argument goes with the checker it is given.
 */

/** A section descriptor whose `props` match the section's own schema. */
export function sectionDescriptorSchemaWithProps<P extends TSchema>(props: P) {
  return Type.Composite([Type.Omit(SectionDescriptorSchema, ['props']), Type.Object({ props })]);
}

/** A page of a list endpoint. */
export const PaginatedSchema = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer({ minimum: 0 }),
    page: Type.Integer({ minimum: 1 }),
    pageSize: Type.Integer({ minimum: 1 }),
  });
