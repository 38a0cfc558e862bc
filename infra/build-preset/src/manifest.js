'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const MANIFEST = 'mf-manifest.json';

function listFiles(dir, base = dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full)];
  });
}

/** A version that changes exactly when the built code changes: package version plus a hash of the output. */
function contentVersion(distDir, packageVersion) {
  const hash = crypto.createHash('sha256');
  for (const file of listFiles(distDir)
    .filter((f) => !/mf-(manifest|stats)\.json$/.test(f))
    .sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(distDir, file)));
  }
  return `${packageVersion}-${hash.digest('hex').slice(0, 10)}`;
}

/**
 * Each expose's stylesheets narrowed to its own: the federation manifest may list other exposes' CSS among an
 * expose's async assets (chunks it could reach, not chunks it loads), and the shell inlines every stylesheet a
 * section on the page names, so a page showing one section would otherwise carry the whole remote's CSS.
 */
function ownStylesheets(manifest) {
  const exposes = manifest.exposes ?? [];
  for (const expose of exposes) {
    const css = expose.assets?.css;
    if (!css) continue;
    const others = new Set(exposes.filter((other) => other !== expose).flatMap((other) => other.assets?.css?.sync ?? []));
    css.async = (css.async ?? []).filter((file) => !others.has(file) || css.sync.includes(file));
  }
  return manifest;
}

/**
 * The one manifest of a remote build: the browser manifest, plus where the Node container is (`ssrRemoteEntry`) and
 * the site block the shell reads (team, version, core contracts version, the team contract's version, sections).
 */
function mergeRemoteManifests({
  browserManifest,
  serverManifest,
  team,
  sections,
  version,
  contractsVersion,
  teamContract = null,
  builtAt = new Date().toISOString(),
}) {
  const merged = ownStylesheets(structuredClone(browserManifest));
  const serverEntry = serverManifest.metaData.remoteEntry;
  merged.metaData.ssrRemoteEntry = {
    ...serverEntry,
    path: path.posix.join('server', serverEntry.path || ''),
  };
  merged.metaData.buildInfo = { ...merged.metaData.buildInfo, buildVersion: version };
  merged.site = {
    team,
    version,
    contractsVersion,
    ...(teamContract ? { teamContract } : {}),
    builtAt,
    sections: sections.map((name) => ({ name, expose: `./${name}` })),
  };
  return merged;
}

/**
 * The team's own data contract as the remote's build resolves it (`@site/contracts/<team>`, bundled into the remote),
 * or null for a team without one. Read from the package the remote's folder resolves, so the manifest records the
 * version that was built in.
 */
function readTeamContract(team, rootDir) {
  let packageJson;
  try {
    packageJson = require.resolve('@site/contracts/package.json', { paths: [rootDir] });
  } catch {
    return null;
  }
  const file = path.join(path.dirname(packageJson), 'src', team, 'contract.json');
  if (!fs.existsSync(file)) return null;
  const { version } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return { entry: `@site/contracts/${team}`, version };
}

/** The browser and Node manifests webpack wrote into a remote's output folder. */
function readBuildManifests(distDir) {
  return {
    browserManifest: JSON.parse(fs.readFileSync(path.join(distDir, MANIFEST), 'utf8')),
    serverManifest: JSON.parse(fs.readFileSync(path.join(distDir, 'server', MANIFEST), 'utf8')),
  };
}

/**
 * What a remote's earlier build in `distDir` was (its manifest's version and build time), read before a new build
 * replaces it; null when there is none.
 * @returns {{ version: string, builtAt: string } | null}
 */
function previousBuild(distDir) {
  try {
    const { site } = JSON.parse(fs.readFileSync(path.join(distDir, MANIFEST), 'utf8'));
    return typeof site?.version === 'string' && typeof site.builtAt === 'string' ? { version: site.version, builtAt: site.builtAt } : null;
  } catch {
    return null;
  }
}

/**
 * One manifest per remote build, written over the browser manifest; the server manifest and stats are removed.
 * A build whose output is the `previous` build's (the same version) keeps that build's time, so the two are the same
 * files byte for byte: the registry takes a version once and refuses other files under it, and a rebuild of
 * unchanged code (a shared package changed, not what this remote bundles) publishes nothing new.
 */
function finalizeRemoteManifest({ distDir, team, sections, packageVersion, contractsVersion, teamContract = null, previous = null }) {
  const serverDir = path.join(distDir, 'server');
  const version = contentVersion(distDir, packageVersion);
  const builtAt = previous?.version === version ? previous.builtAt : undefined;
  const browserManifest = mergeRemoteManifests({ ...readBuildManifests(distDir), team, sections, version, contractsVersion, teamContract, builtAt });
  fs.writeFileSync(path.join(distDir, MANIFEST), `${JSON.stringify(browserManifest, null, 2)}\n`);
  // The server manifest and stats are build by-products; the merged manifest is the one published.
  for (const byProduct of [path.join(serverDir, MANIFEST), path.join(serverDir, 'mf-manifest-stats.json'), path.join(distDir, 'mf-manifest-stats.json')]) {
    fs.rmSync(byProduct, { force: true });
  }
  return browserManifest;
}

module.exports = { finalizeRemoteManifest, previousBuild, readTeamContract, mergeRemoteManifests, readBuildManifests, ownStylesheets };
