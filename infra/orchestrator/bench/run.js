#!/usr/bin/env node
// @ts-check
'use strict';
// `npm run bench`: the platform, phone and federation figures, one script after the other; with `--fleet` (given to
// this workspace, or to the root's `npm run bench -- --fleet`, which npm passes on as npm_config_fleet) the fleet's
// figures instead. Other options (`--soak`, `--rebuild`) reach every script.
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const fleet = process.argv.includes('--fleet') || process.env.npm_config_fleet === 'true';
const options = process.argv.slice(2).filter((arg) => arg !== '--fleet');
const scripts = fleet ? ['fleet-bench.js'] : ['platform-bench.js', 'phone-bench.js', 'monolith-bench.js', 'dev-loop-bench.js'];
for (const script of scripts) {
  const result = spawnSync(process.execPath, [path.join(__dirname, script), ...options], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
