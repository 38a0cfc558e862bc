// @ts-check
'use strict';
const fs = require('node:fs');
const net = require('node:net');
const { spawn } = require('node:child_process');

/**
 * @typedef {object} PortReservation
 * @property {number} port
 * @property {() => Promise<void>} release  lets the port go (once; later calls do nothing)
 */

/**
 * A free TCP port on loopback (the OS picks it), held by a listening socket until `release()`. While it is held no
 * other process can take it: neither a server listening on port 0 nor an outgoing connection's local port. A fleet
 * picks its ports seconds before its replicas start (nginx is configured with them first); a port let go at once was
 * free for anything else on the machine in between.
 * @returns {Promise<PortReservation>}
 */
function reservePort() {
  return new Promise((resolve, reject) => {
    // A client that connects meanwhile (nginx trying an upstream that has not started) is cut at once, as close as
    // a listening socket comes to a refused connection.
    const server = net.createServer((socket) => socket.destroy());
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      /** @type {Promise<void> | null} */
      let released = null;
      resolve({ port, release: () => (released ??= new Promise((done) => server.close(() => done()))) });
    });
  });
}

/** A free TCP port on loopback, let go at once: for a server started right away. @returns {Promise<number>} */
async function freePort() {
  const { port, release } = await reservePort();
  await release();
  return port;
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
   * @param {{ log: (line: string) => void, logFile?: string, reserved?: PortReservation }} options  `reserved`: the
   *   service's port, held until its first start
   */
  constructor(spec, options) {
    this.spec = spec;
    this.options = options;
    /** @type {import('node:child_process').ChildProcess | null} */
    this.child = null;
    /** @type {Promise<number | null> | null} */
    this.exited = null;
    /** Restarts after unexpected exits, while supervised. */
    this.restarts = 0;
    /** @type {{ code: number | null, signal: string | null, at: string } | null} */
    this.lastExit = null;
    /** @type {'starting' | 'running' | 'restarting' | 'stopped'} */
    this.state = 'stopped';
    this.startedAt = 0;
    this.stopping = false;
    /** @type {((service: Service) => void) | null} */
    this.onChange = null;
  }

  get pid() {
    return this.running ? (this.child?.pid ?? null) : null;
  }

  /**
   * Restarts the service whenever it exits without being asked to, like a process manager: after 250 ms, doubling
   * for each quick successive failure up to 10 s (a service that ran a minute starts again from 250 ms).
   * @param {(service: Service) => void} [onChange]  told of every state change (the status file)
   */
  supervise(onChange) {
    this.onChange = onChange ?? null;
    let quickFailures = 0;
    const watch = () => {
      const child = this.child;
      child?.once('exit', (code, signal) => {
        if (this.stopping || child !== this.child) return;
        this.lastExit = { code, signal, at: new Date().toISOString() };
        quickFailures = Date.now() - this.startedAt > 60_000 ? 0 : quickFailures + 1;
        const backOffMs = Math.min(10_000, 250 * 2 ** Math.max(0, quickFailures - 1));
        this.state = 'restarting';
        this.options.log(`[supervisor] ${this.spec.name} exited (${signal ? `signal ${signal}` : `code ${code}`}); restarting in ${backOffMs} ms`);
        this.changed();
        setTimeout(() => void restart(), backOffMs);
      });
    };
    const restart = async () => {
      if (this.stopping) return;
      try {
        await this.start();
        this.restarts += 1;
        this.options.log(`[supervisor] ${this.spec.name} is back (pid ${this.pid}, restart ${this.restarts})`);
        this.changed();
        watch();
      } catch (error) {
        this.options.log(`[supervisor] ${this.spec.name} did not come back: ${error instanceof Error ? error.message : error}`);
        quickFailures += 1;
        setTimeout(() => void restart(), Math.min(10_000, 250 * 2 ** quickFailures));
      }
    };
    watch();
  }

  changed() {
    this.onChange?.(this);
  }

  status() {
    return {
      name: this.spec.name,
      state: this.state,
      pid: this.pid,
      restarts: this.restarts,
      lastExit: this.lastExit,
      startedAt: this.startedAt ? new Date(this.startedAt).toISOString() : null,
    };
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 60_000) {
    const { spec } = this;
    this.stopping = false;
    this.state = this.state === 'restarting' ? 'restarting' : 'starting';
    this.startedAt = Date.now();
    await this.options.reserved?.release();
    const child = spawn(spec.command, spec.args, { cwd: spec.cwd, env: { ...process.env, ...spec.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const closed = new Promise((resolve) => child.once('close', resolve));
    const sink = this.options.logFile ? fs.createWriteStream(this.options.logFile, { flags: 'a' }) : null;
    // The last lines it printed, for the error of a start that fails (a drill's log folder is removed when it ends).
    /** @type {string[]} */
    const recent = [];
    const forward = (/** @type {Buffer} */ chunk) => {
      recent.push(...String(chunk).split('\n').filter(Boolean));
      recent.splice(0, recent.length - 20);
      if (sink) sink.write(chunk);
      else for (const line of String(chunk).split('\n').filter(Boolean)) this.options.log(`[${spec.name}] ${line}`);
    };
    child.stdout?.on('data', forward);
    child.stderr?.on('data', forward);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) {
        // Its last output may still be in the pipes: 'close' comes once they are drained.
        await Promise.race([closed, delay(1000)]);
        const printed = recent.length > 0 ? `; it printed:\n${recent.join('\n')}` : '';
        throw new Error(`${spec.name} exited during start-up (code ${child.exitCode})${this.options.logFile ? `; see ${this.options.logFile}` : ''}${printed}`);
      }
      try {
        const response = await fetch(spec.healthUrl, { signal: AbortSignal.timeout(1000) });
        if (response.ok) {
          this.state = 'running';
          return;
        }
      } catch {
        // Not listening yet.
      }
      await delay(100);
    }
    await this.stop();
    throw new Error(`${spec.name} did not answer ${spec.healthUrl} within ${timeoutMs} ms`);
  }

  async stop(graceMs = 5000) {
    this.stopping = true;
    this.state = 'stopped';
    const child = this.child;
    if (!child || !this.running) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

module.exports = { Service, freePort, reservePort };
