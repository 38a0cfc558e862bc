/**
 * HTTP byte ranges (RFC 9110, section 14) for served files: browsers fetch video in pieces and seek by asking for
 * the bytes they need. One range per request is what media elements ask for; a request for several ranges gets
 * the whole file (a server may ignore Range), which every client handles.
 */
export type RangeAnswer =
  /** No usable Range: answer 200 with the whole file. */
  | { kind: 'whole' }
  /** 206 with bytes start..end (inclusive). */
  | { kind: 'partial'; start: number; end: number }
  /** 416: the range starts beyond the file (or asks for its last 0 bytes). */
  | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * What to answer for a `Range` header on a file of `size` bytes. A header that is not a single byte range
 * (another unit, several ranges, garbage) is ignored as the RFC asks; a well-formed range that lies outside the
 * file is unsatisfiable.
 */
export function rangeAnswer(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  // Digits only, so Number() is exact or very large; a huge end is clipped to the file, a huge start lies past it.
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/**
 * Whether an `If-Range` validator still names this version of the file: only then may a range be answered
 * (otherwise the client would splice bytes of two versions). Only strong entity tags count.
 */
export function ifRangeHolds(ifRange: string | undefined, etag: string): boolean {
  if (ifRange === undefined) return true;
  return ifRange.trim() === etag;
}
