/** The end of the reference day on the campus clock: no seeded change is later than "today". */
function endOfReferenceDay(referenceDate: string): number {
  return Date.parse(`${referenceDate}T23:59:59+03:00`);
}

/**
 * When a seeded item last changed: `hours` after `from` (an ISO time, or a day at 10:00 campus time), never after
 * the reference day, as an ISO time. Each item gets its own, so the sitemap's `lastmod` and `dateModified` differ.
 */
export function seededChangeTime(from: string, hours: number, referenceDate: string): string {
  const start = Date.parse(/T/.test(from) ? from : `${from}T10:00:00+03:00`);
  return new Date(Math.min(start + hours * 3_600_000, endOfReferenceDay(referenceDate))).toISOString();
}
