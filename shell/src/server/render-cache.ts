import type { Locale } from '@site/contracts';
import { LRUCache } from 'lru-cache';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

/** Below this size a page is kept and sent as it is: compression would not pay. */
const COMPRESS_FROM_BYTES = 1024;

/** A degraded page (a section fell back) is fresh this long only, so a passing fault does not stick for a minute. */
const DEGRADED_FRESH_MS = 5_000;

/** Statuses whose pages are the same for everyone until the content changes; anything else is rendered each time. */
const CACHEABLE_STATUSES = new Set([200, 301, 302, 307, 308, 404]);

export function isCacheableStatus(status: number): boolean {
  return CACHEABLE_STATUSES.has(status);
}

export type ContentCoding = 'br' | 'gzip' | 'identity';

/** One rendered answer as every visitor gets it: nothing in it depends on who asked. */
export interface RenderedPage {
  status: number;
  /** Set for redirects (backend redirects are the same for every visitor too). */
  location?: string;
  html: Buffer;
  headers: Record<string, string>;
  /** A section fell back (a remote or loader failed): worth replacing soon, never worth replacing a good page. */
  degraded: boolean;
  /** The query parameters the answer depends on (sorted); null: the whole query (a redirect carries it). */
  queryParams?: readonly string[] | null;
  /** Set on a "not found" page: it is the same for every unknown address of this locale. */
  notFound?: Locale;
  /** The answer holds for this query only (a query that failed the page's validation): nothing to learn about the address. */
  queryDependent?: boolean;
  /** `remote@version` of every section rendered with a remote's code: what each view's page token names. */
  versions?: string[];
}

/**
 * A cached page with the revisions it was rendered at and its encodings, made once and reused. Once its brotli copy
 * exists the page is kept compressed only (a fifth of the memory or less): browsers take brotli, and the rare client
 * that wants the page as it is gets it decompressed on the way out.
 */
export interface CachedPage extends Omit<RenderedPage, 'html'> {
  /** The page as rendered; null once only its compressed copies are kept. */
  html: Buffer | null;
  key: string;
  etag: string;
  renderedAt: number;
  contentRevision: string | null;
  catalogRevision: number;
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
  bytes: number;
}

/** How a page answer was made, as the `x-page-cache` header names it (for operators, tests, benchmarks and metrics). */
export type CacheOutcome = 'hit' | 'stale' | 'miss' | 'stale-if-error' | 'bypass';

/**
 * How a request may use what the cache holds: `allowStale`, a page past its fresh time is answered at once while
 * one render in the background replaces it; otherwise the request waits for a new render (the content moved), and
 * `staleIfError` lets the page held stand in when that render fails.
 */
export interface FetchPolicy {
  allowStale: boolean;
  staleIfError: boolean;
}

/**
 * Renders the page of a key. The page it returns is kept under that key when its `key` is the one asked for and its
 * status is cacheable; a page it kept elsewhere (see `keep`) or shares (one "not found" page per locale) is only
 * answered. A 5xx page is a failed render: the cache keeps what it had.
 */
export type RenderPage = (stale: CachedPage | undefined) => Promise<CachedPage>;

/** A render that failed (5xx): answered when no stale page may stand in. */
class RenderFailure extends Error {
  constructor(readonly page: CachedPage) {
    super(`page render failed with ${page.status}`);
  }
}

const ENTRY_OVERHEAD_BYTES = 512;

/** How many addresses' query declarations are remembered (about 200 bytes each). */
const MAX_DECLARATIONS = 20_000;

/**
 * What a page's address depends on, as its last render at these revisions found: the query parameters it declares
 * (null: the whole query, for a redirect that carries it), or that the address is not found (one page per locale).
 */
export interface QueryDeclaration {
  params: readonly string[] | null;
  notFound?: Locale;
  contentRevision: string | null;
  catalogRevision: number;
}

function entityTag(html: Buffer): string {
  return createHash('sha1').update(html).digest('base64url').slice(0, 27);
}

const sameRevisions = (a: CachedPage, b: CachedPage) => a.contentRevision === b.contentRevision && a.catalogRevision === b.catalogRevision;

/**
 * Rendered pages in memory (lru-cache): bounded in bytes with compressed variants counted, least recently used first
 * out, no page over a quarter of the bound; fresh for `freshMs` (a degraded page for a few seconds), then served stale
 * while one render per key replaces it, and kept when that render fails (stale-if-error).
 */
export class RenderCache {
  private readonly pages: LRUCache<string, CachedPage, RenderPage>;
  private readonly declarations = new LRUCache<string, QueryDeclaration>({ max: MAX_DECLARATIONS });
  private readonly compressing = new WeakMap<CachedPage, Partial<Record<'br' | 'gzip', Promise<Buffer>>>>();
  /** Keys with a render under way: their slot holds the render, not a page to resize. */
  private readonly rendering = new Set<string>();
  /** A size that no entry may have: what a render that is not kept under its key is given. */
  private readonly notKept: number;

  constructor(maxBytes: number, options: { freshMs: number }) {
    const maxEntrySize = Math.max(1, Math.floor(maxBytes / 4));
    this.notKept = maxEntrySize + 1;
    this.pages = new LRUCache<string, CachedPage, RenderPage>({
      maxSize: maxBytes,
      maxEntrySize,
      sizeCalculation: (page) => page.bytes,
      ttl: options.freshMs,
      // Past its fresh time a page stays until it is replaced or evicted: stale-while-revalidate and stale-if-error.
      noDeleteOnStaleGet: true,
      noDeleteOnFetchRejection: true,
      // A render whose slot was evicted or replaced meanwhile still answers the requests that wait for it.
      ignoreFetchAbort: true,
      fetchMethod: (key, stale, { options, context: render }) => this.renderAndKeep(key, stale, options, render),
    });
  }

  get size(): number {
    return this.pages.size;
  }

  get bytes(): number {
    return this.pages.calculatedSize;
  }

  /** The body of a page in the coding asked for (or as it is, for a small page), compressed once per entry. */
  async body(page: CachedPage, coding: ContentCoding): Promise<{ body: Buffer; coding: ContentCoding }> {
    if (page.html && page.html.length < COMPRESS_FROM_BYTES) return { body: page.html, coding: 'identity' };
    if (coding === 'identity') return { body: page.html ?? (await unbrotli(page.encoded.br!)), coding };
    const existing = page.encoded[coding];
    if (existing) return { body: existing, coding };
    // One compression per entry and coding, however many requests ask for it meanwhile.
    const pending = this.compressing.get(page) ?? this.compressing.set(page, {}).get(page)!;
    pending[coding] ??= this.compress(page, coding);
    return { body: await pending[coding], coding };
  }

  private async compress(page: CachedPage, coding: 'br' | 'gzip'): Promise<Buffer> {
    const source = page.html ?? (await unbrotli(page.encoded.br!));
    const body =
      coding === 'br'
        ? await brotli(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } })
        : await gzip(source, { level: 6 });
    page.encoded[coding] = body;
    page.bytes += body.length;
    this.recount(page);
    return body;
  }

  /** A kept page grew: the cache counts it anew, with the fresh time it had left (a stale page stays stale). */
  private recount(page: CachedPage): void {
    if (this.rendering.has(page.key) || this.peek(page.key) !== page) return;
    const remaining = this.pages.getRemainingTTL(page.key);
    this.pages.delete(page.key);
    this.pages.set(page.key, page, { ttl: Math.max(1, Math.floor(Number.isFinite(remaining) ? remaining : 1)) });
  }

  /** The page kept under a key, fresh or stale, without touching the LRU order. */
  peek(key: string): CachedPage | undefined {
    return this.pages.peek(key, { allowStale: true });
  }

  /** A page in cache form that is not kept (not cacheable, or the cache is off). */
  detached(key: string, page: RenderedPage, revisions: { content: string | null; catalog: number }, now = Date.now()): CachedPage {
    return {
      ...page,
      key,
      etag: entityTag(page.html),
      renderedAt: now,
      contentRevision: revisions.content,
      catalogRevision: revisions.catalog,
      encoded: {},
      bytes: page.html.length + key.length + ENTRY_OVERHEAD_BYTES,
    };
  }

  /**
   * Keeps a page under its own key and returns what is kept there. A degraded page never replaces a complete page of
   * the same revisions: the complete one stays, fresh for a few seconds only, so that it is retried soon.
   */
  async keep(page: CachedPage): Promise<CachedPage> {
    const options: LRUCache.SetOptions<string, CachedPage, RenderPage> = {};
    const kept = await this.prepare(page, this.peek(page.key), options);
    this.pages.set(page.key, kept, options);
    return kept;
  }

  /**
   * The page of a key: the one kept while it is fresh, else a new render, one per key however many requests ask
   * meanwhile (see FetchPolicy for what a request gets while it runs or when it fails).
   */
  async fetch(key: string, render: RenderPage, policy: FetchPolicy): Promise<{ page: CachedPage; outcome: Exclude<CacheOutcome, 'bypass'> }> {
    const held = this.peek(key);
    const status: LRUCache.Status<string, CachedPage, RenderPage> = {};
    let page: CachedPage | undefined;
    try {
      page = await this.pages.fetch(key, {
        context: render,
        allowStale: policy.allowStale,
        forceRefresh: !policy.allowStale,
        allowStaleOnFetchRejection: policy.staleIfError,
        status,
      });
    } catch (error) {
      if (error instanceof RenderFailure) return { page: error.page, outcome: 'miss' };
      throw error;
    }
    if (!page) throw new Error(`no page for ${key}`);
    if (status.fetch === 'hit') return { page, outcome: 'hit' };
    if (page === held) return { page, outcome: policy.allowStale ? 'stale' : 'stale-if-error' };
    return { page, outcome: 'miss' };
  }

  private async renderAndKeep(
    key: string,
    stale: CachedPage | undefined,
    options: LRUCache.FetcherFetchOptions<string, CachedPage, RenderPage>,
    render: RenderPage,
  ): Promise<CachedPage> {
    this.rendering.add(key);
    try {
      const page = await render(stale);
      if (page.status >= 500) throw new RenderFailure(page);
      if (page.key !== key || !isCacheableStatus(page.status)) {
        // Answered, not kept here: too large to keep, as far as the cache is concerned.
        options.size = this.notKept;
        return page;
      }
      return await this.prepare(page, stale, options);
    } finally {
      this.rendering.delete(key);
    }
  }

  /** What to keep of a new page beside the one held, and for how long; a page to keep is compressed first. */
  private async prepare(page: CachedPage, held: CachedPage | undefined, options: { ttl?: number }): Promise<CachedPage> {
    if (page.degraded) {
      options.ttl = DEGRADED_FRESH_MS;
      if (held && !held.degraded && sameRevisions(held, page)) return held;
    }
    if (page.html && page.html.length >= COMPRESS_FROM_BYTES) {
      // Kept as its brotli copy only (an error only leaves it uncompressed).
      await this.body(page, 'br').catch(() => undefined);
      if (page.encoded.br) {
        page.bytes -= page.html.length;
        page.html = null;
      }
    }
    return page;
  }

  /** The declaration learned for an address (path and variant) at these revisions, if any. */
  declarationOf(address: string, revisions: { content: string | null; catalog: number }): QueryDeclaration | undefined {
    const found = this.declarations.peek(address);
    return found && found.contentRevision === revisions.content && found.catalogRevision === revisions.catalog ? found : undefined;
  }

  /** Remembers an address's declaration; the least recently learned goes first when the table is full. */
  declare(address: string, declaration: QueryDeclaration): void {
    this.declarations.set(address, declaration);
  }
}
