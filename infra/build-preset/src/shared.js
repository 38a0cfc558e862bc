'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { repoRoot } = require('./paths');

/**
 * Packages that must exist once per page (browser) or per process (server). Subpath keys (`react/`) share
 * `react/jsx-runtime`, `react-dom/client` and `react-dom/server`; without them a second React is bundled.
 * The router is not among them: only the shell imports it (through `@site/ui`'s SiteLink and routing hooks for
 * sections; remote builds refuse a direct import), so it stays tree-shaken instead of shipped whole (~60 KiB gzip).
 * `@site/contracts` (no trailing slash) shares the core entry only: a team's entry (`@site/contracts/news` …) is not
 * matched, so it is bundled into the remote that imports it and changes with that remote, not with the shell.
 */
const SINGLETONS = ['react', 'react/', 'react-dom', 'react-dom/', 'mobx', 'mobx-react-lite', 'react-intl', '@site/ui', '@site/contracts'];

/** Reads an installed package's version from disk: some packages do not export their package.json. */
function installedVersion(packageName) {
  for (const dir of require.resolve.paths(packageName) ?? []) {
    const file = path.join(dir, packageName, 'package.json');
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).version;
  }
  throw new Error(`Shared package ${packageName} is not installed`);
}

/**
 * The `shared` option of ModuleFederationPlugin, identical for the shell and every remote.
 * On the server, remotes take every shared package from the shell (`import: false`): the shell is the one
 * provider of React on the server, so remote code and shell code render with the same instance.
 */
function sharedDependencies({ side, role }) {
  const shared = {};
  for (const key of SINGLETONS) {
    const packageName = key.endsWith('/') ? key.slice(0, -1) : key;
    const version = installedVersion(packageName);
    shared[key] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      ...(side === 'server' && role === 'remote' ? { import: false } : {}),
    };
  }
  return shared;
}

module.exports = { SINGLETONS, sharedDependencies, installedVersion, resolveFromRoot: (p) => path.join(repoRoot, p) };
