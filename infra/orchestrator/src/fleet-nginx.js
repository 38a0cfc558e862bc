// @ts-check
'use strict';
// Debian's nginx in front of a fleet of replicas, configured from the project's own site template: the public origin
// as production has it (page cache, /api/ through the shells, /remotes/ from the remote hosts) with one `server` line
// per replica, and two internal listeners that balance the content APIs and the registries for the shells (what
// Kubernetes Services do in a cluster).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { repoRoot } = require('./builds');

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const TEMPLATE = path.join(repoRoot, 'infra/deploy/nginx/templates/site.conf.template');

/**
 * Fills `${NAME}` placeholders as the nginx image's envsubst step does; an unknown name is an error, not a blank.
 * A `server ${NAME} …;` line of an upstream block is repeated for each address of a list.
 * @param {string} template @param {Record<string, string | string[]>} values
 */
function renderTemplate(template, values) {
  const expanded = template.replace(/server \$\{([A-Z_]+)\}([^;]*);/g, (match, /** @type {string} */ name, /** @type {string} */ rest) => {
    const value = values[name];
    return Array.isArray(value) ? value.map((address) => `server ${address}${rest};`).join(' ') : match;
  });
  return expanded.replace(/\$\{([A-Z_]+)\}/g, (_match, /** @type {string} */ name) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the nginx template needs ${name}`);
    return Array.isArray(value) ? value.join(' ') : value;
  });
}

/**
 * Writes `<prefix>/nginx.conf`: one worker in the foreground, its pid, logs and temporary files inside the prefix
 * folder (which must hold `logs` and `temp`), and the `http` block made of the given files of that folder. Run as root
 * (CI), the worker runs as root too, so that it can read a prefix made by that user.
 * @param {string} prefix @param {{ includes: string[], workerConnections?: number }} options
 */
function writeNginxConf(prefix, { includes, workerConnections = 1024 }) {
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    [
      user,
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs/error.log')} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      `  access_log ${path.join(prefix, 'logs/access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(prefix, 'temp', kind)};`),
      '  default_type application/octet-stream;',
      ...includes.map((file) => `  include ${file};`),
      '}',
    ].join('\n'),
  );
}

/**
 * An internal listener balancing `addresses`: a replica that refuses the connection, fails or answers 502/503 (a
 * replica draining) is skipped for the next one; requests already sent are retried only when they are idempotent,
 * as nginx does.
 * @param {string} name @param {number} port @param {string[]} addresses
 */
function internalBalancer(name, port, addresses) {
  return [
    `upstream ${name} { ${addresses.map((address) => `server ${address} max_fails=0;`).join(' ')} keepalive 16; }`,
    'server {',
    `  listen 127.0.0.1:${port};`,
    '  client_max_body_size 51m;',
    '  proxy_http_version 1.1;',
    '  proxy_set_header Connection "";',
    '  proxy_set_header Host $http_host;',
    '  proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '  proxy_request_buffering off;',
    '  proxy_buffering off;',
    '  proxy_read_timeout 120s;',
    '  proxy_next_upstream error timeout http_502 http_503;',
    `  location / { proxy_pass http://${name}; }`,
    '}',
  ].join('\n');
}

/**
 * @typedef {object} FleetNginxOptions
 * @property {number} port                 public origin
 * @property {string[]} shells             host:port of every shell
 * @property {string[]} remoteHosts        host:port of every remote host
 * @property {{ port: number, addresses: string[] }} contentApis  internal balancer of the content APIs
 * @property {{ port: number, addresses: string[] }} registries   internal balancer of the registries
 */

/** @param {FleetNginxOptions} options */
async function startFleetNginx(options) {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fleet-nginx-'));
  for (const dir of ['cache', 'temp', 'logs']) fs.mkdirSync(path.join(prefix, dir), { mode: 0o777 });
  fs.chmodSync(prefix, 0o755);
  const site = renderTemplate(fs.readFileSync(TEMPLATE, 'utf8'), {
    SHELL_UPSTREAM: options.shells,
    REMOTES_UPSTREAM: options.remoteHosts,
    LISTEN_PORT: `127.0.0.1:${options.port}`,
    PAGE_CACHE_PATH: path.join(prefix, 'cache'),
  });
  fs.writeFileSync(path.join(prefix, 'site.conf'), site);
  fs.writeFileSync(
    path.join(prefix, 'internal.conf'),
    [
      internalBalancer('fleet_content_api', options.contentApis.port, options.contentApis.addresses),
      internalBalancer('fleet_registry', options.registries.port, options.registries.addresses),
    ].join('\n'),
  );
  writeNginxConf(prefix, { includes: ['site.conf', 'internal.conf'] });
  if (!fs.existsSync(NGINX)) throw new Error(`${NGINX} is missing: install Debian's nginx-light (or set NGINX_PATH)`);
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += String(chunk)));
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${errors}${fs.readFileSync(path.join(prefix, 'logs/error.log'), 'utf8')}`);
    try {
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) });
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error('nginx did not start listening');
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    contentApiUrl: `http://127.0.0.1:${options.contentApis.port}`,
    registryUrl: `http://127.0.0.1:${options.registries.port}`,
    prefix,
    /** Ends nginx at once (the runner is exiting). */
    kill() {
      child.kill('SIGKILL');
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

module.exports = { startFleetNginx, writeNginxConf, renderTemplate };
