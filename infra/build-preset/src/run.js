'use strict';
const webpack = require('webpack');

/** Runs one or more webpack configs and resolves with the stats, or rejects with every error message. */
function runWebpack(configs) {
  return new Promise((resolve, reject) => {
    webpack(configs, (error, stats) => {
      if (error) return reject(error);
      const info = stats.toJson({ all: false, errors: true, warnings: true });
      const children = info.children ?? [info];
      const errors = children.flatMap((child) => (child.errors ?? []).map((e) => `${child.name ?? ''}: ${e.message}`));
      const warnings = children.flatMap((child) => (child.warnings ?? []).map((w) => `${child.name ?? ''}: ${w.message}`));
      if (errors.length > 0) return reject(new Error(`Build failed:\n${errors.join('\n\n')}`));
      resolve({ stats, warnings });
    });
  });
}

module.exports = { runWebpack };
