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
 * One manifest per remote build: the browser manifest, plus where the Node container is (`ssrRemoteEntry`)
 * and the site block the shell reads (team, version, core contracts version, the team contract's version, sections).
 */
function finalizeRemoteManifest({ distDir, team, sections, packageVersion, contractsVersion, teamContract = null }) {
  const browserManifest = ownStylesheets(JSON.parse(fs.readFileSync(path.join(distDir, MANIFEST), 'utf8')));
  const serverDir = path.join(distDir, 'server');
  const serverManifest = JSON.parse(fs.readFileSync(path.join(serverDir, MANIFEST), 'utf8'));
  const version = contentVersion(distDir, packageVersion);
  const serverEntry = serverManifest.metaData.remoteEntry;
  browserManifest.metaData.ssrRemoteEntry = {
    ...serverEntry,
    path: path.posix.join('server', serverEntry.path || ''),
  };
  browserManifest.metaData.buildInfo = { ...browserManifest.metaData.buildInfo, buildVersion: version };
  browserManifest.site = {
    team,
    version,
    contractsVersion,
    ...(teamContract ? { teamContract } : {}),
    builtAt: new Date().toISOString(),
    sections: sections.map((name) => ({ name, expose: `./${name}` })),
  };
  fs.writeFileSync(path.join(distDir, MANIFEST), `${JSON.stringify(browserManifest, null, 2)}\n`);
  // The server manifest and stats are build by-products; the merged manifest is the one published.
  for (const byProduct of [path.join(serverDir, MANIFEST), path.join(serverDir, 'mf-manifest-stats.json'), path.join(distDir, 'mf-manifest-stats.json')]) {
    fs.rmSync(byProduct, { force: true });
  }
  return browserManifest;
}

module.exports = { finalizeRemoteManifest, ownStylesheets };
