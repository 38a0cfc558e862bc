import type { RegistryDocument } from '@site/contracts';
import type { DeployedVersion, RegistryState } from './state';
import { isActivePreview } from './previews';

/** Script and stylesheet hashes go to shells (browser integrity attributes); compressed copies do not. */
const INTEGRITY_FILE = /\.(?:js|css|json)$/;

function integrityOf(version: DeployedVersion): { serverEntrySha256?: string; files?: Record<string, string> } {
  if (!version.files) return {};
  const files = Object.fromEntries(Object.entries(version.files).filter(([name]) => INTEGRITY_FILE.test(name)));
  const server = version.files['server/remoteEntry.js'];
  return { ...(server ? { serverEntrySha256: server } : {}), files };
}

/** The document shells poll: each live remote's manifest URL and hashes, its canary, and the active previews. */
export function toRegistryDocument(state: RegistryState, remotesPublicUrl: string, now = Date.now()): RegistryDocument {
  const base = remotesPublicUrl.endsWith('/') ? remotesPublicUrl : `${remotesPublicUrl}/`;
  const urlOf = (version: DeployedVersion) => (/^https?:\/\//.test(version.manifest) ? version.manifest : new URL(version.manifest, base).toString());
  // Active previews only (a revoked or expired one leaves the document; shells also check the expiry themselves).
  const previews = (state.previews ?? []).flatMap((preview) => {
    const version = state.remotes[preview.remote]?.history.find((item) => item.version === preview.version);
    if (!version || !isActivePreview(preview, now)) return [];
    return [
      {
        id: preview.id,
        remote: preview.remote,
        version: preview.version,
        manifestUrl: urlOf(version),
        tokenSha256: preview.tokenSha256,
        expiresAt: preview.expiresAt,
        ...integrityOf(version),
      },
    ];
  });
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
    ...(previews.length > 0 ? { previews } : {}),
  };
}
