import { checkContractsCompatibility, type RemoteManifest, type RegistryRemote } from '@site/contracts';
import { browserIntegrity } from './subresource-integrity';

type RemoteHealth = 'up' | 'unreachable' | 'incompatible' | 'invalid';

/** One remote as the shell knows it at a moment: its registry entry, manifest and health. */
export interface RemoteRecord {
  name: string;
  version: string;
  manifestUrl: string;
  manifest: RemoteManifest | null;
  health: RemoteHealth;
  /** Why the remote is not usable, for the dashboard and logs. */
  problem?: string;
  sections: string[];
  /** Stylesheets and scripts of each section's expose, as absolute URLs. */
  assets: Record<string, { css: string[]; js: string[] }>;
  /** The remote's browser entry, to preload. */
  browserEntryUrl: string | null;
  /**
   * SRI values (`sha256-<base64>`) of the browser files a page may load (entry, section scripts and stylesheets), by
   * path in the version folder, from the hashes the registry recorded at publish; absent for a build it holds none of.
   */
  integrity?: Record<string, string>;
  /** A newer version the registry names but that could not be loaded: this record's version stays live meanwhile. */
  pending?: { version: string; manifestUrl: string; problem: string };
  /**
   * The name the federation runtime knows this version by, when it differs from the remote's: a canary is loaded
   * next to the stable version of the same remote, so the server holds both containers at once.
   */
  runtimeName?: string;
  /** A development build served in place of the registry's version (a development shell only; never signed). */
  development?: true;
}

/** A canary version of a remote and the share of visitors (buckets 0 … percent-1) it is served to. */
export interface CanaryRecord {
  record: RemoteRecord;
  percent: number;
}

/** A published version shown only to the browsers holding its preview link's secret (the registry lists its sha256). */
export interface PreviewRecord {
  id: string;
  /** The preview version, under a runtime name of its own (loaded beside the stable version and any canary). */
  record: RemoteRecord;
  /** sha256 (hex) of the link's secret. */
  tokenSha256: string;
  /** Milliseconds since the epoch: the preview ends then on every shell, whatever the registry says meanwhile. */
  expiresAt: number;
}

/** The federation runtime's name for a preview's container. */
export function previewRuntimeName(remote: string, id: string): string {
  return `${remote}__preview_${id}`;
}

/** Visitors are put in one of 100 buckets; a canary of N % serves buckets 0 … N-1. */
export const CANARY_BUCKETS = 100;

/** The federation runtime's name for a remote's canary container (loaded beside the stable one). */
export function canaryRuntimeName(remote: string): string {
  return `${remote}__canary`;
}

export interface SectionLocation {
  remote: string;
  version: string;
  expose: string;
}

/**
 * An immutable snapshot of every remote and the sections they provide. A request reads one snapshot from
 * start to end, so a deploy during the request does not mix versions within a page.
 */
export class RemoteCatalog {
  readonly revision: number;
  readonly remotes: ReadonlyMap<string, RemoteRecord>;
  readonly conflicts: readonly string[];
  /** Canary versions by remote name: served to a share of visitors through {@link forVariant}. */
  readonly canaries: ReadonlyMap<string, CanaryRecord>;
  /** Active previews by the sha256 of their link's secret: served through {@link forPreview}. */
  readonly previews: ReadonlyMap<string, PreviewRecord>;
  /** The id of the variant this catalog serves (`''`: the stable versions of every remote). */
  readonly variant: string;
  private readonly sectionIndex: Map<string, SectionLocation>;
  private readonly variants = new Map<string, RemoteCatalog>();
  private integrity: Readonly<Record<string, string>> | null = null;
  /**
   * The development builds this snapshot serves, as `name@version` joined with `,` (`''`: none): pages are cached
   * under it, so that each new development build is rendered anew.
   */
  readonly developmentKey: string;

  /** The registry's owner of each section name: a name two remotes provide is served by its owner only. */
  readonly owners: Readonly<Record<string, string>>;

  constructor(
    revision: number,
    records: RemoteRecord[],
    canaries: Iterable<[string, CanaryRecord]> = [],
    variant = '',
    owners: Readonly<Record<string, string>> = {},
    previews: Iterable<PreviewRecord> = [],
  ) {
    this.revision = revision;
    this.previews = new Map(
      [...previews].filter((preview) => records.some((record) => record.name === preview.record.name)).map((preview) => [preview.tokenSha256, preview]),
    );
    this.variant = variant;
    this.owners = owners;
    this.canaries = new Map([...canaries].filter(([name]) => records.some((record) => record.name === name)));
    this.remotes = new Map(records.map((record) => [record.name, record]));
    this.sectionIndex = new Map();
    const conflicts: string[] = [];
    // A name is served by the remote the registry records as its owner, whatever other remotes provide it (an owner
    // that is down shows its fallback, never another team's section). A name with no recorded owner goes to the one
    // usable remote providing it, and to none when several are usable: never by the order of their names.
    const providers = new Map<string, RemoteRecord[]>();
    for (const record of records) for (const section of record.sections) providers.set(section, [...(providers.get(section) ?? []), record]);
    for (const [section, candidates] of providers) {
      const owner = owners[section];
      const usable = candidates.filter((record) => record.health === 'up');
      const chosen = owner
        ? candidates.find((record) => record.name === owner)
        : candidates.length === 1
          ? candidates[0]
          : usable.length === 1
            ? usable[0]
            : undefined;
      const others = candidates.filter((record) => record !== chosen).map((record) => record.name);
      if (others.length > 0) {
        conflicts.push(
          chosen
            ? `section ${section} is provided by ${chosen.name} and ${others.join(', ')}; ${chosen.name} is used${owner ? ' (its owner)' : ''}`
            : `section ${section} is provided by ${others.join(' and ')}${owner ? `, not by its owner ${owner}` : ', with no recorded owner'}: none is used`,
        );
      }
      if (chosen) this.sectionIndex.set(section, { remote: chosen.name, version: chosen.version, expose: `./${section}` });
    }
    this.conflicts = conflicts;
    this.developmentKey = records
      .filter((record) => record.development)
      .map((record) => `${record.name}@${record.version}`)
      .sort()
      .join(',');
  }

  /** The same catalog with other canaries (the stable records and previews are kept as they are). */
  withCanaries(canaries: Iterable<[string, CanaryRecord]>): RemoteCatalog {
    return new RemoteCatalog(this.revision, [...this.remotes.values()], canaries, '', this.owners, this.previews.values());
  }

  /**
   * The catalog a preview's pages render with: the preview's version of its remote in place of the stable one, every
   * other remote stable (no canary). Its variant id (`preview:<id>`) is never a cache key: preview pages are not kept.
   */
  forPreview(preview: PreviewRecord): RemoteCatalog {
    const id = `preview:${preview.id}`;
    let catalog = this.variants.get(id);
    if (!catalog) {
      const records = [...this.remotes.values()].map((record) => (record.name === preview.record.name ? preview.record : record));
      catalog = new RemoteCatalog(this.revision, records, [], id, this.owners);
      this.variants.set(id, catalog);
    }
    return catalog;
  }

  static empty(): RemoteCatalog {
    return new RemoteCatalog(-1, []);
  }

  /**
   * Which remotes serve their canary to a visitor of this bucket, as a variant id: the remote names sorted and
   * joined with `.` (`''` when every remote serves its stable version). With k canaries there are at most 2^k
   * variants, whatever the number of buckets: pages are cached per variant, never per visitor.
   */
  variantFor(bucket: number): string {
    return [...this.canaries]
      .filter(([, canary]) => bucket < canary.percent)
      .map(([name]) => name)
      .sort()
      .join('.');
  }

  /**
   * The catalog a page of the given variant renders with: the named remotes' canary versions in place of their
   * stable ones. Made once per catalog and variant; an unknown or stale id gives the remotes it still names.
   */
  forVariant(variant: string): RemoteCatalog {
    if (!variant || this.canaries.size === 0) return this;
    const names = variant
      .split('.')
      .filter((name) => this.canaries.has(name))
      .sort();
    const id = names.join('.');
    if (!id) return this;
    let catalog = this.variants.get(id);
    if (!catalog) {
      const records = [...this.remotes.values()].map((record) => (names.includes(record.name) ? this.canaries.get(record.name)!.record : record));
      catalog = new RemoteCatalog(this.revision, records, [], id, this.owners);
      this.variants.set(id, catalog);
    }
    return catalog;
  }

  /**
   * SRI values of every remote file of this snapshot by absolute URL (a variant's catalog names its canary versions).
   * Resolved once per snapshot rather than per page: a publish or rollback gives a new snapshot, with its own.
   */
  get integrityByUrl(): Readonly<Record<string, string>> {
    if (!this.integrity) {
      const byUrl: Record<string, string> = {};
      for (const record of this.remotes.values()) {
        const base = manifestBaseUrl(record.manifestUrl);
        for (const [file, sri] of Object.entries(record.integrity ?? {})) byUrl[new URL(file, base).toString()] = sri;
      }
      this.integrity = Object.freeze(byUrl);
    }
    return this.integrity;
  }

  locate(sectionName: string): SectionLocation | null {
    return this.sectionIndex.get(sectionName) ?? null;
  }

  get sectionNames(): string[] {
    return [...this.sectionIndex.keys()].sort();
  }
}

/** Absolute URLs of a manifest's files: its public path is the folder the manifest was published in. */
export function manifestBaseUrl(manifestUrl: string): string {
  return manifestUrl.replace(/[?#].*$/, '').replace(/\/[^/]*$/, '/');
}

/**
 * Builds a remote's record from its registry entry and manifest. An unreachable remote whose manifest is still
 * known keeps naming its sections, so they show the failure fallback rather than 'Component missing'.
 */
export function buildRemoteRecord(
  entry: RegistryRemote,
  manifest: RemoteManifest | null,
  reachability: { reachable: boolean; problem?: string } = { reachable: manifest !== null },
): RemoteRecord {
  const base: RemoteRecord = {
    name: entry.name,
    version: entry.version,
    manifestUrl: entry.manifestUrl,
    manifest,
    health: reachability.reachable && manifest ? 'up' : 'unreachable',
    sections: [],
    assets: {},
    browserEntryUrl: null,
  };
  if (reachability.problem) base.problem = reachability.problem;
  if (!manifest) return base;
  if (manifest.site.team !== entry.name || manifest.name !== entry.name) {
    return { ...base, health: 'invalid', problem: `manifest names remote "${manifest.name}", registry says "${entry.name}"` };
  }
  const compatibility = checkContractsCompatibility(manifest.site.contractsVersion);
  // Refused, never rendered, but still known: its sections show the failure fallback and the dashboard says why.
  const refusal = compatibility.compatible ? null : { health: 'incompatible' as const, problem: compatibility.reason ?? 'incompatible contracts' };
  const publicBase =
    manifest.metaData.publicPath && manifest.metaData.publicPath !== 'auto' ? manifest.metaData.publicPath : manifestBaseUrl(entry.manifestUrl);
  const resolve = (file: string) => new URL(file, publicBase).toString();
  const assets: RemoteRecord['assets'] = {};
  for (const section of manifest.site.sections) {
    const expose = manifest.exposes.find((candidate) => candidate.path === section.expose || `./${candidate.name}` === section.expose);
    assets[section.name] = {
      css: expose ? [...expose.assets.css.sync, ...expose.assets.css.async].map(resolve) : [],
      js: expose ? expose.assets.js.sync.map(resolve) : [],
    };
  }
  const entryFile = [manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name].filter(Boolean).join('/');
  // Hashes are recorded by path in the version folder: they apply where the files are served from that folder.
  const integrity =
    publicBase === manifestBaseUrl(entry.manifestUrl)
      ? browserIntegrity(entry.files, [
          entryFile,
          ...manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.js.async, ...expose.assets.css.sync, ...expose.assets.css.async]),
        ])
      : undefined;
  return {
    ...base,
    ...refusal,
    version: manifest.site.version || entry.version,
    sections: manifest.site.sections.map((section) => section.name),
    assets,
    browserEntryUrl: resolve(entryFile),
    ...(integrity ? { integrity } : {}),
  };
}
