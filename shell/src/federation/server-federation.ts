import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { checkSectionModule, type SectionModule } from '@site/contracts';
import { RemoteCatalog, type CanaryRecord, type PreviewRecord, type RemoteRecord } from './catalog';
import { CircuitBreaker } from '../lib/circuit-breaker';
import { nodeEntryPlugin } from './node-entry-plugin';
import { RemoteStyles } from './remote-styles';
import type { RegistryClient } from './registry-client';
import { TimeoutError, withTimeout } from '../lib/timeout';
import type { RemoteStats } from '../platform/remote-stats';
import type { SectionResolution } from '../sections/resolve-sections';

export interface ServerFederationOptions {
  loadTimeoutMs: number;
  entryTimeoutMs: number;
  breakerFailureThreshold: number;
  breakerCooldownMs: number;
  /** How long a new version that failed to load is left alone before it is tried again (default: the breaker cool-down). */
  retryNewVersionAfterMs?: number;
  now?: () => number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/**
 * Loads section modules from remotes' Node containers for server rendering. Modules are cached per remote
 * version; a new version is registered and warmed before the catalog that names it is published, so requests
 * already under way finish on the version they started with.
 *
 * Code in memory outlives its host: a remote whose host stops keeps rendering the sections already loaded, and a
 * new version that cannot be fetched is not switched to while a loaded version can stand in for it.
 */
export class ServerFederation {
  private readonly modules = new Map<string, Promise<SectionModule>>();
  /** Modules that finished loading, by `remote@version/section`: rendered without touching the remote's host. */
  private readonly loaded = new Map<string, SectionModule>();
  private readonly breakers = new Map<string, CircuitBreaker>();
  private readonly registered = new Map<string, string>();
  /** New versions that failed to load, by manifest URL: left alone until their retry time. */
  private readonly failedVersions = new Map<string, { at: number; problem: string }>();
  /** Stylesheets of live versions, inlined into pages. */
  readonly styles: RemoteStyles;
  private readonly now: () => number;

  constructor(
    private readonly registry: RegistryClient,
    readonly stats: RemoteStats,
    private readonly options: ServerFederationOptions,
  ) {
    this.styles = new RemoteStyles({
      timeoutMs: options.entryTimeoutMs,
      log: options.log,
      expectedSha256: (href) => this.registry.expectedFileSha256(href),
    });
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    registerPlugins([
      nodeEntryPlugin({
        timeoutMs: this.options.entryTimeoutMs,
        cachedManifest: (url) => this.registry.cachedManifest(url),
        expectedSha256: (url) => this.registry.expectedServerEntrySha256(url),
      }),
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
    // Loaded code needs nothing from the host: it renders whether the host answers or not.
    const inMemory = record && servable(record) ? this.loaded.get(moduleKey(record.name, record.version, sectionName)) : undefined;
    if (inMemory) {
      this.stats.record(remote, 'ok', null);
      return { ok: true, module: inMemory, remote, version };
    }
    if (!record || record.health !== 'up') {
      this.stats.record(remote, 'refused', null);
      return { ok: false, kind: 'unavailable', message: `remote ${remote} is ${record?.health ?? 'unknown'}`, remote, version };
    }
    const breaker = this.breaker(remote);
    if (!breaker.allows()) {
      this.stats.record(remote, 'refused', null);
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

  /** Whether any section of this remote version is loaded in memory. */
  hasLoaded(remote: string, version: string): boolean {
    const prefix = `${remote}@${version}/`;
    for (const key of this.loaded.keys()) if (key.startsWith(prefix)) return true;
    return false;
  }

  private loadModule(record: RemoteRecord, sectionName: string): Promise<SectionModule> {
    const key = moduleKey(record.name, record.version, sectionName);
    let pending = this.modules.get(key);
    if (!pending) {
      pending = loadRemote<SectionModule>(`${record.runtimeName ?? record.name}/${sectionName}`).then((loaded) => {
        const problem = checkSectionModule(loaded, sectionName);
        if (problem) throw new Error(`${record.name}/${sectionName}: ${problem}`);
        if (this.modules.get(key) === pending) this.loaded.set(key, loaded as SectionModule);
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

  /**
   * Registers new or changed remotes with the runtime and warms their sections (code and stylesheets) before they
   * are published. Answers the catalog to publish: where a new version could not be loaded, the loaded one stays.
   */
  async applyCatalog(next: RemoteCatalog, previous: RemoteCatalog): Promise<RemoteCatalog> {
    const wanted = [...next.remotes.values()];
    const published: RemoteRecord[] = [];
    for (const record of wanted) published.push(await this.applyRecord(record, previous.remotes.get(record.name)));
    const canaries: Array<[string, CanaryRecord]> = [];
    for (const [name, canary] of next.canaries) if (await this.applyVersionBeside(canary.record, 'canary')) canaries.push([name, canary]);
    // A preview is loaded the way a canary is (its own runtime name); one that cannot be loaded is not offered.
    const previews: PreviewRecord[] = [];
    for (const preview of next.previews.values()) if (await this.applyVersionBeside(preview.record, 'preview')) previews.push(preview);
    this.styles.retainOnly(
      [
        ...published,
        ...previous.remotes.values(),
        ...canaries.map(([, canary]) => canary.record),
        ...[...previous.canaries.values()].map((canary) => canary.record),
        ...previews.map((preview) => preview.record),
        ...[...previous.previews.values()].map((preview) => preview.record),
      ].flatMap((record) => Object.values(record.assets).flatMap((assets) => assets.css)),
    );
    const unchanged =
      published.every((record, index) => record === wanted[index]) && canaries.length === next.canaries.size && previews.length === next.previews.size;
    return unchanged ? next : new RemoteCatalog(next.revision, published, canaries, '', next.owners, previews);
  }

  /**
   * Registers a canary or preview version under its own runtime name, beside the stable version of its remote, and
   * warms it. One that fails to load is not offered to anyone (its visitors get the stable version); tried again
   * after the retry time.
   */
  private async applyVersionBeside(record: RemoteRecord, kind: 'canary' | 'preview'): Promise<boolean> {
    const runtimeName = record.runtimeName ?? record.name;
    if (this.registered.get(runtimeName) === record.manifestUrl) return true;
    const failure = this.failedVersions.get(record.manifestUrl);
    const retryAfterMs = this.options.retryNewVersionAfterMs ?? this.options.breakerCooldownMs;
    if (failure && this.now() - failure.at < retryAfterMs) return false;
    registerRemotes([{ name: runtimeName, entry: record.manifestUrl }], { force: true });
    this.registered.set(runtimeName, record.manifestUrl);
    const problems = await this.warm(record);
    if (problems.length > 0) {
      this.failedVersions.set(record.manifestUrl, { at: this.now(), problem: problems.join('; ') });
      this.registered.delete(runtimeName);
      this.options.log.warn(
        { remote: record.name, version: record.version, problems },
        `${kind} version cannot be loaded; every visitor gets the stable version`,
      );
      return false;
    }
    this.failedVersions.delete(record.manifestUrl);
    return true;
  }

  private async applyRecord(record: RemoteRecord, before: RemoteRecord | undefined): Promise<RemoteRecord> {
    const sameDeployment = before?.manifestUrl === record.manifestUrl;
    // The version that may stand in for this one: live until now, and with code in memory.
    const standIn = before && !sameDeployment && servable(before) && this.hasLoaded(before.name, before.version) ? before : null;
    if (record.health === 'unreachable') {
      if (sameDeployment && this.hasLoaded(record.name, record.version)) {
        return { ...record, problem: `${record.problem ?? 'host unreachable'}; its sections render from the code in memory` };
      }
      if (standIn) return this.holdBack(standIn, record, record.problem ?? 'manifest unreachable');
      this.breaker(record.name).trip();
      return record;
    }
    // Last known good: a version the registry names but this shell refuses (incompatible, invalid) never replaces
    // one that works.
    if (record.health !== 'up') return standIn && !sameDeployment ? this.holdBack(standIn, record, record.problem ?? record.health) : record;
    if (before && before.health !== 'up') this.breaker(record.name).reset();
    if (this.registered.get(record.name) === record.manifestUrl) return record;

    const failure = this.failedVersions.get(record.manifestUrl);
    const retryAfterMs = this.options.retryNewVersionAfterMs ?? this.options.breakerCooldownMs;
    if (standIn && failure && this.now() - failure.at < retryAfterMs) return this.holdBack(standIn, record, failure.problem);

    const force = this.registered.has(record.name);
    registerRemotes([{ name: record.name, entry: record.manifestUrl }], { force });
    this.registered.set(record.name, record.manifestUrl);
    const problems = await this.warm(record);
    if (problems.length > 0 && standIn) {
      const problem = problems.join('; ');
      this.failedVersions.set(record.manifestUrl, { at: this.now(), problem });
      // The runtime goes back to the version that stays live, for any of its sections not loaded yet.
      registerRemotes([{ name: standIn.name, entry: standIn.manifestUrl }], { force: true });
      this.registered.set(standIn.name, standIn.manifestUrl);
      if (record.version !== standIn.version) this.forgetVersions(record.name, (version) => version === record.version);
      return this.holdBack(standIn, record, problem);
    }
    this.failedVersions.delete(record.manifestUrl);
    // A new deployment starts with a clean record: failures of the previous one say nothing about it.
    this.breaker(record.name).reset();
    this.forgetVersions(record.name, (version) => version !== record.version && version !== before?.version);
    return record;
  }

  /** Keeps the loaded version live and says on the dashboard which version is waiting and why. */
  private holdBack(standIn: RemoteRecord, wanted: RemoteRecord, problem: string): RemoteRecord {
    if (standIn.pending?.manifestUrl !== wanted.manifestUrl || standIn.pending.problem !== problem) {
      this.options.log.warn(
        { remote: wanted.name, version: wanted.version, live: standIn.version, err: problem },
        'new remote version cannot be loaded; the loaded one stays live',
      );
    }
    return {
      ...standIn,
      problem: `version ${wanted.version} cannot be loaded (${problem}); ${standIn.version} stays live`,
      pending: { version: wanted.version, manifestUrl: wanted.manifestUrl, problem },
    };
  }

  /** Loads every section's code and stylesheets; answers what failed. */
  private async warm(record: RemoteRecord): Promise<string[]> {
    const [code, styles] = await Promise.all([
      Promise.allSettled(
        record.sections.map(async (section) => {
          const started = performance.now();
          const module = await withTimeout(this.loadModule(record, section), this.options.entryTimeoutMs * 2, `warming ${record.name}/${section}`);
          this.stats.recordLatency(record.name, performance.now() - started);
          return module;
        }),
      ),
      this.styles.warm(Object.values(record.assets).flatMap((assets) => assets.css)),
    ]);
    const problems = [
      ...code.flatMap((result, index) => (result.status === 'rejected' ? [`${record.sections[index]}: ${(result.reason as Error).message}`] : [])),
      ...styles.map((failure) => `${failure.href}: ${failure.error}`),
    ];
    const message = `${record.name}@${record.version}: ${record.sections.length - code.filter((r) => r.status === 'rejected').length}/${record.sections.length} sections warmed`;
    if (problems.length > 0) this.options.log.warn({ remote: record.name, version: record.version, problems }, message);
    else this.options.log.info({ remote: record.name, version: record.version }, message);
    return problems;
  }

  /** Drops the modules of the versions the predicate names (requests in flight keep what they hold). */
  private forgetVersions(remote: string, drop: (version: string) => boolean): void {
    for (const cache of [this.modules, this.loaded]) {
      for (const key of cache.keys()) {
        const [nameAndVersion] = key.split('/');
        const [name, version] = (nameAndVersion ?? '').split('@');
        if (name === remote && version !== undefined && drop(version)) cache.delete(key);
      }
    }
  }
}

function moduleKey(remote: string, version: string, section: string): string {
  return `${remote}@${version}/${section}`;
}

/** A remote whose loaded code may render: reachable, or unreachable with a manifest that was valid and compatible. */
function servable(record: RemoteRecord): boolean {
  return record.health === 'up' || (record.health === 'unreachable' && record.manifest !== null && record.sections.length > 0);
}
