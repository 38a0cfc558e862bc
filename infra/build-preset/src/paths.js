'use strict';
const path = require('node:path');

/** The repository root: where the one babel config and the workspace's node_modules live. */
const repoRoot = path.resolve(__dirname, '../../..');
const babelConfigFile = path.join(repoRoot, 'babel.config.json');

module.exports = { repoRoot, babelConfigFile };
