'use strict';
// Compiles a browser module that a page carries inline (not as a bundle) into the text of one <script>.
const path = require('node:path');
const babel = require('@babel/core');
const { minify_sync: minifySync } = require('terser');
const { babelConfigFile, repoRoot } = require('./paths');

/** Removes `export` from the module's declarations: the inline script is one function scope, not a module. */
function stripExports() {
  return {
    visitor: {
      ExportNamedDeclaration(exportPath) {
        if (!exportPath.node.declaration) throw exportPath.buildCodeFrameError('An inline script exports declarations only');
        exportPath.replaceWith(exportPath.node.declaration);
      },
      ImportDeclaration(importPath) {
        // The script is compiled from this one file: an import would be left unresolved in the page.
        if (!importPath.node.importKind || importPath.node.importKind === 'value') throw importPath.buildCodeFrameError('An inline script imports nothing');
      },
      ExportDefaultDeclaration(exportPath) {
        throw exportPath.buildCodeFrameError('An inline script has no default export: its entry is called by name');
      },
    },
  };
}

/**
 * The minified text of `file` (TypeScript, no imports) followed by a call of its function `entry`, wrapped so that
 * nothing leaks into the page's globals. The repository's Babel config compiles it as it compiles the browser bundle;
 * terser minifies it (constants inlined, names shortened). The page's CSP hash is computed from this exact text.
 */
function compileInlineScript(file, entry) {
  const { code } = babel.transformFileSync(file, {
    configFile: babelConfigFile,
    babelrc: false,
    // The base config (ES modules kept, no test-only CommonJS) even when jest's NODE_ENV=test is set.
    envName: 'inline-script',
    plugins: [stripExports],
    sourceMaps: false,
    comments: false,
  });
  const wrapped = `(function(){${code}\n${entry}();})();`;
  const result = minifySync(wrapped, { compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (!result.code) throw new Error(`Could not minify the inline script ${path.relative(repoRoot, file)}`);
  return result.code;
}

/** The shell's start script: the one inline script the server takes from the build (`__SHELL_START_SCRIPT__`). */
function shellInlineScripts(shellDir = path.join(repoRoot, 'shell')) {
  return { __SHELL_START_SCRIPT__: compileInlineScript(path.join(shellDir, 'src/inline-scripts/start-script.ts'), 'startShellScripts') };
}

module.exports = { compileInlineScript, shellInlineScripts };
