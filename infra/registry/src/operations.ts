import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACTS_VERSION, RemoteManifestSchema, validate, checkContractsCompatibility, type RemoteManifest } from '@site/contracts';
import { SqliteRegistryStore, type AuditInput, type DeployedVersion, type RegistryState, type RegistryStore } from './state';
import { PgRegistryStore } from './pg-store';
import { checkShared, type ExternalRelease, type HostDeclaration } from './gates';
import { publishFolderAtomically } from './publish-folder';
import { describeBudget, describeGrowth, measureSections, sizeGrowthPastBudget, type SizeBudget, type SizeGrowth } from './size-budget';

/** A build's federation manifest, the file a version is published and registered by. */
const MANIFEST_FILE = 'mf-manifest.json';

export interface RegistryPaths {
  /** Where published builds live: `<cdnDir>/<remote>/<version>/…`, served by the static host. */
  cdnDir: string;
  /** The registry database (SQLite), unless `databaseUrl` is given. */
  stateFile: string;
  /** PostgreSQL instead of SQLite (`REGISTRY_DATABASE_URL`, else `DATABASE_URL`): several registry instances share it. */
  databaseUrl?: string;
  /** The PostgreSQL schema of the registry's tables (default: the connection's). */
  databaseSchema?: string;
  /** PostgreSQL pool settings (REGISTRY_DB_STATEMENT_TIMEOUT_MS, REGISTRY_DB_CONNECT_TIMEOUT_MS, REGISTRY_DB_POOL_SIZE). */
  database?: { statementTimeoutMs?: number; connectionTimeoutMs?: number; poolSize?: number };
}

/** A refusal the API answers with its status (400 bad input, 404 unknown, 409 conflict). */
export class RegistryError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const stores = new Map<string, RegistryStore>();

/**
 * One open database per file (or PostgreSQL database and schema) and process: one SQLite handle, or one pool of
 * PostgreSQL connections, serves every caller. A bare file name opens SQLite.
 */
type StoreLocation = Pick<RegistryPaths, 'stateFile' | 'databaseUrl' | 'databaseSchema' | 'database'>;

function storeKey(where: string | StoreLocation): { paths: StoreLocation; key: string } {
  const paths: StoreLocation = typeof where === 'string' ? { stateFile: where } : where;
  return { paths, key: paths.databaseUrl ? `${paths.databaseUrl}#${paths.databaseSchema ?? ''}` : paths.stateFile };
}

export function openStore(where: string | StoreLocation): RegistryStore {
  const { paths, key } = storeKey(where);
  let store = stores.get(key);
  if (!store) {
    store = paths.databaseUrl
      ? new PgRegistryStore({ databaseUrl: paths.databaseUrl, ...(paths.databaseSchema ? { schema: paths.databaseSchema } : {}), ...paths.database })
      : new SqliteRegistryStore(paths.stateFile);
    stores.set(key, store);
  }
  return store;
}

/** Closes an open store (tests, and a registry that stops). */
export async function closeStore(where: string | StoreLocation): Promise<void> {
  const { key } = storeKey(where);
  const store = stores.get(key);
  stores.delete(key);
  await store?.close();
}

export function readBuildManifest(distDir: string): RemoteManifest {
  const file = path.join(distDir, 'mf-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} not found: build the remote first`);
  if (!fs.existsSync(path.join(distDir, 'server', 'remoteEntry.js'))) throw new Error(`${distDir} has no server container`);
  return parseManifest(fs.readFileSync(file));
}

function parseManifest(body: Buffer): RemoteManifest {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new RegistryError(400, 'mf-manifest.json is not JSON');
  }
  const result = validate(RemoteManifestSchema, json);
  if (!result.ok) throw new RegistryError(400, `mf-manifest.json is not a remote manifest: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  return result.value;
}

/**
 * Every file of a build folder, by its path inside it (forward slashes). Hidden files are not the build's: the
 * build runner's stamp of what it built from (`.build-stamp`), an editor's or a file manager's notes. Published, a
 * stamp that changes with the build tools would make a rebuild of the same code "other files" under its version.
 */
export function readBuildFiles(distDir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) files.set(relative, fs.readFileSync(path.join(dir, entry.name)));
    }
  };
  walk(distDir, '');
  return files;
}

const SAFE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._@+-]+(?:\/[A-Za-z0-9._@+-]+)*$/;

export interface Actor {
  /** `platform` for the platform team, else the team's remote name. */
  name: string;
}

export interface PublishOptions {
  actor: Actor;
  /** What the live shells declare; when none reported, the registry's own contracts version stands in. */
  hosts?: HostDeclaration[];
  /** Refuse a release growing a section's first-load JavaScript past this budget (none: sizes are only recorded). */
  sizeBudget?: SizeBudget;
  /** The team's reason for accepting growth past the budget (recorded in the audit log). */
  acceptSizeGrowth?: string;
}

/** What a publish did: the version, whether it is new, and the size growth past the budget a team accepted. */
export interface Publication {
  remote: string;
  version: string;
  created: boolean;
  acceptedGrowth: SizeGrowth[];
}

/**
 * Publishes one immutable version of a remote: checks the gates (contracts and shared singletons against the live
 * shells, section names owned by no other remote, the size budget against the live version), records every file's
 * sha256 and each section's compressed first-load size, and writes the folder the static host serves. Publishing
 * the same version again with the same files changes nothing; with other files it is refused.
 */
export async function publishVersion(paths: RegistryPaths, files: Map<string, Buffer>, options: PublishOptions): Promise<Publication> {
  const manifestFile = files.get(MANIFEST_FILE);
  if (!manifestFile) throw new RegistryError(400, `the upload has no ${MANIFEST_FILE}: build the remote first`);
  if (!files.has('server/remoteEntry.js')) throw new RegistryError(400, 'the upload has no server container (server/remoteEntry.js)');
  for (const name of files.keys()) if (!SAFE_PATH.test(name)) throw new RegistryError(400, `refusing file path ${JSON.stringify(name)}`);
  const manifest = parseManifest(manifestFile);
  const { team, version, contractsVersion } = manifest.site;
  if (options.actor.name !== 'platform' && options.actor.name !== team) {
    throw new RegistryError(403, `team ${options.actor.name} may not publish ${team}`);
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/.test(version)) throw new RegistryError(400, `version ${JSON.stringify(version)} is not a valid version name`);
  checkGates(manifest, options.hosts ?? []);

  const hashes = Object.fromEntries([...files].map(([name, body]) => [name, sha256(body)]).sort(([a], [b]) => a!.localeCompare(b!)));
  const sections = manifest.site.sections.map((section) => section.name);
  const shared = Object.fromEntries(
    ((manifest as { shared?: Array<{ name: string; requiredVersion?: string; version?: string }> }).shared ?? []).map((item) => [
      item.name,
      item.requiredVersion ?? `^${item.version}`,
    ]),
  );
  const { sizes, missing } = await measureSections(manifest, files);
  if (missing) throw new RegistryError(400, `the manifest names ${missing} as a section's first load, but the upload does not have it`);
  const store = openStore(paths);
  let created = false;
  let acceptedGrowth: SizeGrowth[] = [];
  await store.update((state) => {
    claimSections(state, team, sections);
    const entry = (state.remotes[team] ??= { current: '', history: [] });
    // A version registered from another host (an absolute manifest URL): publishing it here replaces that registration.
    entry.history = entry.history.filter((item) => item.version !== version || (item.files && !/^https?:\/\//.test(item.manifest)));
    const existing = entry.history.find((item) => item.version === version);
    if (existing) {
      // Hidden files an earlier registry took from a build folder (the build runner's stamp) are not the build's.
      const published = Object.fromEntries(Object.entries(existing.files ?? {}).filter(([name]) => !name.split('/').some((part) => part.startsWith('.'))));
      if (JSON.stringify(published) !== JSON.stringify(hashes) && !rebuildOf(paths, team, version, published, hashes, manifestFile)) {
        throw new RegistryError(409, `${team}@${version} is already published with other files; versions are immutable: build a new version`);
      }
      return;
    }
    if (options.sizeBudget) {
      const live = entry.history.find((item) => item.version === entry.current);
      const grown = sizeGrowthPastBudget(live?.sizes, sizes, options.sizeBudget);
      if (grown.length > 0 && !options.acceptSizeGrowth) {
        throw new RegistryError(
          409,
          `refusing ${team}@${version}: first-load JavaScript (gzip) grows past the size budget (${describeBudget(options.sizeBudget)}) against the live ${team}@${entry.current}: ${grown.map(describeGrowth).join('; ')}; accept it explicitly with a reason (site-remotes deploy --accept-size-growth "<reason>")`,
        );
      }
      acceptedGrowth = grown;
    }
    writeVersionFolder(paths, team, version, files);
    created = true;
    entry.history.push({
      version,
      manifest: `${team}/${version}/mf-manifest.json`,
      deployedAt: new Date().toISOString(),
      contractsVersion,
      sections,
      files: hashes,
      shared,
      sizes,
    });
  });
  return { remote: team, version, created, acceptedGrowth };
}

function checkGates(manifest: RemoteManifest, hosts: HostDeclaration[]): void {
  const { team, version, contractsVersion } = manifest.site;
  const declared = hosts.length > 0 ? hosts : [{ instance: 'registry', contractsVersion: CONTRACTS_VERSION, shared: {} }];
  for (const host of declared) {
    const compatibility = checkContractsCompatibility(contractsVersion, host.contractsVersion);
    if (!compatibility.compatible) throw new RegistryError(409, `refusing ${team}@${version}: ${compatibility.reason} (shell ${host.instance})`);
    const problem = checkShared((manifest as { shared?: Array<{ name: string; requiredVersion?: string; version?: string }> }).shared ?? [], host.shared);
    if (problem) throw new RegistryError(409, `refusing ${team}@${version}: ${problem} (shell ${host.instance})`);
  }
}

/** A section name belongs to the first remote that published it; the platform team may transfer it. */
function claimSections(state: RegistryState, team: string, sections: string[]): void {
  const owners = (state.owners ??= {});
  for (const section of sections) {
    const owner = owners[section] ?? ownerFromHistory(state, section, team);
    if (owner && owner !== team) throw new RegistryError(409, `section ${section} is owned by remote ${owner}; ask the platform team to transfer it`);
  }
  for (const section of sections) owners[section] = team;
}

/** Ownership of names published before ownership was recorded: the remote whose live version defines it. */
function ownerFromHistory(state: RegistryState, section: string, except: string): string | null {
  for (const [name, remote] of Object.entries(state.remotes)) {
    if (name === except) continue;
    if (remote.history.find((item) => item.version === remote.current)?.sections?.includes(section)) return name;
  }
  return null;
}

/**
 * Whether an upload is the published version built again: the same code files (the version's name is their hash),
 * and a manifest that differs at most in its build time. Code built anew after other code was built in between (a
 * branch switched back) gets a new build time; the version stays what was published first, files and time.
 */
function rebuildOf(
  paths: RegistryPaths,
  team: string,
  version: string,
  published: Record<string, string>,
  hashes: Record<string, string>,
  manifestFile: Buffer,
): boolean {
  const names = Object.keys(hashes);
  if (names.length !== Object.keys(published).length) return false;
  if (names.some((name) => name !== MANIFEST_FILE && published[name] !== hashes[name])) return false;
  let stored: { site?: { builtAt?: unknown } };
  try {
    stored = JSON.parse(fs.readFileSync(path.join(versionFolder(paths, team, version), MANIFEST_FILE), 'utf8')) as typeof stored;
  } catch {
    return false;
  }
  const upload = JSON.parse(manifestFile.toString('utf8')) as { site: Record<string, unknown> };
  return JSON.stringify({ ...upload, site: { ...upload.site, builtAt: stored.site?.builtAt } }) === JSON.stringify(stored);
}

/** Where a version published here lives: `<cdnDir>/<remote>/<version>`. */
function versionFolder(paths: RegistryPaths, team: string, version: string): string {
  return path.join(paths.cdnDir, team, version);
}

function writeVersionFolder(paths: RegistryPaths, team: string, version: string, files: Map<string, Buffer>): void {
  publishFolderAtomically(versionFolder(paths, team, version), files);
}

function sha256(body: Buffer): string {
  return crypto.createHash('sha256').update(body).digest('hex');
}

async function audited<T>(
  paths: RegistryPaths,
  entry: { actor: Actor; action: string; remote: string; to?: string | null },
  run: (from: string | null) => Promise<{ to: string | null; result: T; detail?: string }>,
): Promise<T> {
  const store = openStore(paths);
  const from = (await store.read()).remotes[entry.remote]?.current || null;
  try {
    const outcome = await run(from);
    await store.audit({
      actor: entry.actor.name,
      action: entry.action,
      remote: entry.remote,
      from,
      to: outcome.to,
      outcome: 'ok',
      detail: outcome.detail ?? null,
    });
    return outcome.result;
  } catch (error) {
    const refused = error instanceof RegistryError && error.statusCode < 500;
    await store.audit({
      actor: entry.actor.name,
      action: entry.action,
      remote: entry.remote,
      from,
      to: entry.to ?? null,
      outcome: refused ? 'refused' : 'failed',
      detail: (error as Error).message,
    });
    throw error;
  }
}

export function authorize(actor: Actor, remote: string): void {
  if (actor.name !== 'platform' && actor.name !== remote) throw new RegistryError(403, `team ${actor.name} may not change remote ${remote}`);
}

/** Makes a published version live for everyone (ending any canary), or for a share of visitors as a canary. */
export async function activate(
  paths: RegistryPaths,
  remote: string,
  version: string,
  options: {
    actor: Actor;
    canaryPercent?: number;
    action?: string;
    detail?: string;
    /** The registry's own verdict (canary analysis), not a team's request. */ verdict?: boolean;
  },
): Promise<RegistryState> {
  const action = options.action ?? (options.canaryPercent ? 'canary' : 'activate');
  return audited(paths, { actor: options.actor, action, remote, to: version }, async () => {
    if (!options.verdict) authorize(options.actor, remote);
    const state = await openStore(paths).update((draft) => {
      const entry = draft.remotes[remote];
      const target = entry?.history.find((item) => item.version === version);
      if (!entry || !target) throw new RegistryError(404, `remote ${remote} has no published version ${version}`);
      // Going live is a gate of its own: a name transferred since the publish is no longer this remote's to serve.
      if (target.sections) claimSections(draft, remote, target.sections);
      if (options.canaryPercent !== undefined && options.canaryPercent > 0 && options.canaryPercent < 100 && entry.current && entry.current !== version) {
        entry.canary = { version, percent: options.canaryPercent, startedAt: new Date().toISOString(), actor: options.actor.name };
      } else {
        entry.current = version;
        entry.canary = null;
      }
    });
    return { to: version, result: state, ...(options.detail ? { detail: options.detail } : {}) };
  });
}

/** Publishes a build folder and makes it live (what `npm start` and the platform's own tooling run locally). */
export async function deployBuild(
  paths: RegistryPaths,
  distDir: string,
  actor: Actor = { name: 'platform' },
): Promise<{ remote: string; version: string; state: RegistryState }> {
  readBuildManifest(distDir);
  const { remote, version } = await publishVersion(paths, readBuildFiles(distDir), { actor });
  return { remote, version, state: await activate(paths, remote, version, { actor }) };
}

/**
 * Registers a version hosted elsewhere (its own CDN): the registry stores the absolute manifest URL. `release` is
 * what the gate found at that URL (see checkExternalRelease): its section names are claimed like a publish's, in
 * the same transaction, and its hashes recorded. The API always passes it; the platform's own tooling may not.
 */
export async function registerExternal(
  paths: RegistryPaths,
  remote: string,
  version: string,
  manifestUrl: string,
  actor: Actor = { name: 'platform' },
  release?: ExternalRelease,
): Promise<RegistryState> {
  return audited(paths, { actor, action: 'register', remote, to: version }, async () => {
    authorize(actor, remote);
    let url: URL;
    try {
      url = new URL(manifestUrl);
    } catch {
      throw new RegistryError(400, `${manifestUrl} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RegistryError(400, `${manifestUrl} is not an http(s) URL`);
    const state = await openStore(paths).update((draft) => {
      if (release) claimSections(draft, remote, release.sections);
      const entry = (draft.remotes[remote] ??= { current: version, history: [] });
      entry.history = entry.history.filter((item) => item.version !== version);
      const facts = release ? { contractsVersion: release.contractsVersion, sections: release.sections, shared: release.shared, files: release.files } : {};
      entry.history.push({ version, manifest: manifestUrl, deployedAt: new Date().toISOString(), ...facts });
      entry.current = version;
      entry.canary = null;
    });
    return { to: version, result: state };
  });
}

/**
 * Points the registry back at an earlier version: the given one, or the last one before the current that was not
 * judged bad (a failed canary, refused by the shells) and whose contracts the platform serves.
 */
export async function rollback(
  paths: RegistryPaths,
  remote: string,
  toVersion?: string,
  actor: Actor = { name: 'platform' },
  detail?: string,
): Promise<{ version: string; state: RegistryState }> {
  return audited(paths, { actor, action: 'rollback', remote, to: toVersion ?? null }, async () => {
    authorize(actor, remote);
    let chosen = '';
    const state = await openStore(paths).update((draft) => {
      const entry = draft.remotes[remote];
      if (!entry) throw new RegistryError(404, `remote ${remote} has never been deployed`);
      const index = entry.history.findIndex((item) => item.version === entry.current);
      const good = (item: DeployedVersion) => !item.bad && (!item.contractsVersion || checkContractsCompatibility(item.contractsVersion).compatible);
      const target = toVersion ? entry.history.find((item) => item.version === toVersion) : entry.history.slice(0, Math.max(index, 0)).reverse().find(good);
      if (!target) {
        throw new RegistryError(
          404,
          toVersion ? `remote ${remote} has no deployed version ${toVersion}` : `remote ${remote} has no good version before ${entry.current}`,
        );
      }
      chosen = target.version;
      entry.current = target.version;
      entry.canary = null;
    });
    return { to: chosen, result: { version: chosen, state }, ...(detail ? { detail } : {}) };
  });
}

/**
 * The automatic verdict on a canary, made once: the canary is read under the state's row lock, in the transaction
 * that ends it and records the audit entry, and only the canary the judge looked at (`version`, when given) is acted
 * on. A second judge racing on the same canary finds it ended and changes nothing. Answers null when there was no
 * such canary to act on.
 */
async function verdictOn(
  paths: RegistryPaths,
  remote: string,
  version: string | undefined,
  act: (entry: RegistryState['remotes'][string], canary: NonNullable<RegistryState['remotes'][string]['canary']>) => AuditInput,
): Promise<RegistryState | null> {
  let acted = false;
  const state = await openStore(paths).update((draft) => {
    const entry = draft.remotes[remote];
    const canary = entry?.canary;
    if (!entry || !canary || (version !== undefined && canary.version !== version)) return { skip: true };
    acted = true;
    return { audit: [act(entry, canary)] };
  });
  return acted ? state : null;
}

/** Marks a version bad (rollback skips it) and ends its canary: the automatic verdict on a failed canary. */
export function rejectCanary(paths: RegistryPaths, remote: string, reason: string, version?: string): Promise<RegistryState | null> {
  return verdictOn(paths, remote, version, (entry, canary) => {
    const judged = entry.history.find((item) => item.version === canary.version);
    if (judged) judged.bad = reason;
    entry.canary = null;
    return {
      actor: 'canary-analysis',
      action: 'canary-rollback',
      remote,
      from: entry.current || null,
      to: entry.current || null,
      outcome: 'ok',
      detail: `canary ${canary.version} rolled back: ${reason}`,
    };
  });
}

/** Makes the canary the live version for everyone: the automatic verdict on a healthy canary. */
export function promoteCanary(paths: RegistryPaths, remote: string, reason: string, version?: string): Promise<RegistryState | null> {
  return verdictOn(paths, remote, version, (entry, canary) => {
    const from = entry.current || null;
    entry.current = canary.version;
    entry.canary = null;
    return {
      actor: 'canary-analysis',
      action: 'canary-promote',
      remote,
      from,
      to: canary.version,
      outcome: 'ok',
      detail: `canary ${canary.version} promoted: ${reason}`,
    };
  });
}

/** Removes a remote from the registry (its published builds stay on the static host). */
export async function retire(paths: RegistryPaths, remote: string, actor: Actor = { name: 'platform' }): Promise<RegistryState> {
  return audited(paths, { actor, action: 'retire', remote }, async () => {
    authorize(actor, remote);
    const state = await openStore(paths).update((draft) => {
      if (!draft.remotes[remote]) throw new RegistryError(404, `remote ${remote} is not registered`);
      delete draft.remotes[remote];
    });
    return { to: null, result: state };
  });
}

/** Gives a section name to another remote (platform team only). */
export async function transferSection(paths: RegistryPaths, section: string, toRemote: string, actor: Actor): Promise<RegistryState> {
  return audited(paths, { actor, action: 'transfer-section', remote: toRemote, to: section }, async () => {
    if (actor.name !== 'platform') throw new RegistryError(403, 'only the platform team transfers section names');
    const state = await openStore(paths).update((draft) => {
      (draft.owners ??= {})[section] = toRemote;
    });
    return { to: section, result: state, detail: `section ${section} now belongs to ${toRemote}` };
  });
}
