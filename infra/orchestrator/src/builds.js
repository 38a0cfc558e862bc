// @ts-check
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');

const repoRoot = path.resolve(__dirname, '../../..');
const REMOTES = ['news', 'events', 'education', 'forms', 'search'];

/**
 * @typedef {object} BuildTarget
 * @property {string} name
 * @property {string} cwd            package folder
 * @property {string[]} command      command and arguments
 * @property {string[]} inputs       folders and files whose content decides whether the output is current
 * @property {string} output         folder that holds the stamp
 * @property {string[]} [alsoWrites] other folders the build writes: one missing means the output is out of date
 */

/** @returns {BuildTarget[]} in dependency order */
function buildTargets() {
  const rel = (/** @type {string} */ p) => path.join(repoRoot, p);
  const lock = rel('package-lock.json');
  // The contracts as browser builds resolve them: their generated browser build (the package's `browser` condition)
  // follows from the sources, the script that writes it and the package's export map.
  const contractsInputs = [rel('shared-contracts/src'), rel('shared-contracts/scripts'), rel('shared-contracts/package.json')];
  const webInputs = [
    ...contractsInputs,
    rel('shared-ui/src'),
    rel('infra/build-preset/src'),
    rel('infra/build-preset/runtime'),
    rel('babel.config.json'),
    lock,
  ];
  return [
    {
      name: 'contracts',
      cwd: rel('shared-contracts'),
      // The server build (dist), then the browser build of the checkers compiled from it (generated/browser).
      command: ['npm', 'run', 'build'],
      inputs: [...contractsInputs, rel('shared-contracts/tsconfig.build.json'), lock],
      output: rel('shared-contracts/dist'),
      alsoWrites: [rel('shared-contracts/generated/browser')],
    },
    {
      name: 'server-kit',
      cwd: rel('infra/server-kit'),
      command: ['npm', 'run', 'build'],
      inputs: [rel('infra/server-kit/src'), rel('infra/server-kit/package.json'), rel('infra/server-kit/tsconfig.build.json'), lock],
      output: rel('infra/server-kit/dist'),
    },
    {
      name: 'registry',
      cwd: rel('infra/registry'),
      command: ['npx', 'tsc', '-p', 'tsconfig.build.json'],
      inputs: [rel('infra/registry/src'), rel('shared-contracts/src'), rel('infra/server-kit/src'), lock],
      output: rel('infra/registry/dist'),
    },
    {
      name: 'content-api',
      cwd: rel('infra/content-api'),
      command: ['npm', 'run', 'build'],
      inputs: [rel('infra/content-api/src'), rel('infra/content-api/package.json'), rel('shared-contracts/src'), rel('infra/server-kit/src'), lock],
      output: rel('infra/content-api/dist'),
    },
    ...REMOTES.map((team) => ({
      name: `remote-${team}`,
      cwd: rel(`remotes/${team}`),
      command: ['node', rel('infra/build-preset/bin/build-remote.js')],
      inputs: [rel(`remotes/${team}/src`), rel(`remotes/${team}/remote.config.js`), rel(`remotes/${team}/package.json`), ...webInputs],
      output: rel(`remotes/${team}/dist`),
    })),
    {
      name: 'shell',
      cwd: rel('shell'),
      command: ['node', 'build.js'],
      // The server bundle holds the services' kit (graceful stop, the auth throttle) from its sources.
      inputs: [rel('shell/src'), rel('shell/build.js'), rel('infra/server-kit/src'), ...webInputs],
      output: rel('shell/dist'),
    },
  ];
}

/** @param {string} target @param {crypto.Hash} hash */
function hashPath(target, hash) {
  if (!fs.existsSync(target)) return;
  const stat = fs.statSync(target);
  if (stat.isDirectory()) {
    for (const entry of fs.readdirSync(target).sort()) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      hashPath(path.join(target, entry), hash);
    }
    return;
  }
  hash.update(path.relative(repoRoot, target));
  hash.update(fs.readFileSync(target));
}

/** A hash of everything the build reads: a different hash means the output is out of date. @param {BuildTarget} target */
function inputsHash(target) {
  const hash = crypto.createHash('sha256');
  for (const input of target.inputs) hashPath(input, hash);
  hash.update(target.command.join(' '));
  return hash.digest('hex');
}

const STAMP = '.build-stamp';

/** @param {BuildTarget} target */
function isCurrent(target) {
  const stampFile = path.join(target.output, STAMP);
  return (
    fs.existsSync(stampFile) &&
    (target.alsoWrites ?? []).every((folder) => fs.existsSync(folder)) &&
    fs.readFileSync(stampFile, 'utf8').trim() === inputsHash(target)
  );
}

/**
 * @param {BuildTarget} target
 * @param {{ log: (line: string) => void, env?: NodeJS.ProcessEnv }} options
 */
function runBuild(target, options) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const [command, ...args] = target.command;
    const child = spawn(/** @type {string} */ (command), args, { cwd: target.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {string[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(String(chunk)));
    child.stderr.on('data', (chunk) => output.push(String(chunk)));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`build of ${target.name} failed (exit ${code}):\n${output.join('').trim()}`));
        return;
      }
      fs.mkdirSync(target.output, { recursive: true });
      fs.writeFileSync(path.join(target.output, STAMP), `${inputsHash(target)}\n`);
      options.log(`built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(undefined);
    });
  });
}

/**
 * Builds what is missing or out of date, in dependency order; the independent remote builds run two at a time.
 * @param {{ log: (line: string) => void, force?: boolean, only?: string[] }} options
 */
async function buildWhatIsMissing(options) {
  const targets = buildTargets().filter((target) => !options.only || options.only.includes(target.name));
  const stale = targets.filter((target) => options.force || !isCurrent(target));
  if (stale.length === 0) {
    options.log('every build is current');
    return [];
  }
  options.log(`building: ${stale.map((target) => target.name).join(', ')}`);
  const remotes = stale.filter((target) => target.name.startsWith('remote-'));
  const before = stale.filter((target) => ['contracts', 'server-kit', 'registry', 'content-api'].includes(target.name));
  const after = stale.filter((target) => target.name === 'shell');
  for (const target of before) await runBuild(target, options);
  const queue = [...remotes];
  const workers = Array.from({ length: Math.min(2, queue.length) }, async () => {
    for (let target = queue.shift(); target; target = queue.shift()) await runBuild(target, options);
  });
  await Promise.all(workers);
  for (const target of after) await runBuild(target, options);
  return stale.map((target) => target.name);
}

module.exports = { buildWhatIsMissing, repoRoot, REMOTES };
