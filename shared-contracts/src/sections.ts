import { Type, type Static } from '@sinclair/typebox';
import type { SectionDescriptor } from './api/page';
import type { ApiClient } from './client';
import type { Locale } from './locale';

/** What the shell gives a section loader: everything it may use to fetch its own data. */
export interface SectionLoadContext {
  locale: Locale;
  api: ApiClient;
  /** The page path without the locale prefix, e.g. `/news`. */
  path: string;
  /** The page's query string parameters (first value of each key). */
  query: Readonly<Record<string, string>>;
  /** Aborted when the section's time budget is spent or the navigation is abandoned. */
  signal: AbortSignal;
  /** True during server rendering. */
  isServer: boolean;
}

/** A section's optional data loader, run during SSR and on client navigation, under a time budget. */
export type SectionLoader<P = Record<string, unknown>, D = unknown> = (context: SectionLoadContext, descriptor: SectionDescriptor<P>) => Promise<D>;

export const SectionMetaSchema = Type.Object({
  name: Type.String({ pattern: '^[A-Z][A-Za-z0-9]{1,63}$' }),
  /** Default laziness: a lazy section renders on the client once it nears the viewport. */
  lazy: Type.Optional(Type.Boolean()),
  /** Time budget for the loader, in milliseconds; the shell's default applies when absent. */
  loadBudgetMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  /**
   * Whether the section needs its code in the browser to be what it is (default true). False: the section has no
   * interactive parts, so its server HTML is final on a server-rendered page and its code loads only when the
   * browser itself must render it (after a client navigation). Links, GET forms (a search box) and the design
   * system's share links work without the code: the shell sends them through the router. The server HTML is kept
   * only while the page shows the location the server rendered: a link that changes the query (a tab) makes the
   * shell render the section with its code from the new location. A section interactive only with some data (an
   * article with videos) says so per instance with its module's `hydrates`.
   */
  hydrate: Type.Optional(Type.Boolean()),
  /**
   * The page query parameters the section reads (in its loader or while rendering). Only declared parameters reach
   * the section and the page's cache key; any other one is dropped before the page is rendered.
   */
  query: Type.Optional(Type.Array(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), { maxItems: 32 })),
});
export type SectionMeta = Static<typeof SectionMetaSchema>;

export type SectionMessages = Partial<Record<Locale, Record<string, string>>>;

/** Props every section component receives from the shell. */
export interface SectionProps<P = Record<string, unknown>, D = unknown> {
  descriptor: SectionDescriptor<P>;
  /** What the section's loader returned; undefined when it has no loader. */
  data: D;
}

/**
 * The module a remote exposes for each section. `Component` is the UI library's component type;
 * contracts stay free of React, so the UI package binds it.
 */
export interface SectionModule<Component = unknown, P = Record<string, unknown>, D = unknown> {
  default: Component;
  load?: SectionLoader<P, D>;
  meta: SectionMeta;
  /**
   * Whether this instance, with the data its loader returned, needs its code in the browser (when `meta.hydrate` is
   * not false). False makes it static on the server-rendered page, as `meta.hydrate: false` does for every instance:
   * a news article without videos has nothing interactive, one with a video player does. A function that throws
   * counts as true.
   */
  hydrates?: (data: D) => boolean;
  /** The team's messages, by locale; the shell provides them to the section's intl context. */
  messages?: SectionMessages;
}
