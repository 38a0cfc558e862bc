import fs from 'node:fs';
import path from 'node:path';
import { RemoteManifestSchema, validate, checkContractsCompatibility, type RemoteManifest } from '@site/contracts';
import { RegistryStateFile, type DeployedVersion, type RegistryState } from './state';

export interface RegistryPaths {
  /** Where published builds live: `<cdnDir>/<remote>/<version>/…`, served by the static host. */
  cdnDir: string;
  stateFile: string;
}

export function readBuildManifest(distDir: string): RemoteManifest {
  const file = path.join(distDir, 'mf-manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} not found: build the remote first`);
  const result = validate(RemoteManifestSchema, JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!result.ok) {
    throw new Error(`${file} is not a remote manifest: ${result.issues.map((i) => `${i.path} ${i.message}`).join('; ')}`);
  }
  if (!fs.existsSync(path.join(distDir, 'server', 'remoteEntry.js'))) throw new Error(`${distDir} has no server container`);
  return result.value;
}

/**
 * Publishes a remote build to the static host (immutable: a version folder is never overwritten) and points
 * the registry at it. A build whose contracts the platform cannot serve is refused here already.
 */
export function deployBuild(paths: RegistryPaths, distDir: string): { remote: string; version: string; state: RegistryState } {
  const manifest = readBuildManifest(distDir);
  const { team, version, contractsVersion } = manifest.site;
  const compatibility = checkContractsCompatibility(contractsVersion);
  if (!compatibility.compatible) throw new Error(`refusing ${team}@${version}: ${compatibility.reason}`);
  const target = path.join(paths.cdnDir, team, version);
  if (!fs.existsSync(path.join(target, 'mf-manifest.json'))) {
    const staging = `${target}.staging-${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.cpSync(distDir, staging, { recursive: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  }
  const deployed: DeployedVersion = {
    version,
    manifest: `${team}/${version}/mf-manifest.json`,
    deployedAt: new Date().toISOString(),
    contractsVersion,
    sections: manifest.site.sections.map((section) => section.name),
  };
  return { remote: team, version, state: pointRegistryAt(paths, team, deployed) };
}

/** Registers a version hosted elsewhere (its own CDN): the registry stores the absolute manifest URL. */
export function registerExternal(paths: RegistryPaths, remote: string, version: string, manifestUrl: string): RegistryState {
  new URL(manifestUrl);
  return pointRegistryAt(paths, remote, { version, manifest: manifestUrl, deployedAt: new Date().toISOString() });
}

function pointRegistryAt(paths: RegistryPaths, remote: string, deployed: DeployedVersion): RegistryState {
  return new RegistryStateFile(paths.stateFile).update((state) => {
    const entry = (state.remotes[remote] ??= { current: deployed.version, history: [] });
    entry.history = entry.history.filter((item) => item.version !== deployed.version);
    entry.history.push(deployed);
    entry.current = deployed.version;
  });
}

/** Points the registry back at an earlier version: the given one, or the one deployed before the current. */
export function rollback(paths: RegistryPaths, remote: string, toVersion?: string): { version: string; state: RegistryState } {
  const stateFile = new RegistryStateFile(paths.stateFile);
  const entry = stateFile.read().remotes[remote];
  if (!entry) throw new Error(`remote ${remote} has never been deployed`);
  const index = entry.history.findIndex((item) => item.version === entry.current);
  const target = toVersion
    ? entry.history.find((item) => item.version === toVersion)
    : index > 0
      ? entry.history[index - 1]
      : undefined;
  if (!target) {
    throw new Error(
      toVersion ? `remote ${remote} has no deployed version ${toVersion}` : `remote ${remote} has no version before ${entry.current}`,
    );
  }
  const state = stateFile.update((draft) => {
    draft.remotes[remote]!.current = target.version;
  });
  return { version: target.version, state };
}

/** Removes a remote from the registry (its published builds stay on the static host). */
export function retire(paths: RegistryPaths, remote: string): RegistryState {
  return new RegistryStateFile(paths.stateFile).update((state) => {
    if (!state.remotes[remote]) throw new Error(`remote ${remote} is not registered`);
    delete state.remotes[remote];
  });
}
