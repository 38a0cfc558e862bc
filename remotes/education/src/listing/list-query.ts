/**
 * Reading the page's query for list endpoints. The page's URL is the visitor's to edit: values the API would
 * refuse (and fail the section with) are dropped here instead.
 */

/** The API's longest free-text query. */
export const MAX_TEXT_QUERY_LENGTH = 200;
const MAX_PAGE = 10_000;
const ID = /^[a-z0-9-]{1,64}$/;

export function pageFromQuery(value: string | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

export function textFromQuery(value: string | undefined): string {
  return (value ?? '').trim().slice(0, MAX_TEXT_QUERY_LENGTH);
}

export function idFromQuery(value: string | undefined): string | undefined {
  const id = value?.trim();
  return id && ID.test(id) ? id : undefined;
}

/** A comma list of ids (`level=beginner,advanced`), without duplicates or malformed entries. */
export function idListFromQuery(value: string | undefined): string[] {
  const ids = (value ?? '').split(',').map((entry) => entry.trim());
  return [...new Set(ids.filter((id) => ID.test(id)))];
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
