import { RegistryDocumentSchema, RemoteManifestSchema, validate, type RegistryDocument, type RegistryPreview, type RemoteManifest } from '@site/contracts';
import {
  buildRemoteRecord,
  canaryRuntimeName,
  manifestBaseUrl,
  previewRuntimeName,
  RemoteCatalog,
  type CanaryRecord,
  type PreviewRecord,
  type RemoteRecord,
} from './catalog';
import { withDevOverrides, type DevRemoteOverrides } from './dev-overrides';

export interface RegistryClientOptions {
  registryUrl: string;
  pollIntervalMs: number;
  requestTimeoutMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** A development shell's folder of development builds (`DEV_REMOTES_DIR`): served in place of the registry's versions. */
  devOverrides?: DevRemoteOverrides | null;
}

interface CachedJson<T> {
  etag: string | null;
  body: T;
}

/**
 * Told about a changed catalog before it is published. A listener may answer with the catalog to publish instead,
 * e.g. one that keeps a loaded version live while the new one cannot be fetched.
 */
type Listener = (next: RemoteCatalog, previous: RemoteCatalog) => void | RemoteCatalog | Promise<void | RemoteCatalog>;

/**
 * Reads the registry document and every listed remote's manifest, and keeps a current {@link RemoteCatalog}.
 * Polls with conditional requests; a manifest that cannot be fetched marks its remote unreachable, so its
 * sections degrade at once instead of every request waiting on a dead host.
 */
export class RegistryClient {
  private catalog = RemoteCatalog.empty();
  private registryCache: CachedJson<RegistryDocument> | null = null;
  private readonly manifestCache = new Map<string, CachedJson<RemoteManifest>>();
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  /** A development build changed while a poll was under way: poll once more after it. */
  private pollAgain = false;
  /** When the last poll asked for by a request (`pollOnDemand`) started, in ms since the epoch. */
  private demandPollAt = 0;
  /** The poll asked for by requests, started or waiting for its turn. */
  private demandPoll: Promise<void> | null = null;
  private unwatchDevBuilds: (() => void) | null = null;
  private devBuildsShown = '';
  lastError: string | null = null;
  lastPollAt: Date | null = null;
  /** When the registry last answered: the poll age the fleet view shows. */
  lastSuccessAt: Date | null = null;

  constructor(private readonly options: RegistryClientOptions) {}

  get current(): RemoteCatalog {
    return this.catalog;
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The sha256 the registry recorded at publish for a server container URL (published in a version folder next to
   * its manifest), or null for a build the registry holds no hash of (registered from elsewhere).
   */
  expectedServerEntrySha256(entryUrl: string): string | null {
    for (const remote of this.registryCache?.body.remotes ?? []) {
      for (const candidate of [remote, remote.canary, ...this.listedPreviews()]) {
        if (candidate?.serverEntrySha256 && entryUrl === new URL('server/remoteEntry.js', manifestBaseUrl(candidate.manifestUrl)).toString())
          return candidate.serverEntrySha256;
      }
    }
    return null;
  }

  /**
   * The sha256 the registry recorded at publish for any file URL of a listed version (stable or canary), or null
   * for a file it holds no hash of.
   */
  expectedFileSha256(url: string): string | null {
    for (const remote of this.registryCache?.body.remotes ?? []) {
      for (const candidate of [remote, remote.canary, ...this.listedPreviews()]) {
        if (!candidate?.files) continue;
        const base = manifestBaseUrl(candidate.manifestUrl);
        if (!url.startsWith(base)) continue;
        const hash = candidate.files[url.slice(base.length)];
        if (hash) return hash;
      }
    }
    return null;
  }

  private listedPreviews(): RegistryPreview[] {
    return this.registryCache?.body.previews ?? [];
  }

  /** A manifest this client already holds, so the federation runtime need not fetch it again. */
  cachedManifest(url: string): RemoteManifest | null {
    return this.manifestCache.get(url)?.body ?? null;
  }

  async start(): Promise<void> {
    // A development build is picked up as soon as its registration changes, not at the next poll.
    this.unwatchDevBuilds ??= this.options.devOverrides?.watch(() => this.pollSoon()) ?? null;
    await this.poll();
    const schedule = () => {
      this.timer = setTimeout(async () => {
        await this.poll();
        if (this.timer) schedule();
      }, this.options.pollIntervalMs);
      this.timer.unref();
    };
    schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.unwatchDevBuilds?.();
    this.unwatchDevBuilds = null;
  }

  /** One poll; concurrent callers share it. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => {
      this.polling = null;
      if (this.pollAgain) {
        this.pollAgain = false;
        void this.poll();
      }
    });
    return this.polling;
  }

  /**
   * A poll asked for by a request that needs what the last poll may not have seen (a preview made since): at most
   * one started this way per interval, so that made-up secrets cost the registry nothing more. A request that comes
   * sooner waits for the next one (shared by every request waiting), rather than going without: a preview link opened
   * a moment after another lookup would otherwise be called unknown. A poll under way is waited for first, since it
   * may have read the registry before the change.
   */
  async pollOnDemand(minIntervalMs: number): Promise<void> {
    if (this.polling) await this.polling;
    this.demandPoll ??= (async () => {
      const wait = this.demandPollAt + minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.demandPollAt = Date.now();
      try {
        await this.poll();
      } finally {
        this.demandPoll = null;
      }
    })();
    await this.demandPoll;
  }

  /** A poll now, or right after the one under way (which may have read the development builds before they changed). */
  private pollSoon(): void {
    if (this.polling) this.pollAgain = true;
    else void this.poll();
  }

  private async pollOnce(): Promise<void> {
    this.lastPollAt = new Date();
    let document: RegistryDocument;
    const devBuilds = this.options.devOverrides?.read() ?? [];
    try {
      document = await this.fetchRegistry();
      this.lastError = null;
      this.lastSuccessAt = new Date();
    } catch (error) {
      this.lastError = `registry ${this.options.registryUrl}: ${(error as Error).message}`;
      this.options.log.warn({ err: this.lastError }, 'registry unreachable; keeping the last known remotes');
      // Development builds still follow the working copy, over the last document read.
      if (devBuilds.length === 0 || !this.registryCache) return;
      document = this.registryCache.body;
    }
    const shown = devBuilds.map((build) => `${build.name}@${build.version} from ${build.manifestUrl}`).join(', ');
    if (shown !== this.devBuildsShown) {
      this.devBuildsShown = shown;
      this.options.log.warn({ devBuilds: shown || 'none' }, 'development builds of remotes served in place of the registry versions (development only)');
    }
    document = withDevOverrides(document, devBuilds);
    const development = new Set(devBuilds.map((build) => build.name));
    const now = Date.now();
    const [records, canaries, previews] = await Promise.all([
      Promise.all(document.remotes.map((entry) => this.loadRecord(entry))),
      Promise.all(document.remotes.map((entry) => this.loadCanary(entry))),
      Promise.all((document.previews ?? []).filter((preview) => Date.parse(preview.expiresAt) > now).map((preview) => this.loadPreview(preview))),
    ]);
    let next = new RemoteCatalog(
      document.revision,
      records.map((record) => (development.has(record.name) ? { ...record, development: true } : record)),
      canaries.filter((canary): canary is [string, CanaryRecord] => canary !== null),
      '',
      document.owners ?? {},
      previews.filter((preview): preview is PreviewRecord => preview !== null),
    );
    if (!sameCatalog(next, this.catalog)) {
      const previous = this.catalog;
      for (const listener of this.listeners) next = (await listener(next, previous)) ?? next;
      // A listener that held the same versions back as on the last poll changes nothing.
      if (sameCatalog(next, previous)) return;
      for (const conflict of next.conflicts) this.options.log.warn({ conflict }, 'section provided twice');
      this.catalog = next;
      this.options.log.info(
        { revision: next.revision, remotes: [...next.remotes.values()].map((r) => `${r.name}@${r.version}:${r.health}`) },
        'remote catalog updated',
      );
    }
  }

  private async loadRecord(entry: RegistryDocument['remotes'][number]): Promise<RemoteRecord> {
    try {
      const manifest = await this.fetchManifest(entry.manifestUrl);
      return buildRemoteRecord(entry, manifest);
    } catch (error) {
      const known = this.manifestCache.get(entry.manifestUrl)?.body ?? null;
      const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
      return buildRemoteRecord(entry, known, { reachable: false, problem: `${(error as Error).message}${cause ? ` (${cause})` : ''}` });
    }
  }

  /**
   * The canary version the registry names for a remote, under its own runtime name so that the server can load it
   * beside the stable version. A canary that cannot be fetched or is refused is left out: everyone gets the stable one.
   */
  private async loadCanary(entry: RegistryDocument['remotes'][number]): Promise<[string, CanaryRecord] | null> {
    const canary = entry.canary;
    if (!canary || canary.manifestUrl === entry.manifestUrl) return null;
    const record = await this.loadRecord({
      name: entry.name,
      version: canary.version,
      manifestUrl: canary.manifestUrl,
      ...(canary.files ? { files: canary.files } : {}),
    });
    if (record.health !== 'up') {
      this.options.log.warn(
        { remote: entry.name, version: canary.version, health: record.health, err: record.problem },
        'canary version not usable; every visitor gets the stable one',
      );
      return null;
    }
    return [entry.name, { record: { ...record, runtimeName: canaryRuntimeName(entry.name) }, percent: canary.percent }];
  }

  /** A preview the registry lists, under its own runtime name; one that cannot be fetched or is refused is left out. */
  private async loadPreview(preview: RegistryPreview): Promise<PreviewRecord | null> {
    const record = await this.loadRecord({
      name: preview.remote,
      version: preview.version,
      manifestUrl: preview.manifestUrl,
      ...(preview.files ? { files: preview.files } : {}),
    });
    if (record.health !== 'up') {
      this.options.log.warn({ remote: preview.remote, version: preview.version, health: record.health, err: record.problem }, 'preview version not usable');
      return null;
    }
    return {
      id: preview.id,
      record: { ...record, runtimeName: previewRuntimeName(preview.remote, preview.id) },
      tokenSha256: preview.tokenSha256,
      expiresAt: Date.parse(preview.expiresAt),
    };
  }

  private async fetchRegistry(): Promise<RegistryDocument> {
    const cached = await this.fetchJson(this.options.registryUrl, this.registryCache);
    const result = validate(RegistryDocumentSchema, cached.body);
    if (!result.ok) throw new Error(`invalid registry document: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
    this.registryCache = { etag: cached.etag, body: result.value };
    return result.value;
  }

  private async fetchManifest(url: string): Promise<RemoteManifest> {
    const cached = await this.fetchJson(url, this.manifestCache.get(url) ?? null);
    const result = validate(RemoteManifestSchema, cached.body);
    if (!result.ok) throw new Error(`invalid manifest: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
    this.manifestCache.set(url, { etag: cached.etag, body: result.value });
    return result.value;
  }

  private async fetchJson<T>(url: string, cached: CachedJson<T> | null): Promise<CachedJson<unknown>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cached?.etag) headers['if-none-match'] = cached.etag;
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(this.options.requestTimeoutMs) });
    if (response.status === 304 && cached) return cached;
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return { etag: response.headers.get('etag'), body: await response.json() };
  }
}

function sameCatalog(a: RemoteCatalog, b: RemoteCatalog): boolean {
  if (a.revision !== b.revision || a.remotes.size !== b.remotes.size || a.canaries.size !== b.canaries.size || a.previews.size !== b.previews.size)
    return false;
  for (const [hash, preview] of a.previews) if (b.previews.get(hash)?.record.manifestUrl !== preview.record.manifestUrl) return false;
  for (const [name, canary] of a.canaries) {
    const other = b.canaries.get(name);
    if (!other || other.percent !== canary.percent || other.record.manifestUrl !== canary.record.manifestUrl) return false;
  }
  for (const [name, record] of a.remotes) {
    const other = b.remotes.get(name);
    if (
      !other ||
      other.version !== record.version ||
      other.health !== record.health ||
      other.manifestUrl !== record.manifestUrl ||
      other.pending?.manifestUrl !== record.pending?.manifestUrl
    ) {
      return false;
    }
  }
  return true;
}
