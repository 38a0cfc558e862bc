#!/usr/bin/env node
// @ts-check
'use strict';
// `npm test`: everything CI runs. Installs Debian's Chromium (headless and full) and starts PostgreSQL when missing, builds what is
// out of date, type-checks and lints (ESLint, Prettier's check, knip) while every jest project runs (SQLite and PostgreSQL included), then
// runs the Playwright suite, and ends with one summary line: "N passed, N failed".
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { spawn, spawnSync } = require('node:child_process');
const { buildWhatIsMissing, repoRoot } = require('../src/builds');

/** Playwright's browser: Debian's headless Chromium; the full one for the back/forward cache test. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = process.env.FULL_CHROMIUM_PATH ?? '/usr/bin/chromium';
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PROMTOOL = process.env.PROMTOOL_PATH ?? '/usr/bin/promtool';

/**
 * How a child process ended: '0' for success, else its exit code, signal or spawn error.
 * @param {import('node:child_process').ChildProcess} child @returns {Promise<string>}
 */
function exitOf(child) {
  return new Promise((resolve) => {
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code, signal) => resolve(String(code ?? signal)));
  });
}

/**
 * A command to its end, its output on ours. Not spawnSync: the event loop keeps serving what runs in the background.
 * @param {string} title @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<{ ok: boolean, seconds: number }>}
 */
async function run(title, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n=== ${title}`);
  const status = await exitOf(spawn(command, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } }));
  const seconds = (Date.now() - started) / 1000;
  console.log(`=== ${title}: ${status === '0' ? 'ok' : `failed (exit ${status})`} in ${seconds.toFixed(1)} s`);
  return { ok: status === '0', seconds };
}

/**
 * `run`'s commands one after the other in the background, their output held and printed whole when they are done
 * (so that it does not interleave with what runs in the foreground meanwhile).
 * @param {{ title: string, command: string, args: string[] }[]} steps
 * @returns {Promise<{ ok: boolean, seconds: number }[]>}
 */
async function runInBackground(steps) {
  const results = [];
  for (const { title, command, args } of steps) {
    const started = Date.now();
    const child = spawn(command, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const status = await exitOf(child);
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(`\n=== ${title} (beside the next step)\n${Buffer.concat(output).toString()}`);
    console.log(`=== ${title}: ${status === '0' ? 'ok' : `failed (exit ${status})`} in ${seconds.toFixed(1)} s`);
    results.push({ ok: status === '0', seconds });
  }
  return results;
}

/**
 * Installs a Debian package when the file it provides is missing (as root, as CI runs): Chromium for Playwright,
 * nginx for the page-cache proxy tests, Prometheus for the alert rules' tests, kubectl (kustomize) and docker-compose
 * for the deploy manifests' tests. Never a browser download by a test tool.
 * @param {string} file @param {string} pkg
 */
function ensureDebianPackage(file, pkg) {
  if (fs.existsSync(file)) return;
  if (process.getuid?.() !== 0) throw new Error(`${file} is missing: install Debian's ${pkg} (apt-get install -y ${pkg})`);
  console.log(`installing Debian ${pkg} for the end-to-end tests`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  if (result.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    result = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', pkg], { stdio: 'inherit', env });
  }
  if (result.status !== 0 || !fs.existsSync(file)) throw new Error(`could not install ${pkg}`);
}

/** @param {number} port */
function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

async function ensurePostgres() {
  if (await portOpen(5432)) return;
  if (fs.existsSync('/etc/postgresql')) {
    const versions = fs.readdirSync('/etc/postgresql');
    for (const version of versions) {
      console.log(`starting PostgreSQL ${version}`);
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    }
  }
  for (let attempt = 0; attempt < 20 && !(await portOpen(5432)); attempt += 1) await new Promise((r) => setTimeout(r, 500));
  if (!(await portOpen(5432))) throw new Error('PostgreSQL is not reachable on 127.0.0.1:5432; the content API suite needs it');
}

/** @param {string} file */
function jestCounts(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'));
    // A file can fail with every test passed (a hook that timed out after them, a file that did not run): it counts.
    const failedFilesWithoutFailedTest = report.testResults.filter(
      (/** @type {{ status: string, assertionResults: { status: string }[] }} */ file) =>
        file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    ).length;
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + failedFilesWithoutFailedTest,
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** @param {string} file */
function playwrightCounts(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

async function main() {
  const started = Date.now();
  const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'site-test-'));
  ensureDebianPackage(CHROMIUM, 'chromium-headless-shell');
  ensureDebianPackage(FULL_CHROMIUM, 'chromium');
  ensureDebianPackage(NGINX, 'nginx-light');
  ensureDebianPackage(PROMTOOL, 'prometheus');
  ensureDebianPackage('/usr/bin/kubectl', 'kubectl');
  ensureDebianPackage('/usr/bin/docker-compose', 'docker-compose');
  await ensurePostgres();
  console.log('\n=== build');
  await buildWhatIsMissing({ log: (line) => console.log(line) });
  // Type-checking and linting (one core, about 2 min) run beside jest, whose two workers keep about 1.2 of the two
  // cores busy (its suites wait on servers, browsers and the database).
  const checks = runInBackground([
    { title: 'typecheck', command: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
    { title: 'lint (ESLint, Prettier check, knip)', command: 'npm', args: ['run', '--silent', 'lint'] },
  ]);
  const jestFile = path.join(reports, 'jest.json');
  // --forceExit: one run on a 2-core CI machine stayed alive after every test had passed. What keeps jest alive is a
  // server started in a beforeAll that outlasted its time limit: jest goes on without it and the server comes up
  // later, listening (with its database connections) for ever. The content API's suites and the remotes' shared
  // content API now stop such late starts; the shell's suites that start servers in their hooks do not yet, so the
  // run still ends itself (jest prints its open-handles warning). A second cause, React's scheduler holding a
  // MessagePort open in jsdom suites, is gone (the jsdom set-up no longer installs Node's MessageChannel).
  // Two workers: jest's default on two cores is one (in band), which leaves a core idle while a suite waits on its
  // servers, browsers or database.
  const unit = await run('jest (units, content API on SQLite and PostgreSQL)', 'npx', [
    'jest',
    '--ci',
    '--maxWorkers=2',
    '--forceExit',
    '--json',
    `--outputFile=${jestFile}`,
  ]);
  const [typecheck, lint] = await checks;
  const e2eFile = path.join(reports, 'playwright.json');
  const e2e = await run('playwright (Debian chromium)', 'npx', ['playwright', 'test', '-c', 'infra/e2e/playwright.config.ts', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile,
    CHROMIUM_PATH: CHROMIUM,
    FULL_CHROMIUM_PATH: FULL_CHROMIUM,
    PROMTOOL_PATH: PROMTOOL,
  });
  const counts = [jestCounts(jestFile), playwrightCounts(e2eFile)];
  const passed = counts.reduce((sum, c) => sum + c.passed, 0);
  const failed = counts.reduce((sum, c) => sum + c.failed, 0) + (typecheck.ok ? 0 : 1) + (lint.ok ? 0 : 1);
  const skipped = counts.reduce((sum, c) => sum + c.skipped, 0);
  console.log(
    `\ntypecheck ${typecheck.ok ? 'ok' : 'FAILED'} (${typecheck.seconds.toFixed(0)} s) · lint ${lint.ok ? 'ok' : 'FAILED'} (${lint.seconds.toFixed(0)} s) · jest ${counts[0]?.passed} passed, ${counts[0]?.failed} failed (${unit.seconds.toFixed(0)} s) · playwright ${counts[1]?.passed} passed, ${counts[1]?.failed} failed (${e2e.seconds.toFixed(0)} s) · total ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(failed === 0 && unit.ok && e2e.ok && typecheck.ok && lint.ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
