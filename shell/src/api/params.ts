import type { QueryParams } from '@site/contracts';

/** The query parameter every GET carries so that no intermediate cache answers it with stale data. */
export const TIMESTAMP_PARAM = 't';

/** Arrays become comma lists (`categories=a,b`), empty values are left out, everything is URL-encoded. */
export function serializeParams(params: QueryParams): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    if (Array.isArray(value) && value.length === 0) continue;
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  }
  return parts.join('&');
}
