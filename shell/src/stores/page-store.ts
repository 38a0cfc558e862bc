import { makeAutoObservable, observableRef } from 'mobx';
import type { ApiError, Page, SectionDescriptor } from '@site/contracts';

type SectionStatus = 'ready' | 'deferred' | 'missing' | 'unavailable' | 'failed';

/** One section of the page as rendered: where it came from and the data its loader returned. */
export interface SectionView {
  descriptor: SectionDescriptor;
  status: SectionStatus;
  remote?: string;
  version?: string;
  lazy?: boolean;
  /**
   * The section declared it has no interactive parts (`meta.hydrate: false`): on a server-rendered page the browser
   * keeps its server HTML as it is and never loads its code.
   */
  staticHtml?: boolean;
  data?: unknown;
  /** Why the section is not ready (for logs and the dashboard; never shown to visitors). */
  reason?: string;
}

export interface PageView {
  /** The route name, e.g. `slug___en`. */
  routeName: string;
  slug: string;
  title: string;
  seo?: Page['seo'];
  watchQuery?: Page['watchQuery'];
  /** The query parameters that may change this page (the route's, the page's and its sections'), sorted. */
  queryParams?: string[];
  sections: SectionView[];
  /** The path and query this view was loaded for. */
  path: string;
  search: string;
}

/** The error the error page sets about itself when it is opened directly. */
export const ERROR_PAGE_OWN_MESSAGE = 'Page not found';

export interface PageError extends ApiError {
  /** The error page's own texts are chosen by status; this is what the backend said. */
  cause?: string;
  /** The page exists, but its address's query failed the page's validation: another query may show it. */
  dependsOnQuery?: boolean;
}

export interface PageSnapshot {
  current: PageView | null;
  error: PageError | null;
  fetchedAt: number | null;
}

/**
 * The page being shown, its fetch state (pending, error, timestamp) and the flat list of pages loaded so far
 * (one entry per slug and route name; loading a page again replaces its entry).
 */
export class PageStore {
  current: PageView | null = null;
  error: PageError | null = null;
  pending = false;
  fetchedAt: number | null = null;
  pages: PageView[] = [];

  constructor(snapshot?: PageSnapshot) {
    if (snapshot) {
      this.current = snapshot.current;
      this.error = snapshot.error;
      this.fetchedAt = snapshot.fetchedAt;
      if (snapshot.current) this.pages = [snapshot.current];
    }
    // Page views are immutable values (updates replace them), so references are observed, not their contents.
    makeAutoObservable(this, { current: observableRef, error: observableRef, pages: observableRef });
  }

  startLoading(): void {
    this.pending = true;
  }

  stopLoading(): void {
    this.pending = false;
  }

  show(view: PageView, at: number = Date.now()): void {
    this.current = view;
    this.error = null;
    this.pending = false;
    this.fetchedAt = at;
    this.pages = [...this.pages.filter((page) => page.slug !== view.slug || page.routeName !== view.routeName), view];
  }

  fail(error: PageError, at: number = Date.now()): void {
    this.error = error;
    this.pending = false;
    this.fetchedAt = at;
  }

  /** Replaces one section's view, e.g. when a deferred section finishes loading in the browser. */
  updateSection(id: string, change: Partial<SectionView>): void {
    if (!this.current) return;
    this.current = {
      ...this.current,
      sections: this.current.sections.map((section) => (section.descriptor.id === id ? { ...section, ...change } : section)),
    };
  }

  get title(): string | null {
    return this.current?.seo?.title || this.current?.title || null;
  }

  snapshot(): PageSnapshot {
    return { current: this.current, error: this.error, fetchedAt: this.fetchedAt };
  }
}
