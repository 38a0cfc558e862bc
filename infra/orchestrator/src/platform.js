// @ts-check
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { buildWhatIsMissing, repoRoot, REMOTES } = require('./builds');
const { Service, reservePort } = require('./services');

const DEFAULT_PORTS = { site: 3000, remotes: 3001, api: 3002, registry: 3003 };

/**
 * @typedef {object} PlatformOptions
 * @property {Partial<Record<keyof typeof DEFAULT_PORTS, number>>} [ports]  0 picks a free port
 * @property {string} [dataDir]         content database, uploads, published remote builds, registry state
 * @property {NodeJS.ProcessEnv} [env]  extra environment for every service
 * @property {(line: string) => void} [log]
 * @property {string} [logDir]          write each service's output to <logDir>/<service>.log instead of the console
 * @property {boolean} [build]          build what is missing first (default true)
 * @property {boolean} [supervise]      restart a service that exits unexpectedly (`npm start`; default false)
 */

/** Where a development shell looks for development builds of remotes. @param {string} dataDir */
function devRemotesDir(dataDir) {
  return path.join(dataDir, 'dev-remotes');
}

/** @param {string} dist */
function builtVersion(dist) {
  const file = path.join(dist, 'mf-manifest.json');
  const version = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')).site?.version : undefined;
  if (!version) throw new Error(`${dist} holds no finished remote build (is a build of it still running?); run npm run build`);
  return version;
}

/**
 * Points the registry at the built version of every remote that is not live yet (deploy is idempotent).
 * The registry's database is the one the registry service gets (SQLite in DATA_DIR, or REGISTRY_DATABASE_URL /
 * DATABASE_URL).
 * @param {string} dataDir @param {(line: string) => void} log @param {NodeJS.ProcessEnv} [env]
 */
async function deployBuiltRemotes(dataDir, log, env = process.env) {
  const registry = require(path.join(repoRoot, 'infra/registry/dist/index.js'));
  const paths = registry.registryPaths({ ...env, DATA_DIR: dataDir });
  try {
    const state = await registry.openStore(paths).read();
    for (const team of REMOTES) {
      const dist = path.join(repoRoot, 'remotes', team, 'dist');
      const version = builtVersion(dist);
      if (state.remotes[team]?.current === version) continue;
      await registry.deployBuild(paths, dist);
      log(`deployed remote ${team}@${version}`);
    }
  } finally {
    // The registry service opens its own; a PostgreSQL pool left open here would keep connections for nothing.
    await registry.closeStore(paths);
  }
}

/**
 * The platform token (the registry's platform team: `site-remotes`, its /metrics): OPERATOR_TOKEN when set, else
 * the one kept in `<dataDir>/operator-token` (made on first start, readable by its owner only). Never given to shells.
 * @param {string} dataDir @param {NodeJS.ProcessEnv} env
 */
function operatorTokenFor(dataDir, env) {
  return localSecret(dataDir, 'operator-token', env.OPERATOR_TOKEN);
}

/**
 * A local secret: the given value when set, else the one kept in `<dataDir>/<name>` (made on first start, readable by
 * its owner only).
 * @param {string} dataDir @param {string} name @param {string | undefined} given
 */
function localSecret(dataDir, name, given) {
  if (given) return { token: given, file: null };
  const file = path.join(dataDir, name);
  if (!fs.existsSync(file)) fs.writeFileSync(file, `${crypto.randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  return { token: fs.readFileSync(file, 'utf8').trim(), file };
}

/**
 * Variables no shell gets: the platform token and the other services' secrets. Shells run teams' server code in
 * their process, so they hold only the fleet token (fleet reports and reading the registry) and the dashboard
 * password's sha256.
 */
const NOT_FOR_SHELLS = ['OPERATOR_TOKEN', 'CONTENT_ADMIN_TOKEN', 'CAPTCHA_SECRET', 'SITE_REMOTES_TOKEN', 'REGISTRY_TEAM_TOKENS', 'DASHBOARD_TOKEN'];

/** @param {Record<string, string | undefined>} env */
function withoutShellSecrets(env) {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !NOT_FOR_SHELLS.includes(name)));
}

/**
 * Starts the whole platform as `npm start` does: content API, static host for remote builds, registry, shell.
 * @param {PlatformOptions} [options]
 */
async function startPlatform(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR ?? path.join(repoRoot, '.data'));
  fs.mkdirSync(dataDir, { recursive: true });
  if (options.logDir) fs.mkdirSync(options.logDir, { recursive: true });
  /** @type {Record<keyof typeof DEFAULT_PORTS, number>} */
  const ports = { ...DEFAULT_PORTS };
  // A port the OS picks (0) is held until its service starts: the remotes are deployed in between.
  /** @type {Partial<Record<keyof typeof DEFAULT_PORTS, import('./services').PortReservation>>} */
  const reserved = {};
  for (const key of /** @type {(keyof typeof DEFAULT_PORTS)[]} */ (Object.keys(DEFAULT_PORTS))) {
    const wanted = options.ports?.[key];
    if (wanted === 0) {
      const reservation = await reservePort();
      reserved[key] = reservation;
      ports[key] = reservation.port;
    } else if (wanted !== undefined) ports[key] = wanted;
  }
  const releaseReserved = async () => {
    await Promise.all(Object.values(reserved).map((reservation) => reservation.release()));
  };
  try {
    if (options.build !== false) await buildWhatIsMissing({ log });
    await deployBuiltRemotes(dataDir, log, { ...process.env, ...options.env });
  } catch (error) {
    await releaseReserved();
    throw error;
  }

  const host = '127.0.0.1';
  const urls = {
    site: `http://localhost:${ports.site}`,
    api: `http://${host}:${ports.api}`,
    remotes: `http://${host}:${ports.remotes}/remotes/`,
    registry: `http://${host}:${ports.registry}/registry.json`,
  };
  const given = { ...process.env, ...options.env };
  const operator = operatorTokenFor(dataDir, given);
  // The shells' own credentials: the fleet token (the registry accepts it for fleet reports and reading only) and
  // the dashboard password of /_platform and /metrics (it grants nothing at the registry).
  const fleet = localSecret(dataDir, 'fleet-token', given.FLEET_TOKEN);
  const dashboard = localSecret(dataDir, 'dashboard-token', given.DASHBOARD_TOKEN);
  const dashboardSha256 = crypto.createHash('sha256').update(dashboard.token).digest('hex');
  // Each team's registry token (printed once, when made); the platform team's is the operator token.
  const registry = require(path.join(repoRoot, 'infra/registry/dist/index.js'));
  const madeTokens = registry.ensureLocalTeamTokens(dataDir, REMOTES);
  for (const [team, token] of Object.entries(madeTokens)) log(`registry token of team ${team} (kept in ${path.join(dataDir, 'team-tokens', team)}): ${token}`);
  // Where the supervisor keeps each service's state, for the shell's dashboard.
  const statusFile = path.join(dataDir, 'run', 'services.json');
  fs.mkdirSync(path.dirname(statusFile), { recursive: true });
  const common = { DATA_DIR: dataDir, HOST: host, ...options.env, SUPERVISOR_STATUS_FILE: statusFile };
  const node = process.execPath;
  const registryCli = path.join(repoRoot, 'infra/registry/bin/site-remotes.js');
  const specs = {
    'content-api': {
      command: node,
      args: [path.join(repoRoot, 'infra/content-api/dist/main.js')],
      env: { ...common, PORT: String(ports.api) },
      healthUrl: `${urls.api}/health`,
    },
    'remote-host': {
      command: node,
      args: [registryCli, 'serve-static'],
      env: { ...common, PORT: String(ports.remotes) },
      healthUrl: `http://${host}:${ports.remotes}/health`,
    },
    registry: {
      command: node,
      args: [registryCli, 'serve-registry'],
      env: { ...common, PORT: String(ports.registry), REMOTES_PUBLIC_URL: urls.remotes, OPERATOR_TOKEN: operator.token, FLEET_TOKEN: fleet.token },
      healthUrl: `http://${host}:${ports.registry}/health`,
    },
    shell: {
      command: node,
      args: [path.join(repoRoot, 'shell/dist/server/main.js')],
      env: {
        ...withoutShellSecrets(common),
        PORT: String(ports.site),
        CONTENT_API_URL: urls.api,
        REGISTRY_URL: urls.registry,
        FLEET_TOKEN: fleet.token,
        DASHBOARD_TOKEN_SHA256: dashboardSha256,
        // `npm run dev -w @site/remote-<team>` registers its development build there; the shell serves it in place of
        // the registry's version (a production shell refuses the setting).
        ...(given.NODE_ENV === 'production' ? {} : { DEV_REMOTES_DIR: devRemotesDir(dataDir) }),
      },
      healthUrl: `http://${host}:${ports.site}/health`,
    },
  };
  /** The port each service listens on. @type {Record<string, keyof typeof DEFAULT_PORTS>} */
  const portOf = { 'content-api': 'api', 'remote-host': 'remotes', registry: 'registry', shell: 'site' };
  /** @type {Map<string, Service>} */
  const services = new Map();
  for (const [name, spec] of Object.entries(specs)) {
    const logFile = options.logDir ? path.join(options.logDir, `${name}.log`) : undefined;
    const port = portOf[name];
    const reservation = port ? reserved[port] : undefined;
    services.set(
      name,
      new Service({ name, cwd: repoRoot, ...spec }, { log, ...(logFile ? { logFile } : {}), ...(reservation ? { reserved: reservation } : {}) }),
    );
  }
  const started = [];
  try {
    for (const service of services.values()) {
      await service.start();
      started.push(service);
    }
  } catch (error) {
    for (const service of started.reverse()) await service.stop();
    await releaseReserved();
    throw error;
  }
  const writeStatus = () => {
    const body = JSON.stringify({
      supervised: options.supervise === true,
      updatedAt: new Date().toISOString(),
      services: [...services.values()].map((service) => service.status()),
    });
    fs.writeFileSync(`${statusFile}.tmp`, body);
    fs.renameSync(`${statusFile}.tmp`, statusFile);
  };
  writeStatus();
  if (options.supervise) for (const service of services.values()) service.supervise(writeStatus);
  return {
    urls,
    ports,
    dataDir,
    services,
    /** The platform token (registry, `site-remotes`), and the file it is kept in (null when it came from OPERATOR_TOKEN). */
    operatorToken: operator.token,
    operatorTokenFile: operator.file,
    /** The password of the shells' /_platform and /metrics, and its file (null when it came from DASHBOARD_TOKEN). */
    dashboardToken: dashboard.token,
    dashboardTokenFile: dashboard.file,
    /** Stops one service (e.g. to test failure isolation). @param {string} name */
    async stopService(name) {
      await services.get(name)?.stop();
    },
    /** @param {string} name */
    async startService(name) {
      await services.get(name)?.start();
    },
    async stop() {
      for (const service of [...services.values()].reverse()) await service.stop();
    },
  };
}

module.exports = { startPlatform, deployBuiltRemotes, operatorTokenFor, DEFAULT_PORTS };
