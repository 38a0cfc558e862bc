import { SectionDescriptorSchema, validate, type SectionDescriptor, type SectionLoadContext, type SectionModule } from '@site/contracts';
import type { SectionView } from '../stores/page-store';

export type SectionResolution =
  | { ok: true; module: SectionModule; remote: string; version: string }
  | { ok: false; kind: 'missing' | 'unavailable' | 'timeout' | 'error'; message: string; remote?: string; version?: string };

/** Where section modules come from: the Node containers on the server, the browser containers in the browser. */
export interface SectionModuleSource {
  resolve(sectionName: string): Promise<SectionResolution>;
}

export interface ResolvedSections {
  views: SectionView[];
  /** Modules by section id, for rendering (never serialized). */
  modules: Map<string, SectionModule>;
  /** Every query parameter that may change these sections: the page's and those each resolved section declares. */
  queryParams: string[];
}

export interface ResolveOptions {
  /** Default time budget of a section loader, when the section does not declare its own. */
  loaderBudgetMs: number;
  /**
   * The query parameters the page itself declares. A loader sees these and the ones its section declares
   * (`meta.query`), no others: a parameter nobody declared cannot change the HTML, so it stays out of the cache key.
   * Absent: loaders see the whole query.
   */
  pageQueryParams?: readonly string[];
  log?: (event: { section: string; id: string; outcome: string; message?: string; remote?: string }) => void;
}

class LoaderTimeout extends Error {}

/** Validates descriptors one by one: a malformed one degrades itself, not the page. */
export function readDescriptors(components: unknown[]): Array<{ descriptor: SectionDescriptor; problem: string | null }> {
  const seen = new Set<string>();
  return components.map((raw, index) => {
    const result = validate(SectionDescriptorSchema, raw);
    const rawObject = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const descriptor: SectionDescriptor = result.ok
      ? result.value
      : {
          id: typeof rawObject.id === 'string' && rawObject.id ? rawObject.id : `section-${index}`,
          name: typeof rawObject.name === 'string' ? rawObject.name : 'Unknown',
          props: {},
        };
    let id = descriptor.id;
    for (let n = 2; seen.has(id); n += 1) id = `${descriptor.id}-${n}`;
    seen.add(id);
    const problem = result.ok ? null : result.issues.map((issue) => `${issue.path} ${issue.message}`).join('; ');
    return { descriptor: { ...descriptor, id }, problem };
  });
}

async function runLoader(
  module: SectionModule,
  descriptor: SectionDescriptor,
  context: Omit<SectionLoadContext, 'signal'>,
  budgetMs: number,
  parentSignal?: AbortSignal,
): Promise<unknown> {
  if (!module.load) return undefined;
  const controller = new AbortController();
  const abort = () => controller.abort();
  parentSignal?.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      module.load({ ...context, signal: controller.signal }, descriptor),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new LoaderTimeout(`loader took longer than ${budgetMs} ms`));
        }, budgetMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    parentSignal?.removeEventListener('abort', abort);
  }
}

/**
 * Resolves every section of a page in parallel: finds its module, runs its loader within the budget, and
 * records the outcome as a {@link SectionView}. Nothing here throws: each failure degrades one section.
 */
export async function resolveSections(
  components: unknown[],
  source: SectionModuleSource,
  context: Omit<SectionLoadContext, 'signal'>,
  options: ResolveOptions,
  signal?: AbortSignal,
): Promise<ResolvedSections> {
  const modules = new Map<string, SectionModule>();
  const queryParams = new Set(options.pageQueryParams ?? []);
  const views = await Promise.all(
    readDescriptors(components).map(async ({ descriptor, problem }): Promise<SectionView> => {
      const report = (outcome: string, message?: string, remote?: string) =>
        options.log?.({ section: descriptor.name, id: descriptor.id, outcome, ...(message ? { message } : {}), ...(remote ? { remote } : {}) });
      if (problem) {
        report('invalid', problem);
        return { descriptor, status: 'failed', reason: `invalid descriptor: ${problem}` };
      }
      const resolution = await source.resolve(descriptor.name);
      if (!resolution.ok) {
        // A module the server could not load in time (or at all) may still load in the browser from the browser
        // container; a remote known to be down or refused is not tried again there.
        const status = resolution.kind === 'missing' ? 'missing' : resolution.kind === 'unavailable' ? 'unavailable' : 'deferred';
        report(resolution.kind, resolution.message, resolution.remote);
        return {
          descriptor,
          status,
          reason: resolution.message,
          ...(resolution.remote ? { remote: resolution.remote } : {}),
          ...(resolution.version ? { version: resolution.version } : {}),
        };
      }
      const { module, remote, version } = resolution;
      const declared = Array.isArray(module.meta.query) ? module.meta.query.filter((name) => typeof name === 'string') : [];
      for (const name of declared) queryParams.add(name);
      const sectionContext = options.pageQueryParams ? { ...context, query: pick(context.query, [...options.pageQueryParams, ...declared]) } : context;
      const lazy = descriptor.lazy ?? module.meta.lazy ?? false;
      const base = { descriptor, remote, version, lazy, ...(module.meta.hydrate === false ? { staticHtml: true } : {}) };
      try {
        const data = await runLoader(module, descriptor, sectionContext, module.meta.loadBudgetMs ?? options.loaderBudgetMs, signal);
        modules.set(descriptor.id, module);
        return { ...base, ...(hydratesWith(module, data) ? {} : { staticHtml: true }), status: 'ready', data };
      } catch (error) {
        if (error instanceof LoaderTimeout) {
          // Too slow for this render: the browser loads it after hydration.
          report('loader-timeout', error.message, remote);
          return { ...base, status: 'deferred', reason: error.message };
        }
        const message = error instanceof Error ? error.message : JSON.stringify(error);
        report('loader-error', message, remote);
        return { ...base, status: 'failed', reason: `loader failed: ${message}` };
      }
    }),
  );
  return { views, modules, queryParams: [...queryParams].sort() };
}

/**
 * Whether a section instance needs its code in the browser with this data, as far as its module's `hydrates` says
 * (`meta.hydrate: false` has already made it static).
 */
function hydratesWith(module: SectionModule, data: unknown): boolean {
  try {
    return module.hydrates?.(data) !== false;
  } catch {
    return true;
  }
}

function pick(query: Readonly<Record<string, string>>, names: readonly string[]): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of names) if (Object.hasOwn(query, name)) picked[name] = query[name]!;
  return picked;
}
