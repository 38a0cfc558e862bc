import { parseContract, SitemapResponseSchema, type SitemapEntry } from '@site/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { GuardedApiClient } from '../../api/guarded-client';
import type { ContentRevision } from '../content-revision';

export interface SitemapListing {
  entries: SitemapEntry[];
  changedAt: string | null;
  /** The content revision the listing was read at. */
  revision: string | null;
}

/**
 * The content API's list of public addresses, read once per content revision and kept: while the API is down the
 * last listing read stands in, so `/sitemap.xml` keeps answering. One read at a time, under the API's time budget.
 */
export class SitemapSource {
  private listing: SitemapListing | null = null;
  private inflight: Promise<SitemapListing> | null = null;

  constructor(
    private readonly api: Pick<GuardedApiClient, 'get'>,
    private readonly revision: Pick<ContentRevision, 'current'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /** The listing of the current revision; the last one read when the API cannot give it; an error when none was ever read. */
  async get(): Promise<SitemapListing> {
    const current = this.revision.current;
    if (this.listing && current !== null && this.listing.revision === current) return this.listing;
    try {
      return await this.refresh();
    } catch (error) {
      if (this.listing) return this.listing;
      throw error;
    }
  }

  refresh(): Promise<SitemapListing> {
    const revision = this.revision.current;
    this.inflight ??= this.api
      .get('sitemap')
      .then((body) => {
        const { data } = parseContract('sitemap', SitemapResponseSchema, body);
        this.listing = { entries: data.entries, changedAt: data.changedAt, revision };
        return this.listing;
      })
      .catch((error: unknown) => {
        this.log.warn({ err: error, kept: this.listing?.revision ?? null }, 'sitemap listing unavailable: the last one read stays in use');
        throw error;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }
}
