'use strict';
const crypto = require('node:crypto');
const webpack = require('webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

const { Compilation, RuntimeGlobals, RuntimeModule, Template, WebpackError, sources } = webpack;

const PLUGIN = 'SiteChunkIntegrityPlugin';
/** The module type of stylesheets mini-css-extract-plugin extracts into CSS chunks. */
const CSS_MODULE_TYPE = 'css/mini-extract';
/** Where a remote's runtime keeps the SRI values of its chunks: `{ js: { [chunkId]: sri }, css: { ... } }`. */
const HASHES = `${RuntimeGlobals.require}.sriHashes`;
/** Stands in for a chunk's SRI value until its file is final (a string literal: minifiers leave it as it is). */
const PLACEHOLDER = /#site-sri:(js|css):([^#"'`\\]*)#/g;

function placeholder(kind, chunkId) {
  return `#site-sri:${kind}:${encodeURIComponent(String(chunkId))}#`;
}

/** The SRI value browsers check a file against: `sha256-<base64>` of the bytes as served (before any encoding). */
function sriOf(buffer) {
  return `sha256-${crypto.createHash('sha256').update(buffer).digest('base64')}`;
}

/** `__webpack_require__.sriHashes`: every chunk the runtime may load, by id, with placeholders for now. */
class ChunkIntegrityRuntimeModule extends RuntimeModule {
  constructor() {
    super('chunk integrity', RuntimeModule.STAGE_BASIC);
  }

  generate() {
    const chunk = /** @type {import('webpack').Chunk} */ (this.chunk);
    const chunkGraph = /** @type {import('webpack').ChunkGraph} */ (this.chunkGraph);
    const js = {};
    const css = {};
    for (const other of chunk.getAllReferencedChunks()) {
      if (other === chunk || other.hasRuntime() || other.id === null || other.id === undefined) continue;
      if (chunkGraph.getChunkModulesIterableBySourceType(other, 'javascript')) js[other.id] = placeholder('js', other.id);
      if (chunkGraph.getChunkModulesIterableBySourceType(other, CSS_MODULE_TYPE)) css[other.id] = placeholder('css', other.id);
    }
    return `${HASHES} = ${JSON.stringify({ js, css })};`;
  }
}

/** Runtime code that gives the element in `variable` the SRI value of chunk `chunkId` of `kind`, if it has one. */
function protect(variable, kind, chunkId = 'chunkId') {
  return Template.asString([
    `if (${chunkId} !== undefined && ${HASHES} && ${HASHES}.${kind}[${chunkId}]) {`,
    Template.indent([`${variable}.integrity = ${HASHES}.${kind}[${chunkId}];`, `${variable}.crossOrigin = "anonymous";`]),
    '}',
  ]);
}

/**
 * Subresource integrity for the chunks a remote's own webpack runtime loads (split chunks, shared fallbacks,
 * extracted stylesheets): Module Federation's runtime hooks only see the files it loads itself. The runtime holds
 * the sha256 of every chunk, computed once the files are final, and every script, stylesheet and preload it creates
 * carries `integrity` and `crossorigin`, so the browser refuses a chunk that differs from the build. The runtime
 * lives in the remote entry, which the shell checks against the hash recorded at publish: the chain is closed.
 */
class ChunkIntegrityPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.additionalTreeRuntimeRequirements.tap(PLUGIN, (chunk) => {
        compilation.addRuntimeModule(chunk, new ChunkIntegrityRuntimeModule());
      });

      webpack.runtime.LoadScriptRuntimeModule.getCompilationHooks(compilation).createScript.tap(PLUGIN, (source) =>
        Template.asString([source, protect('script', 'js')]),
      );
      webpack.web.JsonpChunkLoadingRuntimeModule.getCompilationHooks(compilation).linkPreload.tap(PLUGIN, (source) =>
        Template.asString([source, protect('link', 'js')]),
      );
      const cssHooks = MiniCssExtractPlugin.getCompilationHooks(compilation);
      cssHooks.beforeTagInsert.tap(PLUGIN, (source, varNames) => Template.asString([source, protect(varNames.tag, 'css', varNames.chunkId)]));
      cssHooks.linkPreload.tap(PLUGIN, (source) => Template.asString([source, protect('link', 'css')]));

      // After minification and real content hashes: the files hashed are the files written.
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const values = new Map();
        for (const chunk of compilation.chunks) {
          if (chunk.hasRuntime() || chunk.id === null || chunk.id === undefined) continue;
          for (const file of chunk.files) {
            const kind = file.endsWith('.js') ? 'js' : file.endsWith('.css') ? 'css' : null;
            const asset = kind ? compilation.getAsset(file) : undefined;
            if (asset) values.set(placeholder(kind, chunk.id), sriOf(asset.source.buffer()));
          }
        }
        for (const asset of compilation.getAssets()) {
          if (!asset.name.endsWith('.js')) continue;
          const text = asset.source.source().toString();
          if (!text.includes('#site-sri:')) continue;
          const replaced = text.replace(PLACEHOLDER, (whole) => {
            const value = values.get(whole);
            if (value) return value;
            compilation.errors.push(new WebpackError(`${PLUGIN}: ${asset.name} names a chunk with no file to hash (${whole})`));
            return whole;
          });
          compilation.updateAsset(asset.name, new sources.RawSource(replaced));
        }
      });
    });
  }
}

module.exports = { ChunkIntegrityPlugin };
