'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createRemoteBuild } = require('./remote');
const { createShellBuild } = require('./shell');
const { runWebpack } = require('./run');
const { finalizeRemoteManifest, previousBuild, readTeamContract } = require('./manifest');
const { precompressDir } = require('./precompress');
const { sharedDependencies, SINGLETONS } = require('./shared');
const { moduleRules } = require('./rules');

/**
 * Builds a remote: `buildRemote({ team: 'news' })` from the remote's folder. The sections are the folders of
 * `src/sections`; the result is a publishable `dist/` with one manifest. `cacheDirectory` (none by default):
 * see createRemoteBuild.
 */
async function buildRemote({ team, rootDir = process.cwd(), sections, mode, cacheDirectory }) {
  const build = createRemoteBuild({ team, rootDir, sections, mode, cacheDirectory });
  const previous = previousBuild(build.distDir);
  fs.rmSync(build.distDir, { recursive: true, force: true });
  const { warnings } = await runWebpack(build.configs);
  const { CONTRACTS_VERSION } = require('@site/contracts');
  const teamContract = readTeamContract(team, rootDir);
  const packageVersion = JSON.parse(fs.readFileSync(path.join(rootDir, 'package.json'), 'utf8')).version;
  const manifest = finalizeRemoteManifest({
    distDir: build.distDir,
    team,
    sections: build.sections,
    packageVersion,
    contractsVersion: CONTRACTS_VERSION,
    teamContract,
    previous,
  });
  // After the manifest is final (it is served too) and the version is computed (copies do not change it).
  await precompressDir(build.distDir);
  return { manifest, warnings, distDir: build.distDir };
}

/** Builds the shell (browser entry and Node server) into `dist/`. */
async function buildShell({ rootDir = process.cwd(), mode, runtimePlugins } = {}) {
  const build = createShellBuild({ rootDir, mode, runtimePlugins });
  fs.rmSync(build.distDir, { recursive: true, force: true });
  const result = await runWebpack(build.configs);
  // Only the browser files are served; the server build is required from disk.
  await precompressDir(path.join(build.distDir, 'browser'));
  return result;
}

module.exports = { buildRemote, buildShell, precompressDir, createShellBuild, createRemoteBuild, runWebpack, sharedDependencies, moduleRules, SINGLETONS };
