import type { TSchema } from '@sinclair/typebox';
import type { ValidationIssue } from './validation-issue';

/**
 * A contract schema as browsers get it: the JavaScript TypeBox's TypeCompiler writes for the schema at build time
 * (scripts/compile-checkers.js), a function that is true when the value matches. Browsers ship no TypeBox, and nothing
 * is compiled at run time, which the site's Content-Security-Policy (no `eval`) would forbid. A form's schema also
 * carries one checker per field and the fields that may not be left out, so that the form can say which field is wrong.
 *
 * The browser build of the package (generated/browser) takes these functions where the server's `check`, `issuesOf`
 * and schema factories work on TypeBox schemas; the types every consumer compiles against stay TypeBox's.
 */
export interface CompiledChecker {
  (value: unknown): boolean;
  readonly fields?: Readonly<Record<string, CompiledChecker>>;
  readonly required?: readonly string[];
}

const MISMATCH = 'Expected a value matching the schema';

function compiled(schema: TSchema | CompiledChecker): CompiledChecker {
  // A TypeBox schema here came from outside the package's browser build (whose schemas are all compiled): refused by
  // name rather than called. The message is short because it ships on every page.
  if (typeof schema !== 'function') throw new TypeError('@site/contracts: not a compiled checker');
  return schema;
}

/** True if the value matches the compiled schema. */
export function checkCompiled(schema: TSchema | CompiledChecker, value: unknown): boolean {
  return compiled(schema)(value);
}

/**
 * Where a value does not match its compiled schema, without TypeBox's error iterator and its message texts: one issue
 * per wrong field for a form's schema (the form shows its own message there), otherwise one issue at the root. The
 * server names every issue in TypeBox's words.
 */
export function compiledIssues(schema: TSchema | CompiledChecker, value: unknown, limit: number): ValidationIssue[] {
  const { fields, required = [] } = compiled(schema);
  if (fields && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const issues: ValidationIssue[] = [];
    for (const [field, check] of Object.entries(fields)) {
      const fieldValue: unknown = Reflect.get(value, field);
      if (fieldValue === undefined && !required.includes(field)) continue;
      if (!check(fieldValue)) issues.push({ path: `/${field}`, message: MISMATCH });
      if (issues.length >= limit) break;
    }
    if (issues.length > 0) return issues;
  }
  return [{ path: '/', message: MISMATCH }];
}

/**
 * A schema factory's result in the browser: the compiled checker of what the factory builds with any value where its
 * argument goes (`base`), and the argument's own checker on the part it describes (`part` of a value `base` accepted).
 */
export function composeCompiled(base: CompiledChecker, argument: TSchema | CompiledChecker, parts: (value: unknown) => unknown[]): CompiledChecker {
  const check = compiled(argument);
  return (value) => base(value) && parts(value).every((part) => check(part));
}
