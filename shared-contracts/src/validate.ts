import type { Static, TSchema } from '@sinclair/typebox';
// The checker and the issues' texts (TypeBox's error iterator) come from check.ts and validate-issues.ts on the server;
// the browser build of the package has the compiled-checker functions in their place (scripts/compile-checkers.js).
import { check } from './check';
import { issuesOf } from './validate-issues';
import type { ValidationIssue } from './validation-issue';

export type { ValidationIssue } from './validation-issue';

export type Validation<T> = { ok: true; value: T } | { ok: false; issues: ValidationIssue[] };

const MAX_REPORTED_ISSUES = 10;

/** Checks a value against a contract schema without throwing. */
export function validate<S extends TSchema>(schema: S, value: unknown): Validation<Static<S>> {
  if (check(schema, value)) return { ok: true, value };
  return { ok: false, issues: issuesOf(schema, value, MAX_REPORTED_ISSUES) };
}

/** Thrown when data crossing a boundary does not match its contract. */
export class ContractViolation extends Error {
  readonly contract: string;
  readonly issues: ValidationIssue[];

  constructor(contract: string, issues: ValidationIssue[]) {
    const summary = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
    super(`${contract} does not match its contract: ${summary}`);
    this.name = 'ContractViolation';
    this.contract = contract;
    this.issues = issues;
  }
}

/** Validates at a boundary and returns the typed value, or throws a ContractViolation naming the contract. */
export function parseContract<S extends TSchema>(contract: string, schema: S, value: unknown): Static<S> {
  const result = validate(schema, value);
  if (!result.ok) throw new ContractViolation(contract, result.issues);
  return result.value;
}

/**
 * Keeps the entries of a list that match the schema and drops the rest: the spec shows alerts, navigation
 * and social entries only if they are objects, so one malformed entry must not take the others down.
 */
export function keepValidEntries<S extends TSchema>(schema: S, list: unknown, onDropped?: (entry: unknown, issues: ValidationIssue[]) => void): Static<S>[] {
  if (!Array.isArray(list)) return [];
  const kept: Static<S>[] = [];
  for (const entry of list) {
    const result = validate(schema, entry);
    if (result.ok) kept.push(result.value);
    else onDropped?.(entry, result.issues);
  }
  return kept;
}

/** True for a plain, non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for an object with at least one key (the spec shows an alert link only if it is a non-empty object). */
export function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && Object.keys(value).length > 0;
}
