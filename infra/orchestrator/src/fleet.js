// @ts-check
'use strict';
// The production topology on one machine: N replicas of every service as separate processes on free ports, one
// PostgreSQL database made for the run (dropped at the end), one shared data folder (published remote builds,
// uploads) and a private data folder per replica, Debian's nginx in front rendered from the project's template.
// Drills restart replicas (SIGTERM, wait, start, wait for /ready), one of a kind at a time, or kill one (SIGKILL) and
// start it again.
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Client } = require('pg');
const { buildWhatIsMissing, repoRoot } = require('./builds');
const { startFleetNginx } = require('./fleet-nginx');
const { deployBuiltRemotes } = require('./platform');
const { Service, freePort, reservePort } = require('./services');

/** @typedef {'content-api' | 'registry' | 'remote-host' | 'shell'} ServiceKind */
/** The order replicas start in: what each kind needs is up before it. */
const KINDS = /** @type {const} */ (['content-api', 'registry', 'remote-host', 'shell']);

/**
 * @typedef {object} FleetOptions
 * @property {Partial<Record<ServiceKind, number>>} [replicas]  default 2 of each
 * @property {string} [adminDatabaseUrl]  a database to create the run's database from (default the local `postgres`)
 * @property {NodeJS.ProcessEnv} [env]    extra environment for every replica
 * @property {(line: string) => void} [log]
 * @property {boolean} [build]            build what is missing first (default true)
 */

/**
 * @typedef {object} Replica
 * @property {ServiceKind} kind
 * @property {number} index
 * @property {string} name     e.g. `shell-1`
 * @property {string} url      its own origin (not through nginx)
 * @property {string} dataDir  its private data folder
 * @property {Service} service
 */

/** @param {string} url @param {string} database */
function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** @param {string} adminUrl @param {string} sql */
async function adminQuery(adminUrl, sql) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** @param {number} bytes */
const secret = (bytes = 24) => crypto.randomBytes(bytes).toString('base64url');

/**
 * Starts the fleet; `stop()` ends every process, drops the database and removes the folders.
 * @param {FleetOptions} [options]
 */
async function startFleet(options = {}) {
  const log = options.log ?? ((line) => console.log(line));
  /** @type {Record<ServiceKind, number>} */
  const counts = { 'content-api': 2, registry: 2, 'remote-host': 2, shell: 2, ...options.replicas };
  if (options.build !== false) await buildWhatIsMissing({ log });
  const adminUrl = options.adminDatabaseUrl ?? process.env.FLEET_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `fleet_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = withDatabase(adminUrl, database);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'site-fleet-'));
  const sharedDataDir = path.join(root, 'shared');
  const logDir = path.join(root, 'logs');
  fs.mkdirSync(sharedDataDir, { recursive: true });
  fs.mkdirSync(logDir, { recursive: true });
  await adminQuery(adminUrl, `CREATE DATABASE ${database}`);

  const tokens = {
    admin: options.env?.CONTENT_ADMIN_TOKEN ?? secret(),
    operator: options.env?.OPERATOR_TOKEN ?? secret(),
    fleet: options.env?.FLEET_TOKEN ?? secret(),
    dashboard: options.env?.DASHBOARD_TOKEN ?? secret(),
  };
  /** @type {Replica[]} */
  const replicas = [];
  // A runner that ends without stop() (an uncaught error) takes its replicas with it.
  const killAll = () => {
    for (const replica of replicas) replica.service.child?.kill('SIGKILL');
    nginx?.kill();
  };
  process.once('exit', killAll);
  /** @type {Awaited<ReturnType<typeof startFleetNginx>> | null} */
  let nginx = null;
  /** Lets go the ports of replicas that never started (a start-up that failed). */
  let releaseUnstarted = async () => {};
  const cleanUp = async () => {
    process.removeListener('exit', killAll);
    await releaseUnstarted();
    await Promise.all(replicas.map((replica) => replica.service.stop()));
    await nginx?.stop();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch((error) => log(`could not drop ${database}: ${error.message}`));
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    const host = '127.0.0.1';
    // Each replica's port is held from now until it starts (the shells' come a minute later in a slow run).
    /** @type {Record<ServiceKind, import('./services').PortReservation[]>} */
    const reserved = { 'content-api': [], registry: [], 'remote-host': [], shell: [] };
    for (const kind of KINDS) for (let i = 0; i < counts[kind]; i += 1) reserved[kind].push(await reservePort());
    const held = Object.values(reserved).flat();
    releaseUnstarted = async () => {
      await Promise.all(held.map((reservation) => reservation.release()));
    };
    const addresses = (/** @type {ServiceKind} */ kind) => reserved[kind].map(({ port }) => `${host}:${port}`);
    nginx = await startFleetNginx({
      port: await freePort(),
      shells: addresses('shell'),
      remoteHosts: addresses('remote-host'),
      contentApis: { port: await freePort(), addresses: addresses('content-api') },
      registries: { port: await freePort(), addresses: addresses('registry') },
    });
    const common = {
      HOST: host,
      SHARED_DATA_DIR: sharedDataDir,
      LOG_LEVEL: 'warn',
      CAPTCHA_DISABLED: 'true',
      ...options.env,
    };
    const server = {
      ...common,
      DATABASE_URL: databaseUrl,
      CONTENT_ADMIN_TOKEN: tokens.admin,
      OPERATOR_TOKEN: tokens.operator,
      FLEET_TOKEN: tokens.fleet,
      REMOTES_PUBLIC_URL: `${nginx.url}/remotes/`,
    };
    const node = process.execPath;
    const registryCli = path.join(repoRoot, 'infra/registry/bin/site-remotes.js');
    /** @type {Record<ServiceKind, { args: string[], env: NodeJS.ProcessEnv }>} */
    const specs = {
      'content-api': { args: [path.join(repoRoot, 'infra/content-api/dist/main.js')], env: server },
      registry: { args: [registryCli, 'serve-registry'], env: server },
      'remote-host': { args: [registryCli, 'serve-static'], env: common },
      shell: {
        args: [path.join(repoRoot, 'shell/dist/server/main.js')],
        env: {
          ...common,
          CONTENT_API_URL: nginx.contentApiUrl,
          REGISTRY_URL: `${nginx.registryUrl}/registry.json`,
          FLEET_TOKEN: tokens.fleet,
          DASHBOARD_TOKEN_SHA256: crypto.createHash('sha256').update(tokens.dashboard).digest('hex'),
        },
      },
    };
    for (const kind of KINDS) {
      reserved[kind].forEach((reservation, index) => {
        const { port } = reservation;
        const name = `${kind}-${index + 1}`;
        const dataDir = path.join(root, 'replicas', name);
        fs.mkdirSync(dataDir, { recursive: true });
        const url = `http://${host}:${port}`;
        const spec = specs[kind];
        const service = new Service(
          { name, command: node, args: spec.args, cwd: repoRoot, env: { ...spec.env, DATA_DIR: dataDir, PORT: String(port) }, healthUrl: `${url}/ready` },
          { log, logFile: path.join(logDir, `${name}.log`), reserved: reservation },
        );
        replicas.push({ kind, index, name, url, dataDir, service });
      });
    }
    const ofKind = (/** @type {ServiceKind} */ kind) => replicas.filter((replica) => replica.kind === kind);
    const startAll = (/** @type {Replica[]} */ some) => Promise.all(some.map((replica) => replica.service.start(120_000)));
    // The remote hosts only serve the shared folder: they start beside the content APIs, whose first migrates the
    // database alone (its sibling starts once that is done). The built remotes are then published, as the publisher
    // does on a fresh installation, and the registries start; the shells, which need all of them, start last. A
    // registry is not started while a content API starts: in two of three drills that overlapped, a registry did not
    // get ready within two minutes.
    const [firstApi, ...otherApis] = ofKind('content-api');
    await Promise.all([
      (async () => {
        await firstApi?.service.start(120_000);
        await startAll(otherApis);
      })(),
      startAll(ofKind('remote-host')),
    ]);
    await deployBuiltRemotes(path.join(root, 'publisher'), log, { ...server, DATA_DIR: path.join(root, 'publisher') });
    await startAll(ofKind('registry'));
    await startAll(ofKind('shell'));
    log(`fleet up: ${KINDS.map((kind) => `${counts[kind]} ${kind}`).join(', ')} on database ${database}, nginx ${nginx.url}`);
  } catch (error) {
    await cleanUp();
    throw error;
  }
  const running = nginx;

  /** @param {ServiceKind} kind @param {number} index */
  const replicaOf = (kind, index) => {
    const replica = replicas.find((candidate) => candidate.kind === kind && candidate.index === index);
    if (!replica) throw new Error(`no replica ${kind} #${index}`);
    return replica;
  };

  return {
    /** The public origin (nginx). */
    url: running.url,
    /** The internal balancers the shells use. */
    contentApiUrl: running.contentApiUrl,
    registryUrl: running.registryUrl,
    database,
    databaseUrl,
    sharedDataDir,
    logDir,
    replicas,
    tokens,
    /** @param {ServiceKind} kind */
    replicasOf: (kind) => replicas.filter((replica) => replica.kind === kind),
    /** SIGTERM, wait for the exit, start again and wait for /ready. @param {ServiceKind} kind @param {number} index */
    async restart(kind, index) {
      const { service } = replicaOf(kind, index);
      await service.stop(60_000);
      await service.start(120_000);
    },
    /** SIGKILL, then start again and wait for /ready (`downMs` after the kill). @param {ServiceKind} kind @param {number} index @param {number} [downMs] */
    async kill(kind, index, downMs = 0) {
      const { service } = replicaOf(kind, index);
      service.child?.kill('SIGKILL');
      await service.exited;
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await service.start(120_000);
    },
    /**
     * A rolling update of every replica: each kind restarts its replicas one at a time (the other replica of that kind
     * serves meanwhile). The remote hosts roll beside the content APIs, as independent Deployments do; the registries
     * roll after them (see the start-up above) and the shells last, since a starting shell loads every remote through
     * the registries and remote hosts. `onStart` and `onDone` are told when each replica's restart begins and ends.
     * @param {{ onStart?: (replica: Replica) => void, onDone?: (replica: Replica) => void }} [hooks]
     */
    async rollingRestart(hooks = {}) {
      const roll = async (/** @type {ServiceKind} */ kind) => {
        for (const replica of replicas.filter((candidate) => candidate.kind === kind)) {
          hooks.onStart?.(replica);
          await this.restart(kind, replica.index);
          hooks.onDone?.(replica);
        }
      };
      await Promise.all([roll('content-api'), roll('remote-host')]);
      await roll('registry');
      await roll('shell');
    },
    stop: cleanUp,
  };
}

module.exports = { startFleet, KINDS };
