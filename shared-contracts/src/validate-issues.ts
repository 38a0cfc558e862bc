import type { TSchema } from '@sinclair/typebox';
import { Errors } from '@sinclair/typebox/errors';
import type { ValidationIssue } from './validation-issue';

/**
 * Where and why a value does not match its schema, in TypeBox's words (at most `limit` issues). The browser build of the
 * package (scripts/compile-checkers.js) has `compiledIssues` here: the error iterator and its message texts stay on
 * the server.
 */
export function issuesOf(schema: TSchema, value: unknown, limit: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const error of Errors(schema, value)) {
    issues.push({ path: error.path || '/', message: error.message });
    if (issues.length >= limit) break;
  }
  return issues;
}
