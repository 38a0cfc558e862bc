import type { TSchema } from '@sinclair/typebox';
import type { ValidationIssue } from './validate';

/**
 * The browser's account of a value that does not match its schema: one issue at the root, without TypeBox's error
 * iterator and its message texts. The server validates the same data with every
 * issue named (`validate-issues.ts`); in the browser a mismatch only decides what is shown.
 */
export function issuesOf(_schema: TSchema, _value: unknown, _limit: number): ValidationIssue[] {
  return [{ path: '/', message: 'Expected a value matching the schema' }];
}
