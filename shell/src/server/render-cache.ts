import type { Locale } from '@site/contracts';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);

/** Below this size a page is kept and sent as it is: compression would not pay. */
const COMPRESS_FROM_BYTES = 1024;

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

/**
 * Rendered pages in memory, bounded in bytes (compressed variants counted), least recently used first out; and
 * one render at a time per key, so a crowd asking for the same stale or new page costs one render.
 */
export class RenderCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage>>();
  private readonly compressing = new WeakMap<CachedPage, Partial<Record<'br' | 'gzip', Promise<Buffer>>>>();
  private readonly declarations = new Map<string, QueryDeclaration>();
  private totalBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
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
    this.keep(page, coding, body);
    return body;
  }

  /** Adds an encoding to an entry, and lets its original go once the brotli copy exists. */
  private keep(page: CachedPage, coding: 'br' | 'gzip', body: Buffer): void {
    const stored = this.entries.get(page.key) === page;
    page.encoded[coding] = body;
    let change = body.length;
    if (coding === 'br' && page.html && stored) {
      change -= page.html.length;
      page.html = null;
    }
    page.bytes += change;
    if (stored) {
      this.totalBytes += change;
      this.evict();
    }
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** The cached page without touching the LRU order. */
  peek(key: string): CachedPage | undefined {
    return this.entries.get(key);
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

  set(key: string, page: RenderedPage, revisions: { content: string | null; catalog: number }, now = Date.now()): CachedPage {
    const entry = this.detached(key, page, revisions, now);
    // Compressed right away, so that the entry shrinks to its brotli copy (errors only leave it uncompressed).
    if (page.html.length >= COMPRESS_FROM_BYTES) void this.body(entry, 'br').catch(() => undefined);
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.totalBytes -= previous.bytes;
    }
    if (entry.bytes > this.maxBytes / 4) return entry;
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evict();
    return entry;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  /** The declaration learned for an address (path and variant) at these revisions, if any. */
  declarationOf(address: string, revisions: { content: string | null; catalog: number }): QueryDeclaration | undefined {
    const found = this.declarations.get(address);
    return found && found.contentRevision === revisions.content && found.catalogRevision === revisions.catalog ? found : undefined;
  }

  /** Remembers an address's declaration; the oldest learned goes first when the table is full. */
  declare(address: string, declaration: QueryDeclaration): void {
    this.declarations.delete(address);
    if (this.declarations.size >= MAX_DECLARATIONS) this.declarations.delete(this.declarations.keys().next().value!);
    this.declarations.set(address, declaration);
  }

  /** Runs `render` unless a render of the same key is under way, in which case its result is shared. */
  renderOnce(key: string, render: () => Promise<CachedPage>): Promise<CachedPage> {
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = render().finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  isRendering(key: string): boolean {
    return this.inflight.has(key);
  }

  /** Drops the least recently used entries until the bound holds. */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.totalBytes -= entry.bytes;
    }
  }
}
