'use strict';
const path = require('node:path');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedDependencies } = require('./shared');
const { moduleRules } = require('./rules');
const { discoverSections, assertSectionNames, assertNoShellOwnedImports, writeExposeModules } = require('./sections');
const { resolveOptions } = require('./resolve');
const { ChunkIntegrityPlugin } = require('./chunk-integrity');
const { babelConfigFile } = require('./paths');

const TEAM_NAME = /^[a-z][a-z0-9_]{1,39}$/;

function baseConfig({ rootDir, mode, side, classPrefix, designSystemCss }) {
  return {
    mode,
    context: rootDir,
    devtool: mode === 'production' ? false : 'cheap-module-source-map',
    resolve: resolveOptions(side),
    module: { rules: moduleRules({ side, classPrefix, designSystemCss }) },
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
    // Node loads the server container from disk: minifying it would cost build time and readable stack traces.
    ...(side === 'server' ? { optimization: { minimize: false } } : {}),
  };
}

/**
 * The two builds of a remote: a browser container and a Node container, side by side in `dist/`
 * (`dist/` for the browser, `dist/server/` for Node). Nothing in the output names a host: the public path is
 * inferred from wherever the manifest is published, so one build can be deployed anywhere unchanged.
 *
 * `cacheDirectory` keeps webpack's filesystem cache there (none by default): builds that repeat in the same
 * `rootDir` (the cache knows modules by absolute path) then redo only the modules and chunks that changed. The
 * output is the same as without it.
 */
function createRemoteBuild({
  team,
  rootDir,
  sections,
  mode = process.env.NODE_ENV === 'development' ? 'development' : 'production',
  distDir = path.join(rootDir, 'dist'),
  cacheDirectory,
}) {
  if (!TEAM_NAME.test(team)) throw new Error(`Remote team name "${team}" must match ${TEAM_NAME}`);
  const sectionList = sections ?? discoverSections(rootDir);
  assertSectionNames(team, sectionList);
  assertNoShellOwnedImports(rootDir);
  const exposes = writeExposeModules({ rootDir, team, sections: sectionList });

  const browser = {
    // The shell ships the design system's stylesheet once per page; see moduleRules.
    ...baseConfig({ rootDir, mode, side: 'browser', classPrefix: team, designSystemCss: false }),
    name: `${team}:browser`,
    target: 'web',
    entry: {},
    output: {
      path: distDir,
      publicPath: 'auto',
      uniqueName: `site_remote_${team}`,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      cssFilename: '[name].[contenthash:10].css',
      // Chunks are fetched with CORS, so that the browser can check them against the hashes below.
      crossOriginLoading: 'anonymous',
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      // Every chunk the remote's own runtime loads carries the sha256 it was built with (see chunk-integrity.js).
      new ChunkIntegrityPlugin(),
      new ModuleFederationPlugin({
        name: team,
        filename: 'remoteEntry.js',
        exposes,
        shared: sharedDependencies({ side: 'browser', role: 'remote' }),
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        // The shell provides the federation runtime in the browser: each remote entry would otherwise carry its
        // own copy (~60 KiB). Remotes therefore run only inside the shell, which is how they are deployed.
        experiments: { externalRuntime: true, optimization: { target: 'web' } },
      }),
    ],
  };

  const server = {
    ...baseConfig({ rootDir, mode, side: 'server', classPrefix: team }),
    name: `${team}:server`,
    target: 'async-node',
    entry: {},
    output: {
      path: path.join(distDir, 'server'),
      // Chunks resolve against the URL the container was loaded from (see the node runtime plugin).
      publicPath: '',
      uniqueName: `site_remote_${team}_server`,
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs-module', name: team },
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].css', chunkFilename: '[name].css' }),
      // The Node container is one file. After a new version is registered under the same name, the federation
      // runtime reuses the remote's existing instance and skips the new container's runtime plugins (they are
      // de-duplicated by name), so a new version could not load chunks of its own; with none to load, it needs
      // nothing from them. It also makes a server-side load a single request.
      new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
      new ModuleFederationPlugin({
        name: team,
        filename: 'remoteEntry.js',
        library: { type: 'commonjs-module', name: team },
        remoteType: 'script',
        exposes,
        shared: sharedDependencies({ side: 'server', role: 'remote' }),
        shareStrategy: 'loaded-first',
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), require.resolve('../runtime/server-fetch-guard.js')],
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        experiments: { optimization: { target: 'node' } },
      }),
    ],
  };

  const configs = [browser, server];
  if (cacheDirectory) {
    for (const config of configs) {
      config.cache = { type: 'filesystem', cacheDirectory, buildDependencies: { preset: [`${__dirname}/`, babelConfigFile] } };
    }
  }
  return { team, sections: sectionList, distDir, configs };
}

module.exports = { createRemoteBuild };
