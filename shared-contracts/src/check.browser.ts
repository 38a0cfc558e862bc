import type { TSchema } from '@sinclair/typebox';

/**
 * The browser's `check.ts`. Browser builds replace every contract schema with its checker, compiled from the schema by
 * TypeBox's TypeCompiler at build time (infra/build-preset/src/compiled-contracts.js): browsers ship no TypeBox, and
 * nothing is compiled at run time, which the site's Content-Security-Policy would forbid.
 */
export function check(schema: TSchema, value: unknown): boolean {
  return (schema as unknown as (value: unknown) => boolean)(value);
}
