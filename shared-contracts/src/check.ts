import type { TSchema } from '@sinclair/typebox';
// Only the checker: the `Value` namespace would pull the whole value toolkit in. The browser build of the package
// (scripts/compile-checkers.js) has `checkCompiled` here, where every schema is a checker compiled at build time.
import { Check } from '@sinclair/typebox/value';

/** True if the value matches the schema. */
export function check(schema: TSchema, value: unknown): boolean {
  return Check(schema, value);
}
