'use strict';
const path = require('node:path');
const { repoRoot } = require('./paths');

/**
 * Browser builds format only precompiled messages (see icu-messages.js), so react-intl's ICU parser is replaced by
 * its `no-parser` build (same exports, `parse` throws): the parser stays on the server.
 */
function noIcuParserAlias() {
  return { '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/no-parser.js', { paths: [repoRoot] }) };
}

/**
 * react-router's package exports point every condition at its development build, which differs from the production
 * build by one flag: development warnings run on every render (on the server, for every request) and ship to browsers.
 * Production builds take the production build; a development build (NODE_ENV=development) keeps the warnings.
 */
function reactRouterProductionAliases() {
  if (process.env.NODE_ENV === 'development') return {};
  const dist = path.join(path.dirname(require.resolve('react-router/package.json', { paths: [repoRoot] })), 'dist', 'production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
}

/** How the shell and every remote resolve modules: workspace sources first, then the platform's own conditions. */
function resolveOptions(side) {
  return {
    extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
    conditionNames: ['source', ...(side === 'browser' ? ['browser'] : ['node']), 'import', 'require', 'module', 'default'],
    modules: ['node_modules', path.join(repoRoot, 'node_modules')],
    alias: side === 'browser' ? { ...noIcuParserAlias(), ...reactRouterProductionAliases() } : reactRouterProductionAliases(),
  };
}

module.exports = { resolveOptions };
