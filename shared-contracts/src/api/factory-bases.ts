import { Type } from '@sinclair/typebox';
import { PaginatedSchema, sectionDescriptorSchemaWithProps } from './schema-factories';

/**
 * What the factories of `schema-factories.ts` build, with any value where their argument goes: browsers check a value
 * against these compiled checkers, then the part the argument describes against the argument's own checker.
 */
export const SectionDescriptorWithAnyPropsSchema = sectionDescriptorSchemaWithProps(Type.Unknown());
export const PaginatedAnySchema = PaginatedSchema(Type.Unknown());
