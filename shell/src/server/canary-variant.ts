import { randomInt } from 'node:crypto';
import { CANARY_BUCKETS, type RemoteCatalog } from '../federation/catalog';

/** The visitor's stable bucket (0–99): which canaries they get. Set by the server, read by the server only. */
export const BUCKET_COOKIE = 'site_bucket';
/**
 * The variant the visitor was last served (`news`, `events.news`; absent for the stable versions). Caches in front
 * of the shells key pages on it (the nginx template's `$cookie_site_variant`), so it must say what the page holds.
 */
export const VARIANT_COOKIE = 'site_variant';

const YEAR_SECONDS = 365 * 24 * 3600;
const COOKIE_ATTRIBUTES = `Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax; HttpOnly`;

export interface VisitorVariant {
  /** The variant id the page is rendered for: part of the render cache key (`''`: every remote's stable version). */
  variant: string;
  /** Set-Cookie values to send with the answer (outside the cached page). */
  setCookies: string[];
  /**
   * Whether a shared cache keyed on the request's variant cookie may keep the answer: only when the request already
   * named the variant served and no cookie is set. Otherwise the answer is private.
   */
  shareable: boolean;
  /** Whether pages differ by visitor right now (a canary is live): the answer varies by Cookie for other caches. */
  varies: boolean;
}

function parseBucket(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,2}$/.test(value)) return null;
  const bucket = Number(value);
  return bucket < CANARY_BUCKETS ? bucket : null;
}

/**
 * Which variant of the remotes a visitor gets. While no canary is live nothing is set and every visitor shares one
 * variant. While one is, a visitor gets a bucket (random, once, kept in a cookie for a year) and so sticks to the
 * same versions on every page and visit; the page is rendered and cached per variant (at most 2^k with k canaries),
 * never per visitor. The browser hydrates with the versions the server used: they travel in the page's state.
 */
export function visitorVariant(
  catalog: RemoteCatalog,
  cookies: Record<string, string | undefined>,
  newBucket: () => number = () => randomInt(CANARY_BUCKETS),
): VisitorVariant {
  const requested = cookies[VARIANT_COOKIE] ?? '';
  const setCookies: string[] = [];
  let variant = '';
  if (catalog.canaries.size > 0) {
    let bucket = parseBucket(cookies[BUCKET_COOKIE]);
    if (bucket === null) {
      bucket = newBucket();
      setCookies.push(`${BUCKET_COOKIE}=${bucket}; ${COOKIE_ATTRIBUTES}`);
    }
    variant = catalog.variantFor(bucket);
  }
  if (variant !== requested)
    setCookies.push(variant ? `${VARIANT_COOKIE}=${variant}; ${COOKIE_ATTRIBUTES}` : `${VARIANT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax; HttpOnly`);
  return { variant, setCookies, shareable: setCookies.length === 0, varies: catalog.canaries.size > 0 };
}
