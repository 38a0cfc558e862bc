// @ts-check
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const { spawn } = require('node:child_process');

/** A free TCP port on loopback (the OS picks it). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** @param {number} ms */
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} ServiceSpec
 * @property {string} name
 * @property {string} command
 * @property {string[]} args
 * @property {string} cwd
 * @property {NodeJS.ProcessEnv} env
 * @property {string} healthUrl
 */

/** One process of the platform: started, health-checked, stopped; its output prefixed or sent to a log file. */
class Service {
  /**
   * @param {ServiceSpec} spec
   * @param {{ log: (line: string) => void, logFile?: string }} options
   */
  constructor(spec, options) {
    this.spec = spec;
    this.options = options;
    /** @type {import('node:child_process').ChildProcess | null} */
    this.child = null;
    /** @type {Promise<number | null> | null} */
    this.exited = null;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 60_000) {
    const { spec } = this;
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: { ...process.env, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const sink = this.options.logFile ? fs.createWriteStream(this.options.logFile, { flags: 'a' }) : null;
    const forward = (/** @type {Buffer} */ chunk) => {
      if (sink) sink.write(chunk);
      else for (const line of String(chunk).split('\n').filter(Boolean)) this.options.log(`[${spec.name}] ${line}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${spec.name} exited during start-up (code ${child.exitCode})${this.options.logFile ? `; see ${this.options.logFile}` : ''}`);
      try {
        const response = await fetch(spec.healthUrl, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await delay(150);
    }
    await this.stop();
    throw new Error(`${spec.name} did not answer ${spec.healthUrl} within ${timeoutMs} ms`);
  }

  async stop(graceMs = 5000) {
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

module.exports = { Service, freePort, delay };
