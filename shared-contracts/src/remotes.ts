import { Type, type Static } from '@sinclair/typebox';

export const REMOTE_NAME_PATTERN = '^[a-z][a-z0-9_]{1,39}$';

/** One remote as the registry lists it: where its current version's manifest lives. */
export const RegistryRemoteSchema = Type.Object({
  name: Type.String({ pattern: REMOTE_NAME_PATTERN }),
  version: Type.String({ minLength: 1 }),
  manifestUrl: Type.String({ minLength: 1 }),
  deployedAt: Type.Optional(Type.String()),
  /** sha256 (hex) of the server container recorded at publish: shells refuse a container that differs. */
  serverEntrySha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  /** sha256 (hex) of every published file by its path in the version folder, for browser integrity attributes. */
  files: Type.Optional(Type.Record(Type.String(), Type.String({ pattern: '^[0-9a-f]{64}$' }))),
  /** A version served to a share of visitors while it is judged against this one. */
  canary: Type.Optional(
    Type.Object({
      version: Type.String({ minLength: 1 }),
      manifestUrl: Type.String({ minLength: 1 }),
      percent: Type.Integer({ minimum: 1, maximum: 99 }),
      serverEntrySha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
      files: Type.Optional(Type.Record(Type.String(), Type.String({ pattern: '^[0-9a-f]{64}$' }))),
    }),
  ),
});
export type RegistryRemote = Static<typeof RegistryRemoteSchema>;

/** A version of a remote shown only to the browsers that opened its preview link. */
export const RegistryPreviewSchema = Type.Object({
  id: Type.String({ pattern: '^[a-z0-9]{6,32}$' }),
  remote: Type.String({ pattern: REMOTE_NAME_PATTERN }),
  version: Type.String({ minLength: 1 }),
  manifestUrl: Type.String({ minLength: 1 }),
  /** sha256 (hex) of the link's secret: the shells compare the visitor's cookie with it. */
  tokenSha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  expiresAt: Type.String(),
  serverEntrySha256: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  files: Type.Optional(Type.Record(Type.String(), Type.String({ pattern: '^[0-9a-f]{64}$' }))),
});
export type RegistryPreview = Static<typeof RegistryPreviewSchema>;

/** The registry document the shell polls. `revision` grows with every deploy or rollback. */
export const RegistryDocumentSchema = Type.Object({
  revision: Type.Integer({ minimum: 0 }),
  updatedAt: Type.String(),
  remotes: Type.Array(RegistryRemoteSchema),
  /** Which remote owns each section name: shells take a name provided twice from its owner only. */
  owners: Type.Optional(Type.Record(Type.String(), Type.String({ pattern: REMOTE_NAME_PATTERN }))),
  /**
   * Published versions that are not live but may be previewed: a browser holding a preview link's secret (whose
   * sha256 is listed here, never the secret) gets that version of the remote on every page until `expiresAt`.
   */
  previews: Type.Optional(Type.Array(RegistryPreviewSchema)),
});
export type RegistryDocument = Static<typeof RegistryDocumentSchema>;

export const ManifestSectionSchema = Type.Object({
  name: Type.String({ pattern: '^[A-Z][A-Za-z0-9]{1,63}$' }),
  /** The federated expose, e.g. `./NewsLatest`. */
  expose: Type.String({ pattern: '^\\./' }),
  lazy: Type.Optional(Type.Boolean()),
});
export type ManifestSection = Static<typeof ManifestSectionSchema>;

/**
 * What the build adds to a remote's federation manifest (`mf-manifest.json`, key `site`): the team,
 * the build's version, the core contracts version it was built with (the one the shell and registry check), the
 * version of the team's own data contract built into it (recorded, never checked by them) and the sections it provides.
 */
export const SiteManifestInfoSchema = Type.Object({
  team: Type.String({ pattern: REMOTE_NAME_PATTERN }),
  version: Type.String({ minLength: 1 }),
  contractsVersion: Type.String(),
  teamContract: Type.Optional(Type.Object({ entry: Type.String(), version: Type.String() })),
  builtAt: Type.String(),
  sections: Type.Array(ManifestSectionSchema),
});
export type SiteManifestInfo = Static<typeof SiteManifestInfoSchema>;

const AssetListSchema = Type.Object({ sync: Type.Array(Type.String()), async: Type.Array(Type.String()) });

/** The parts of a Module Federation manifest the shell reads, plus the site block. */
export const RemoteManifestSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  metaData: Type.Object({
    name: Type.String(),
    globalName: Type.String(),
    publicPath: Type.Optional(Type.String()),
    ssrPublicPath: Type.Optional(Type.String()),
    remoteEntry: Type.Object({ name: Type.String(), path: Type.String(), type: Type.String() }),
    ssrRemoteEntry: Type.Optional(Type.Object({ name: Type.String(), path: Type.String(), type: Type.String() })),
  }),
  exposes: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      path: Type.Optional(Type.String()),
      assets: Type.Object({ js: AssetListSchema, css: AssetListSchema }),
    }),
  ),
  site: SiteManifestInfoSchema,
});
export type RemoteManifest = Static<typeof RemoteManifestSchema>;
