import type { RegistryDocument } from '@site/contracts';
import type { DeployedVersion, RegistryState } from './state';

/** Script and stylesheet hashes go to shells (browser integrity attributes); compressed copies do not. */
const INTEGRITY_FILE = /\.(?:js|css|json)$/;

function integrityOf(version: DeployedVersion): { serverEntrySha256?: string; files?: Record<string, string> } {
  if (!version.files) return {};
  const files = Object.fromEntries(Object.entries(version.files).filter(([name]) => INTEGRITY_FILE.test(name)));
  const server = version.files['server/remoteEntry.js'];
  return { ...(server ? { serverEntrySha256: server } : {}), files };
}

/** The document shells poll: each live remote's manifest URL and hashes, and its canary. */
export function toRegistryDocument(state: RegistryState, remotesPublicUrl: string): RegistryDocument {
  const base = remotesPublicUrl.endsWith('/') ? remotesPublicUrl : `${remotesPublicUrl}/`;
  const urlOf = (version: DeployedVersion) => (/^https?:\/\//.test(version.manifest) ? version.manifest : new URL(version.manifest, base).toString());
  return {
    revision: state.revision,
    updatedAt: state.updatedAt,
    remotes: Object.entries(state.remotes)
      .map(([name, remote]) => {
        const current = remote.history.find((item) => item.version === remote.current);
        if (!current) return null;
        const canaryVersion = remote.canary ? remote.history.find((item) => item.version === remote.canary!.version) : undefined;
        return {
          name,
          version: current.version,
          manifestUrl: urlOf(current),
          deployedAt: current.deployedAt,
          ...integrityOf(current),
          ...(canaryVersion && remote.canary
            ? { canary: { version: canaryVersion.version, manifestUrl: urlOf(canaryVersion), percent: remote.canary.percent, ...integrityOf(canaryVersion) } }
            : {}),
        };
      })
      .filter((entry): entry is NonNullable<typeof entry> => entry !== null)
      .sort((a, b) => a.name.localeCompare(b.name)),
    ...(state.owners && Object.keys(state.owners).length > 0 ? { owners: { ...state.owners } } : {}),
  };
}
