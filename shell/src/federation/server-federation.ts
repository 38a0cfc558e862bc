import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkSectionModule, type SectionModule } from '@site/contracts';
import type { RemoteCatalog, RemoteRecord } from './catalog';
import { CircuitBreaker } from './circuit-breaker';
import { nodeEntryPlugin } from './node-entry-plugin';
import type { RegistryClient } from './registry-client';
import { TimeoutError, withTimeout } from './timeout';
import type { RemoteStats } from '../platform/remote-stats';
import type { SectionResolution } from '../sections/resolve-sections';


export interface ServerFederationOptions {
  loadTimeoutMs: number;
  entryTimeoutMs: number;
  breakerFailureThreshold: number;
  breakerCooldownMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Loads section modules from remotes' Node containers for server rendering. Modules are cached per remote
 * version; a new version is registered and warmed before the catalog that names it is published, so requests
 * already under way finish on the version they started with.
 */
export class ServerFederation {
  private readonly modules = new Map<string, Promise<SectionModule>>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly registered = new Map<string, string>();

  constructor(
    private readonly registry: RegistryClient,
    private readonly stats: RemoteStats,
    private readonly options: ServerFederationOptions,
  ) {}

  async start(): Promise<void> {
    registerPlugins([
      nodeEntryPlugin({ timeoutMs: this.options.entryTimeoutMs, cachedManifest: (url) => this.registry.cachedManifest(url) }),
    ]);
    this.registry.onChange((next, previous) => this.applyCatalog(next, previous));
    await this.registry.start();
  }

  breaker(remote: string): CircuitBreaker {
    let breaker = this.breakers.get(remote);
    if (!breaker) {
      breaker = new CircuitBreaker({ failureThreshold: this.options.breakerFailureThreshold, cooldownMs: this.options.breakerCooldownMs });
      this.breakers.set(remote, breaker);
    }
    return breaker;
  }

  /** Resolves a section name to its module through the given catalog snapshot, within the load budget. */
  async resolveSection(catalog: RemoteCatalog, sectionName: string): Promise<SectionResolution> {
    const location = catalog.locate(sectionName);
    if (!location) return { ok: false, kind: 'missing', message: `no remote provides section ${sectionName}` };
    const record = catalog.remotes.get(location.remote);
    const { remote, version } = location;
    if (!record || record.health !== 'up') {
      this.stats.record(remote, 'refused', 0);
      return { ok: false, kind: 'unavailable', message: `remote ${remote} is ${record?.health ?? 'unknown'}`, remote, version };
    }
    const breaker = this.breaker(remote);
    if (!breaker.allows()) {
      this.stats.record(remote, 'refused', 0);
      return { ok: false, kind: 'unavailable', message: `remote ${remote} circuit is open`, remote, version };
    }
    const started = performance.now();
    try {
      const module = await withTimeout(this.loadModule(record, sectionName), this.options.loadTimeoutMs, `loading ${remote}/${sectionName}`);
      breaker.recordSuccess();
      this.stats.record(remote, 'ok', performance.now() - started);
      return { ok: true, module, remote, version };
    } catch (error) {
      const timedOut = error instanceof TimeoutError;
      breaker.recordFailure();
      this.stats.record(remote, timedOut ? 'timeout' : 'error', performance.now() - started, error);
      this.options.log.warn({ remote, version, section: sectionName, err: (error as Error).message }, 'section module failed to load');
      return { ok: false, kind: timedOut ? 'timeout' : 'error', message: (error as Error).message, remote, version };
    }
  }

  private loadModule(record: RemoteRecord, sectionName: string): Promise<SectionModule> {
    const key = `${record.name}@${record.version}/${sectionName}`;
    let pending = this.modules.get(key);
    if (!pending) {
      pending = loadRemote<SectionModule>(`${record.name}/${sectionName}`).then((loaded) => {
        const problem = checkSectionModule(loaded, sectionName);
        if (problem) throw new Error(`${record.name}/${sectionName}: ${problem}`);
        return loaded as SectionModule;
      });
      // A failed load is retried by the next request rather than cached.
      pending.catch(() => {
        if (this.modules.get(key) === pending) this.modules.delete(key);
      });
      this.modules.set(key, pending);
    }
    return pending;
  }

  /** Registers new or changed remotes with the runtime and warms their sections before they are published. */
  private async applyCatalog(next: RemoteCatalog, previous: RemoteCatalog): Promise<void> {
    for (const record of next.remotes.values()) {
      const before = previous.remotes.get(record.name);
      if (record.health === 'unreachable') {
        this.breaker(record.name).trip();
        continue;
      }
      if (record.health !== 'up') continue;
      if (before && before.health !== 'up') this.breaker(record.name).reset();
      if (this.registered.get(record.name) === record.manifestUrl) continue;
      const force = this.registered.has(record.name);
      registerRemotes([{ name: record.name, entry: record.manifestUrl }], { force });
      // A new deployment starts with a clean record: failures of the previous one say nothing about it.
      this.breaker(record.name).reset();
      this.registered.set(record.name, record.manifestUrl);
      this.forgetOtherVersions(record.name, [record.version, before?.version]);
      await this.warm(record);
    }
  }

  private async warm(record: RemoteRecord): Promise<void> {
    const results = await Promise.allSettled(
      record.sections.map((section) => withTimeout(this.loadModule(record, section), this.options.entryTimeoutMs * 2, `warming ${record.name}/${section}`)),
    );
    const failed = results.filter((result) => result.status === 'rejected').length;
    const message = `${record.name}@${record.version}: ${record.sections.length - failed}/${record.sections.length} sections warmed`;
    if (failed > 0) this.options.log.warn({ remote: record.name, version: record.version, failed }, message);
    else this.options.log.info({ remote: record.name, version: record.version }, message);
  }

  /** Keeps the modules of the current and the previous version (requests in flight), drops older ones. */
  private forgetOtherVersions(remote: string, keep: Array<string | undefined>): void {
    for (const key of this.modules.keys()) {
      const [nameAndVersion] = key.split('/');
      const [name, version] = (nameAndVersion ?? '').split('@');
      if (name === remote && !keep.includes(version)) this.modules.delete(key);
    }
  }
}
