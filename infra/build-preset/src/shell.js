'use strict';
const path = require('node:path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const webpack = require('webpack');
const { sharedDependencies, browserSharedModuleSource } = require('./shared');
const { moduleRules } = require('./rules');
const { resolveOptions } = require('./resolve');
const { shellInlineScripts } = require('./inline-script');

/**
 * Node packages the shell server requires at run time instead of bundling them. rate-limiter-flexible among them: its
 * index loads every store it supports, and its Drizzle stores import their driver by a computed name, which a bundle
 * cannot resolve (webpack's "critical dependency" warning); Node imports it only if such a store is ever used.
 */
const SERVER_EXTERNALS = /^(fastify|@fastify\/.+|jsdom|pino(-.+)?|better-sqlite3|knex|pg|rate-limiter-flexible)(\/.*)?$/;

/** The virtual module (`virtual:<name>`) of the shared modules the browser shell provides to remotes. */
const BROWSER_SHARED_MODULE = 'site-browser-shared';

const SHELL_ASSETS_FILE = 'shell-assets.json';
/** Which packages each chunk of the browser build holds (see chunkContents), for the size report. */
const SHELL_CHUNKS_FILE = 'shell-chunks.json';

/** Writes the browser entry's files (JS and CSS, in load order) for the server-rendered document. */
class ShellAssetsPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ShellAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellAssetsPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () =>
        this.writeAssets(compiler, compilation),
      );
    });
  }

  writeAssets(compiler, compilation) {
    {
      const entry = compilation.entrypoints.get('main');
      const files = entry ? entry.getFiles() : [];
      // Shared modules (the design system among them) live in async chunks; their CSS must still be in the
      // server-rendered head, so every stylesheet of the build is listed.
      // The scripts of a lazily loaded chunk and of the chunks it needs, which webpack loads with it.
      const chunkScripts = (name) => (compilation.namedChunkGroups.get(name)?.getFiles() ?? []).filter((file) => file.endsWith('.js'));
      const assets = {
        js: files.filter((file) => file.endsWith('.js')),
        // The federation runtime's chunk: the server preloads it on pages that hydrate remote code at once.
        federation: chunkScripts('federation'),
        // The HTML sanitizer's chunk: the server preloads it on pages whose sections hydrate (they may render backend HTML).
        sanitizer: chunkScripts('sanitizer'),
        css: Object.keys(compilation.assets)
          .filter((file) => file.endsWith('.css'))
          .sort(),
      };
      const source = JSON.stringify(assets, null, 2);
      compilation.emitAsset(SHELL_ASSETS_FILE, new compiler.webpack.sources.RawSource(source));
      compilation.emitAsset(SHELL_CHUNKS_FILE, new compiler.webpack.sources.RawSource(JSON.stringify(chunkContents(compilation, files), null, 2)));
    }
  }
}

/** The package (or the shell's own folder) a module's file belongs to, for the size report. */
function packageOf(resource) {
  const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(resource);
  if (inPackage) return inPackage[1].replace(/\\/g, '/');
  const workspace = /[\\/](shared-ui|shared-contracts)[\\/]/.exec(resource);
  if (workspace) return workspace[1] === 'shared-ui' ? '@site/ui' : '@site/contracts';
  return 'shell';
}

/**
 * What each JS chunk of the browser build holds: its files, whether every page loads it (the entry's chunks), and the
 * packages that make up most of it by source size. The size report names chunks by these, so that the cost of each
 * shared package (react-dom, mobx …) and of the shell's own code is visible at build time.
 */
function chunkContents(compilation, entryFiles) {
  const rows = [];
  for (const chunk of compilation.chunks) {
    const files = [...chunk.files].filter((file) => file.endsWith('.js'));
    if (files.length === 0) continue;
    const bytes = new Map();
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
      const modules = module.modules ?? [module];
      for (const inner of modules) {
        const resource = inner.resource ?? inner.rootModule?.resource;
        if (!resource) continue;
        const name = packageOf(resource);
        bytes.set(name, (bytes.get(name) ?? 0) + inner.size());
      }
    }
    const total = [...bytes.values()].reduce((sum, size) => sum + size, 0);
    const packages = [...bytes.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, size], index) => index === 0 || size >= total * 0.1)
      .slice(0, 4)
      .map(([name]) => name);
    rows.push({ name: chunk.name ?? null, files, initial: files.some((file) => entryFiles.includes(file)), packages });
  }
  return rows;
}

/** V8's magic comment that compiles every function of a script eagerly (https://v8.dev/blog/explicit-compile-hints). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The shell's two builds: the browser entry (served under `/_shell/`) and the Node server. The server is a federation
 * host with no static remotes: remotes are registered at run time from the registry. The browser build has no
 * ModuleFederationPlugin: React, the design system and the other shared singletons are ordinary modules of its
 * bundle, and the federation runtime is a chunk of its own, loaded with the first remote section a page needs
 * (shell/src/federation/browser-runtime.ts); pages whose sections are all static server HTML never download it.
 * That chunk provides the runtime to remotes (`_FEDERATION_RUNTIME_CORE`, for their `externalRuntime`) and hands
 * them the shell's shared modules (BROWSER_PROVIDED in shared.js). `runtimePlugins` apply to the server only: the
 * browser's are registered by the shell's code (see BrowserFederation).
 */
function createShellBuild({ rootDir, mode = process.env.NODE_ENV === 'development' ? 'development' : 'production', runtimePlugins = [] }) {
  if (runtimePlugins.some((p) => p.side === 'browser')) throw new Error('The browser shell takes no federation runtime plugins from the build');
  const distDir = path.join(rootDir, 'dist');
  const common = {
    mode,
    context: rootDir,
    devtool: mode === 'production' ? 'source-map' : 'cheap-module-source-map',
    performance: { hints: false },
    infrastructureLogging: { level: 'warn' },
    stats: 'errors-warnings',
  };

  const browser = {
    ...common,
    name: 'shell:browser',
    target: 'web',
    entry: { main: './src/browser/index.tsx' },
    resolve: resolveOptions('browser'),
    module: { rules: moduleRules({ side: 'browser', classPrefix: 'shell' }) },
    output: {
      path: path.join(distDir, 'browser'),
      publicPath: '/_shell/',
      uniqueName: 'site_shell',
      // Every file is content-hashed, the entry too: served `immutable`, a repeat visit fetches none of them again.
      // The server-rendered page names the entry's current file (shell-assets.json).
      filename: '[name].[contenthash:10].js',
      chunkFilename: '[name].[contenthash:10].js',
    },
    // The shell's styles (its own and the design system's, which it provides to every remote) are one stylesheet:
    // every page needs all of it before first paint, and one render-blocking request costs less than several.
    // The federation runtime stays in the one lazily loaded chunk of the module that starts it (browser-runtime.ts):
    // webpack's vendor group would split it into a second request.
    optimization: {
      splitChunks: {
        cacheGroups: {
          styles: { name: 'styles', type: 'css/mini-extract', chunks: 'all', enforce: true },
          defaultVendors: { test: /[\\/]node_modules[\\/](?!@module-federation[\\/])/, priority: -10, reuseExistingChunk: true },
        },
      },
    },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' }),
      // V8's explicit compile hint (Chrome 136+), as the entry's first line, after minifying (which would drop it) and
      // before the source map is written (which then counts it): every function of the entry is compiled on a
      // background thread while the file downloads, instead of on the main thread when the hydration first calls it.
      // Nearly all of the entry runs on load (React, the router, the stores, the layout). Measured on a phone
      // (4x CPU, slow 4G): the page hydrates ~150-300 ms sooner.
      new webpack.BannerPlugin({
        banner: COMPILE_HINT,
        raw: true,
        entryOnly: true,
        test: /\.js$/,
        stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
      }),
      // The shared modules the federation runtime hands to remotes (see browser-runtime.ts and shared.js).
      new webpack.experiments.schemes.VirtualUrlPlugin({ [BROWSER_SHARED_MODULE]: { type: '.js', source: browserSharedModuleSource } }),
      new ShellAssetsPlugin(),
    ],
  };

  const server = {
    ...common,
    name: 'shell:server',
    target: 'async-node',
    // Node loads the server bundle from disk: minifying it would cost build time and readable stack traces.
    optimization: { minimize: false },
    entry: { main: './src/server/main.ts' },
    resolve: resolveOptions('server'),
    module: { rules: moduleRules({ side: 'server', classPrefix: 'shell' }) },
    externalsPresets: { node: true },
    externals: [
      ({ request }, callback) => {
        if (request && SERVER_EXTERNALS.test(request)) return callback(null, `commonjs ${request}`);
        return callback();
      },
    ],
    output: {
      path: path.join(distDir, 'server'),
      publicPath: '',
      uniqueName: 'site_shell_server',
      filename: '[name].js',
      chunkFilename: '[name].[contenthash:10].js',
      library: { type: 'commonjs2' },
    },
    node: { __dirname: false, __filename: false },
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].css' }),
      // The page's inline start script, compiled from its TypeScript module into the text the server inlines.
      new webpack.DefinePlugin(Object.fromEntries(Object.entries(shellInlineScripts(rootDir)).map(([name, text]) => [name, JSON.stringify(text)]))),
      new ModuleFederationPlugin({
        name: 'shell_server',
        remotes: {},
        remoteType: 'script',
        library: { type: 'commonjs2' },
        shared: sharedDependencies({ side: 'server', role: 'host' }),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), ...runtimePlugins.filter((p) => p.side !== 'browser').map((p) => p.path)],
        experiments: { asyncStartup: true, optimization: { target: 'node' } },
      }),
    ],
  };

  return { distDir, configs: [browser, server] };
}

module.exports = { createShellBuild };
