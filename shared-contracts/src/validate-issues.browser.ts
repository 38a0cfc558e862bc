import type { TSchema } from '@sinclair/typebox';
import type { ValidationIssue } from './validation-issue';

const MISMATCH = 'Expected a value matching the schema';

/** A form's compiled checker carries one checker per field (compiled-contracts.js, for schemas marked by `formSchema`). */
interface FieldCheckers {
  fields?: Record<string, (value: unknown) => boolean>;
  required?: string[];
}

/**
 * The browser's account of a value that does not match its schema, without TypeBox's error iterator and its message
 * texts: one issue per wrong field for a form's schema (the form shows its own message there), otherwise one issue at
 * the root. The server validates the same data with every issue named (`validate-issues.ts`).
 */
export function issuesOf(schema: TSchema, value: unknown, limit: number): ValidationIssue[] {
  const { fields, required = [] } = schema as unknown as FieldCheckers;
  if (fields && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const issues: ValidationIssue[] = [];
    for (const [field, check] of Object.entries(fields)) {
      const fieldValue = (value as Record<string, unknown>)[field];
      if (fieldValue === undefined && !required.includes(field)) continue;
      if (!check(fieldValue)) issues.push({ path: `/${field}`, message: MISMATCH });
      if (issues.length >= limit) break;
    }
    if (issues.length > 0) return issues;
  }
  return [{ path: '/', message: MISMATCH }];
}
