/**
 * The version of these contracts. A remote records the version it was built with in its manifest;
 * the shell refuses to render sections of a remote whose contracts are incompatible with its own.
 *
 * 2.0.0: the router is no longer a federation-shared package; sections route through `@site/ui`
 * (usePageLocation, usePageQuery, useNavigateTo, SiteLink). A 1.x build would load a router of its own, so it
 * is refused as a whole (and reported on the dashboard) rather than failing section by section.
 *
 * 3.0.0: each team's data shapes left the core for the team's own entry (`@site/contracts/news` …), built into the
 * team's remote. A 2.x build takes those shapes from the shared core, which no longer has them, so it is refused.
 * This version covers the core only: a team's own contract has its own version (see TeamContract).
 *
 * 4.0.0: browsers ship no TypeBox: in a browser build every schema is its checker, compiled at build time, and the
 * shared `validate` calls the one it is given. A 3.x build hands the shell TypeBox schemas, which browsers can no
 * longer check, so it is refused.
 */
export const CONTRACTS_VERSION = '4.0.0';

interface SemVer {
  major: number;
  minor: number;
  patch: number;
}

export function parseSemVer(version: string): SemVer | null {
  const match = /^(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/.exec(version.trim());
  if (!match) return null;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

export interface Compatibility {
  compatible: boolean;
  reason?: string;
}

/**
 * The compatibility rule: a remote may render in a host when both use the same major version and the
 * remote was built against a minor version the host already knows (minor versions only add optional
 * fields and capabilities, so a remote built against a newer minor may rely on something this host
 * does not provide yet).
 */
export function checkContractsCompatibility(remoteVersion: string, hostVersion: string = CONTRACTS_VERSION): Compatibility {
  const remote = parseSemVer(remoteVersion);
  const host = parseSemVer(hostVersion);
  if (!remote) return { compatible: false, reason: `remote contracts version "${remoteVersion}" is not a semantic version` };
  if (!host) return { compatible: false, reason: `host contracts version "${hostVersion}" is not a semantic version` };
  if (remote.major !== host.major) {
    return {
      compatible: false,
      reason: `remote built with contracts ${remoteVersion}, host has ${hostVersion}: major versions differ`,
    };
  }
  if (remote.minor > host.minor) {
    return {
      compatible: false,
      reason: `remote built with contracts ${remoteVersion}, newer than the host's ${hostVersion}`,
    };
  }
  return { compatible: true };
}
