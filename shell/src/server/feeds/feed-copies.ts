import { createHash } from 'node:crypto';

/** One written feed or calendar, as it was last made from the content API. */
export interface FeedCopy {
  body: string;
  etag: string;
  /** The content revision it was made from (null when the revision was unknown). */
  revision: string | null;
  madeAt: number;
}

/** The body without the time it was written (DTSTAMP, lastBuildDate): equal for equal content. */
function contentOf(body: string): string {
  return body.replace(/^DTSTAMP:.*$/gm, '').replace(/<lastBuildDate>[^<]*<\/lastBuildDate>/, '');
}

/**
 * A copy of a freshly made body. When its content is the one of the previous copy, the previous body (and so its
 * ETag) stays: readers that revalidate get 304 until something they would see has changed.
 */
export function makeCopy(body: string, revision: string | null, madeAt: number, previous?: FeedCopy): FeedCopy {
  if (previous && contentOf(previous.body) === contentOf(body)) return { ...previous, revision, madeAt };
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, revision, madeAt };
}

/**
 * The last good copy of each feed and calendar, shared by every request (they are the same for every visitor): served
 * as they are while the content revision stays and they are young, and as the fallback while the content API is
 * down. Bounded: the least recently used copy goes first (per-event calendars are many).
 */
export class FeedCopies {
  private readonly copies = new Map<string, FeedCopy>();

  constructor(private readonly maxEntries = 500) {}

  get(key: string): FeedCopy | undefined {
    const copy = this.copies.get(key);
    if (copy) {
      this.copies.delete(key);
      this.copies.set(key, copy);
    }
    return copy;
  }

  /** The copy without marking it used. */
  peek(key: string): FeedCopy | undefined {
    return this.copies.get(key);
  }

  set(key: string, copy: FeedCopy): void {
    this.copies.delete(key);
    this.copies.set(key, copy);
    while (this.copies.size > this.maxEntries) this.copies.delete(this.copies.keys().next().value!);
  }

  delete(key: string): void {
    this.copies.delete(key);
  }
}
