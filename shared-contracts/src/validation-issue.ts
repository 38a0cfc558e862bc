/** Where a value does not match its contract, and why. */
export interface ValidationIssue {
  /** JSON pointer of the offending value, `/` for the root. */
  path: string;
  message: string;
}
