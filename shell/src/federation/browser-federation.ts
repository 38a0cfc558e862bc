import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { checkSectionModule, type SectionModule } from '@site/contracts';
import type { SectionModuleSource, SectionResolution } from '../sections/resolve-sections';
import type { RemoteUse } from '../stores/root-store';
import { manifestBaseUrl } from './catalog';
import { IntegrityGuard, fetchAndCompare, type IntegrityVerifier } from './subresource-integrity';
import { loadOnce } from '../lib/load-once';
import { withTimeout } from '../lib/timeout';
import { yieldToBrowser } from '../lib/yield';

/** Margin around the viewport within which a lazy section starts loading. */
const LAZY_ROOT_MARGIN = '300px 0px';

type BrowserRuntime = typeof import('./browser-runtime');

function moduleKey(remote: string, version: string, section: string): string {
  return `${remote}@${version}/${section}`;
}

/**
 * Beside a section's code, the runtime fetches the files its manifest lists for it. A stylesheet the page carries
 * inline (the server's `<style data-href>`, which the remote's own runtime recognises and never loads) is left out:
 * a second copy of it would share the phone's bandwidth with the section's code.
 */
const skipInlinedStylesheets: ModuleFederationRuntimePlugin = {
  name: 'site-skip-inlined-stylesheets',
  beforePreloadRemote: ({ preloadOps }) => {
    for (const op of preloadOps) {
      const { filter } = op;
      op.filter = (url) => !document.querySelector(`style[data-href="${CSS.escape(url)}"]`) && (filter?.(url) ?? true);
    }
  },
};

/**
 * Loading a section's code is a chain of the runtime's steps that would otherwise run back to back in a few long
 * tasks: reading the remote's manifest and working out the files to preload (version checks of every shared
 * module), starting those downloads, initialising the remote's container (its sharing), and running the section's
 * module. The browser gets the main thread back between them (input, paint), as it does while the hydration renders.
 */
const yieldBetweenSteps: ModuleFederationRuntimePlugin = {
  name: 'site-yield-between-steps',
  beforePreloadRemote: () => yieldToBrowser(),
  afterResolve: async (args) => {
    await yieldToBrowser();
    return args;
  },
  beforeInitContainer: async (args) => {
    await yieldToBrowser();
    return args;
  },
  beforeExecuteFactory: () => yieldToBrowser(),
};

/**
 * Loads section modules from remotes' browser containers: exactly the versions the server rendered with
 * (a new deploy applies on the next document load, never inside a live page).
 */
export class BrowserFederation implements SectionModuleSource {
  private readonly modules = new Map<string, SectionModule>();
  private readonly pending = new Map<string, Promise<SectionModule>>();
  private readonly sectionIndex = new Map<string, RemoteUse>();
  private readonly refusedSections = new Set<string>();
  /** The published hashes of the versions this page uses: remote files that differ are refused by the browser. */
  readonly integrity: IntegrityGuard;

  /**
   * `onChunkError` hears of code that failed to load (it may reload the page); `onRefused` of a section whose code
   * the browser refused because it differs from what was published (a reload would fetch the same bytes).
   */
  constructor(
    private readonly remotes: RemoteUse[],
    private readonly timeoutMs: number,
    private readonly onChunkError: (error: unknown) => void,
    private readonly onRefused: (section: { remote: string; version: string; section: string }) => void = () => undefined,
    verify: IntegrityVerifier = fetchAndCompare,
  ) {
    for (const remote of remotes) {
      for (const section of remote.sections) if (!this.sectionIndex.has(section)) this.sectionIndex.set(section, remote);
    }
    this.integrity = new IntegrityGuard(
      remotes.map((remote) => ({ name: remote.name, version: remote.version, baseUrl: manifestBaseUrl(remote.manifestUrl), integrity: remote.integrity })),
      verify,
    );
  }

  /**
   * The federation runtime, its own chunk, loaded and started with the page's remotes on the first call: a page whose
   * sections are all static server HTML never downloads it. A chunk that failed to load is fetched again next time.
   */
  private readonly federationRuntime: () => Promise<BrowserRuntime> = loadOnce(async () => {
    const runtime = await import(/* webpackChunkName: "federation" */ './browser-runtime');
    runtime.startFederation({
      plugins: [this.integrity.plugin(), skipInlinedStylesheets, yieldBetweenSteps],
      remotes: this.remotes.map((remote) => ({ name: remote.name, entry: remote.manifestUrl })),
    });
    this.integrity.watch(document);
    // Evaluating the runtime and starting it is one task; the first section's loading starts in the next.
    await yieldToBrowser();
    return runtime;
  });

  cached(remote: string | undefined, version: string | undefined, section: string): SectionModule | undefined {
    if (!remote || !version) return undefined;
    return this.modules.get(moduleKey(remote, version, section));
  }

  load(remote: string, version: string, section: string): Promise<SectionModule> {
    const key = moduleKey(remote, version, section);
    const loaded = this.modules.get(key);
    if (loaded) return Promise.resolve(loaded);
    let pending = this.pending.get(key);
    if (!pending) {
      const loading = this.federationRuntime().then((runtime) => runtime.loadRemote<SectionModule>(`${remote}/${section}`));
      pending = withTimeout(loading, this.timeoutMs, `loading ${remote}/${section}`)
        .then((module) => {
          const problem = checkSectionModule(module, section);
          if (problem) throw new Error(`${remote}/${section}: ${problem}`);
          this.modules.set(key, module as SectionModule);
          return module as SectionModule;
        })
        .catch(async (error: unknown) => {
          if (await this.integrity.refused(remote, version)) {
            // Counted once per section and page: the section keeps its server HTML, and no reload can help.
            if (!this.refusedSections.has(key)) {
              this.refusedSections.add(key);
              this.onRefused({ remote, version, section });
            }
          } else this.onChunkError(error);
          throw error;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  async resolve(sectionName: string): Promise<SectionResolution> {
    const remote = this.sectionIndex.get(sectionName);
    if (!remote) return { ok: false, kind: 'missing', message: `no remote provides section ${sectionName}` };
    try {
      const module = await this.load(remote.name, remote.version, sectionName);
      return { ok: true, module, remote: remote.name, version: remote.version };
    } catch (error) {
      return { ok: false, kind: 'error', message: (error as Error).message, remote: remote.name, version: remote.version };
    }
  }
}

/** Idle time-out after which lazy sections load anyway (the same time-out as the idle link prefetch). */
const LAZY_IDLE_TIMEOUT_MS = 2000;

let releaseAll: Promise<void> | null = null;

/**
 * Resolves when every lazy section should stop waiting: the browser is idle after load (at most 2 s), or the
 * visitor starts interacting. A dehydrated section blocks updates that reach it (a client navigation changes the
 * router context everywhere), so no section may wait for visibility indefinitely.
 */
function lazySectionsReleased(): Promise<void> {
  releaseAll ??= new Promise<void>((resolve) => {
    const events = ['pointerdown', 'keydown', 'touchstart', 'popstate'] as const;
    const release = () => {
      for (const name of events) window.removeEventListener(name, release, true);
      resolve();
    };
    for (const name of events) window.addEventListener(name, release, { capture: true, once: true, passive: true });
    const idle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(release, { timeout: LAZY_IDLE_TIMEOUT_MS });
      else setTimeout(release, LAZY_IDLE_TIMEOUT_MS);
    };
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
  return releaseAll;
}

/** Resolves once the element nears the viewport, or when lazy sections are released, whichever comes first. */
export function whenVisible(selector: string): Promise<void> {
  const element = document.querySelector(selector);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          resolve();
        }
      },
      { rootMargin: LAZY_ROOT_MARGIN },
    );
    observer.observe(element);
    void lazySectionsReleased().then(() => {
      observer.disconnect();
      resolve();
    });
  });
}
